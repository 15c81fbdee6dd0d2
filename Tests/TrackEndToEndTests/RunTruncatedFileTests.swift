import TestSupport
import Foundation
import Testing

/// A file cut short is reported as such, not as a clean end of input (issue 13, point 8).
struct RunTruncatedFileTests {
    @Test("A truncated Matroska file delivers its codes and warns that the file was cut")
    func truncatedMatroska() throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let made = try TrackProcess.run(["--demo", "--size", "640x360", "--frames", "60", "--record", "full.mkv"], in: dir)
        #expect(made.status == 0, "\(made.stderr)")
        let full = try Data(contentsOf: dir.appendingPathComponent("full.mkv"))
        try full.prefix(full.count / 2).write(to: dir.appendingPathComponent("half.mkv"))

        let clean = try TrackProcess.run(["--input", "full.mkv", "--format", "jsonl"], in: dir)
        #expect(clean.status == 0)
        #expect(!clean.stderr.contains("cut short"), "\(clean.stderr)")

        let cut = try TrackProcess.run(["--input", "half.mkv", "--format", "jsonl"], in: dir)
        #expect(cut.status == 0)
        #expect(cut.stderr.contains("half.mkv") && cut.stderr.contains("cut short"), "\(cut.stderr)")
        let summary = try jsonObject(try #require(cut.lines.last))
        #expect((summary["codes"] as? [Any])?.count == 3)
        #expect((summary["frames"] as? Int ?? 60) < 60)
    }
}
