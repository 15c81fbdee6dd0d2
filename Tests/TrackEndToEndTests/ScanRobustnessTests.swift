import Foundation
import TestSupport
import Testing

/// `track scan` on inputs that used to crash it or hold back what it had found (issue 13, point 1).
struct ScanRobustnessTests {
    let qr = SharedData.samples.appendingPathComponent("qrcode-2/1.png").path

    /// A white binary PGM of `width` × `height` pixels.
    static func whitePGM(width: Int, height: Int, at url: URL) throws {
        var data = Data("P5\n\(width) \(height)\n255\n".utf8)
        data.append(Data(repeating: 255, count: width * height))
        try data.write(to: url)
    }

    @Test("Very wide, very low images are scanned without crashing and the earlier results are kept", .needsSharedData)
    func wideImages() throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var files = [qr]
        for (width, height) in [(1000, 1), (1200, 1), (2000, 2), (1, 1000)] {
            let url = dir.appendingPathComponent("white-\(width)x\(height).pgm")
            try Self.whitePGM(width: width, height: height, at: url)
            files.append(url.path)
        }
        let run = try TrackProcess.run(["scan", "--format", "jsonl"] + files)
        #expect(run.status == 0, "\(run.status) \(run.stderr)")
        #expect(run.lines.count == files.count)
        let first = try jsonObject(try #require(run.lines.first))
        #expect((first["codes"] as? [Any])?.count == 1)
    }

    @Test("Each file's result is written as soon as it is scanned, not when the last file is done")
    func flushesPerFile() throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Noise keeps the thorough search busy for a while (over a second per file in debug).
        let noise = dir.appendingPathComponent("noise.pgm")
        var data = Data("P5\n3000 3000\n255\n".utf8)
        var state: UInt32 = 1
        data.append(contentsOf: (0..<3000 * 3000).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        })
        try data.write(to: noise)
        // Killed as soon as the first line is in: it got here only if it was flushed
        // before the noise files were scanned; unflushed, it would come at the normal exit.
        let run = try TrackProcess.signal(["scan", "--format", "jsonl", qr, noise.path, noise.path, noise.path], SIGKILL)
        #expect(run.reason == .uncaughtSignal, "the first file's result only came out when track exited")
        #expect(try jsonObject(run.lines.first ?? "")["file"] as? String == qr)
    }
}

extension ScanRobustnessTests {
    @Test("scan exits 5 when its results cannot be written")
    func unwritableStandardOutput() throws {
        let process = Process()
        process.executableURL = TrackProcess.executable
        process.arguments = ["scan", "--format", "jsonl", qr]
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        process.standardOutput = FileHandle(fileDescriptor: full, closeOnDealloc: true)
        let err = Pipe()
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 5, "\(message)")
        #expect(message.contains("cannot write"))
    }
}
