import Foundation
import TestSupport
import Testing

/// Inputs at the edges (issue 13, point 9): pictures at the pixel limit, file names that are not
/// UTF-8, sequence patterns that match nothing, forged sizes. Each is read, or refused with exit 2
/// and a message naming the file and what to do; none is skipped silently.
struct RunInputEdgeTests {
    /// The last line of standard output, parsed (the summary with `--format jsonl`).
    private func summary(_ run: TrackProcess.Outcome) throws -> [String: Any] {
        let last = try #require(run.lines.last)
        return try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
    }

    @Test("A 99.6-megapixel PNG is read as one frame by --input and scanned by track scan (was: 0 frames, exit 1, no word; scan: get_buffer() failed)")
    func pictureNearTheLimitIsRead() throws {
        // 10000 columns are 10048 once libavcodec aligns them: 10048 x 9960 is over 100 megapixels.
        try TemporaryFiles.withFile(UniformImages.png(width: 10_000, height: 9_960, grey: 230), named: "big.png") { path in
            // About 12 s of CPU in a debug build (the engine searches 100 megapixels); a loaded VM stretches it.
            let run = try TrackProcess.run(["--input", path, "--format", "jsonl"], timeout: 900)
            #expect(run.status == 1, "a blank picture holds no code: \(run.stderr)")
            let summary = try summary(run)
            #expect(summary["frames"] as? Int == 1)
            #expect(summary["skipped"] as? Int == 0)
            #expect(summary["reason"] as? String == "end-of-input")
            #expect(!run.stderr.contains("skipped"), "\(run.stderr)")

            let scan = try TrackProcess.run(["scan", path], timeout: 900)
            #expect(scan.status == 1, "\(scan.stdout)\(scan.stderr)")
            #expect(scan.stdout.contains("big.png: no barcode found"), "\(scan.stdout)")
        }
    }

    @Test("A picture over the limit exits 2 naming the file, its size, the limit and what to do; its summary says failed")
    func pictureOverTheLimitIsRefused() throws {
        try TemporaryFiles.withFile(UniformImages.png(width: 10_001, height: 10_000, grey: 230), named: "over.png") { path in
            let run = try TrackProcess.run(["--input", path, "--format", "jsonl"])
            #expect(run.status == 2)
            for words in [path, "10001x10000 (100,010,000 pixels)", "limit of 100,000,000 pixels", "scale it down"] {
                #expect(run.stderr.contains(words), "\(words): \(run.stderr)")
            }
            let summary = try summary(run)
            #expect(summary["reason"] as? String == "failed")
            #expect((summary["error"] as? String)?.contains("10001x10000") == true)
            let scan = try TrackProcess.run(["scan", path])
            #expect(scan.status == 2)
            #expect(scan.stdout.contains("10001x10000 (100,010,000 pixels)"), "\(scan.stdout)")
        }
    }

    @Test("A forged 3808428567x382 PNG is reported with that size, never a negative one")
    func forgedSizeIsNotNegative() throws {
        var png = UniformImages.png(width: 4, height: 382, grey: 0)
        png.replaceSubrange(16..<20, with: [0xE3, 0x00, 0x02, 0x17])  // 3808428567: int32 -486538729
        try TemporaryFiles.withFile(png, named: "forged.png") { path in
            let scan = try TrackProcess.run(["scan", path])
            #expect(scan.status == 2)
            #expect(scan.stdout.contains("3808428567x382"), "\(scan.stdout)")
            #expect(!scan.stdout.contains("-486538729") && !scan.stdout.contains("megapixels)"), "\(scan.stdout)")
        }
    }

    @Test("Sequence patterns that match nothing exit 2 naming the pattern and what it matched", .needsSharedData, arguments: [
        ("%s.png", "exactly one number"), ("%05d.jpg", "looked for"),
    ])
    func patternMatchingNothing(pattern: String, explanation: String) throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let photo = try Data(contentsOf: SharedData.samples.appendingPathComponent("qrcode-1/1.png"))
        for n in 1...2 { try photo.write(to: directory.appendingPathComponent(String(format: "%05d.png", n))) }
        let path = directory.appendingPathComponent(pattern).path
        let run = try TrackProcess.run(["--input", path, "--format", "jsonl"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains(path) && run.stderr.contains(explanation), "\(run.stderr)")
        #expect(try summary(run)["reason"] as? String == "failed")
        // The same folder through a pattern FFmpeg expands: both frames.
        let good = try TrackProcess.run(["--input", directory.appendingPathComponent("%05d.png").path, "--format", "jsonl"])
        #expect(good.status == 0)
        #expect(try summary(good)["frames"] as? Int == 2)
    }

    @Test("A file named in Latin-1 opens with --input, --photo and track scan, and is printed as caf\\xE9.png",
          .needsSharedData)
    func nonUTF8NamesOpen() throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let photo = try Data(contentsOf: SharedData.samples.appendingPathComponent("qrcode-1/1.png"))
        let name = Array(directory.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".png".utf8)
        try RawProcess.writeFile(name, contents: Array(photo))
        let printed = directory.path + "/caf\\xE9.png"

        let scan = try RawProcess.run([Array("scan".utf8), name])
        #expect(scan.status == 0, "\(scan.stdout)\(scan.stderr)")
        #expect(scan.stdout.hasPrefix(printed + ": 1 code"), "\(scan.stdout)")
        #expect(scan.stdout.contains("qrcode"))

        let input = try RawProcess.run([Array("--input".utf8), name, Array("--format".utf8), Array("jsonl".utf8)])
        #expect(input.status == 0, "\(input.stderr)")
        #expect(input.stdout.contains("\"type\":\"recognized\""))

        let equals = try RawProcess.run([Array("--demo".utf8), Array("--photo=".utf8) + name, Array("--frames".utf8),
                                         Array("3".utf8), Array("--format".utf8), Array("jsonl".utf8)])
        #expect(equals.status == 0, "\(equals.stderr)")
        #expect(equals.stderr.contains("caf\\xE9.png"), "\(equals.stderr)")

        let missing = Array(directory.path.utf8) + Array("/gone".utf8) + [0xFF, 0x1B] + Array(".png".utf8)
        let gone = try RawProcess.run([Array("--input".utf8), missing])
        #expect(gone.status == 2)
        #expect(gone.stderr.contains(directory.path + "/gone\\xFF\\x1B.png"), "\(gone.stderr)")
        #expect(!gone.stderr.unicodeScalars.contains("\u{1B}"), "no raw escape character reaches the terminal")
    }
}

/// Runs `track` with arguments given as raw bytes (Foundation's `Process` takes only `String`s,
/// which cannot hold a file name that is not UTF-8).
enum RawProcess {
    /// Creates the file `path` (raw bytes) holding `contents`.
    static func writeFile(_ path: [UInt8], contents: [UInt8]) throws {
        let descriptor = (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
            open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        _ = contents.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// Runs the built `track` with `arguments` (give absolute paths); waits for it to end.
    static func run(_ arguments: [[UInt8]]) throws -> TrackProcess.Outcome {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("stdout").path, err = directory.appendingPathComponent("stderr").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let program = TrackProcess.executable.path
        let argv: [UnsafeMutablePointer<CChar>?] = ([Array(program.utf8)] + arguments).map { bytes in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return copy
        } + [nil]
        defer { argv.forEach { $0?.deallocate() } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(.init(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let read = { (path: String) in String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data(), as: UTF8.self) }
        // Exited normally: the status is in bits 8...15 (WEXITSTATUS); a signal shows as 128 + its number.
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return TrackProcess.Outcome(status: code, stdout: read(out), stderr: read(err))
    }
}
