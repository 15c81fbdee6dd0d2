import Foundation
import TestSupport
import Testing

/// A reader that closes its end of the pipe early (`| head -1`) ends `track` with the documented
/// exit 5 and a message, not a silent death by SIGPIPE (issue 58 item 3).
struct ClosedPipeTests {
    /// Runs `track` with its standard output on a pipe, reads one line, closes the pipe, and waits.
    static func readOneLine(_ arguments: [String]) throws -> (status: Int32, reason: Process.TerminationReason, stderr: String) {
        let process = Process()
        process.executableURL = TrackProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = SharedData.packageRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        _ = TrackProcess.firstLine(of: out)
        try out.fileHandleForReading.close()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason, String(decoding: errors, as: UTF8.self))
    }

    @Test("track scan with its output pipe closed after one line exits 5 and says why", .needsSharedData)
    func scan() throws {
        let folder = SharedData.samples.appendingPathComponent("ean13-1")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
            .map { folder.appendingPathComponent($0).path }
        let run = try Self.readOneLine(["scan"] + files)
        #expect(run.reason == .exit && run.status == 5, "\(run.reason) \(run.status) \(run.stderr)")
        #expect(run.stderr.contains("broken pipe"), "\(run.stderr)")
    }

    @Test("track --demo --format jsonl with its output pipe closed after one line exits 5 and says why")
    func demo() throws {
        let run = try Self.readOneLine(["--demo", "--format", "jsonl"])
        #expect(run.reason == .exit && run.status == 5, "\(run.reason) \(run.status) \(run.stderr)")
        #expect(run.stderr.contains("broken pipe"), "\(run.stderr)")
    }
}
