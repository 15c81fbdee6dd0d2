import TestSupport
import Foundation
import Testing

/// Outputs that fail while `track` runs end it with exit 5, never a silent success (issue 13, point 2).
struct RunOutputFailureTests {
    /// Runs `track` through `/bin/sh` with the file-size limit at `blocks` × 512 bytes and SIGXFSZ
    /// ignored, so writes past the limit fail with EFBIG the way they fail with ENOSPC on a full disk.
    static func runLimited(_ arguments: [String], blocks: Int, in directory: URL) throws -> TrackProcess.Outcome {
        let quoted = ([TrackProcess.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try TrackProcess.launch(URL(fileURLWithPath: "/bin/sh"),
                                       ["-c", "ulimit -f \(blocks); trap '' XFSZ; exec \(quoted)"], in: directory)
    }

    /// The last line of standard error, parsed as the JSONL summary.
    static func summaryOnStandardError(_ run: TrackProcess.Outcome) throws -> [String: Any] {
        let last = try #require(run.stderr.split(separator: "\n").last.map(String.init))
        return try jsonObject(last)
    }

    @Test("An --output that refuses every write (/dev/full) exits 5 with the summary on standard error")
    func deviceFull() throws {
        // --verify 1/1: the run stops at the first failed write, after frame 1, which then holds all three codes.
        let run = try TrackProcess.run(["--demo", "--size", "640x360", "--frames", "5", "--format", "jsonl", "--output", "/dev/full",
                                        "--verify", "1/1"])
        #expect(run.status == 5, "\(run.stderr)")
        #expect(run.stderr.contains("/dev/full"))
        let summary = try Self.summaryOnStandardError(run)
        #expect(summary["type"] as? String == "summary")
        #expect((summary["codes"] as? [Any])?.count == 3)
        var info = stat()
        #expect(stat("/dev/full", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR, "/dev/full must stay a device")
    }

    @Test("A JSONL file that fills the disk mid-run exits 5 with the summary on standard error",
          .disabled(if: SanitizerRuntime.isThreadSanitizer, SanitizerRuntime.fileSizeLimitReason))
    func fullFileSystem() throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try Self.runLimited(["--demo", "--size", "640x360", "--frames", "30", "--format", "jsonl", "--output", "out.jsonl"],
                                      blocks: 8, in: dir)
        #expect(run.status == 5, "\(run.stderr)")
        #expect(run.stderr.contains("out.jsonl"))
        #expect(try Self.summaryOnStandardError(run)["type"] as? String == "summary")
    }

    @Test("An --annotate or --record video that cannot be completed exits 5",
          .disabled(if: SanitizerRuntime.isThreadSanitizer, SanitizerRuntime.fileSizeLimitReason), arguments: ["--annotate", "--record"])
    func videoFails(option: String) throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try Self.runLimited(["--demo", "--size", "640x360", "--frames", "30", "--format", "jsonl", option, "out.mkv"],
                                      blocks: 64, in: dir)
        #expect(run.status == 5, "\(run.stderr)")
        #expect(run.stderr.contains(option))
        #expect(try jsonObject(try #require(run.lines.last))["type"] as? String == "summary")
    }
}
