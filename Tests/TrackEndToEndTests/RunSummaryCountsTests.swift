import Foundation
import TestSupport
import Testing

/// The summary agrees with the lines before it (issue 13, points 6 and 7).
struct RunSummaryCountsTests {
    static let microQR = SharedData.video.appendingPathComponent("boofcv-microqr.mp4")
        .standardizedFileURL.path

    @Test("The summary lists exactly the codes the recognized events announced, under their ids", .needsSharedData)
    func summaryIDsMatchAnnouncements() throws {
        let run = try TrackProcess.run(["--input", Self.microQR, "--format", "jsonl"])
        #expect(run.status == 0, "\(run.stderr)")
        let objects = try run.lines.map(jsonObject)
        let announced = objects.filter { $0["type"] as? String == "recognized" }
            .map { "\($0["id"] as? Int ?? -1) \($0["data"] as? String ?? "")" }
        let summary = try #require(objects.last)
        let listed = ((summary["codes"] as? [[String: Any]]) ?? []).map { "\($0["id"] as? Int ?? -1) \($0["data"] as? String ?? "")" }
        #expect(!announced.isEmpty)
        #expect(listed == announced)
    }
}

extension RunSummaryCountsTests {
    /// Frame lines, the summary's frame count and its reason.
    static func counts(_ arguments: [String]) throws -> (lines: Int, frames: Int?, reason: String?) {
        let run = try TrackProcess.run(arguments + ["--format", "jsonl"])
        let objects = try run.lines.map(jsonObject)
        let summary = objects.last
        return (objects.filter { $0["type"] as? String == "frame" }.count, summary?["frames"] as? Int, summary?["reason"] as? String)
    }

    @Test("--frames N processes exactly N frames and ends with end-of-input, every time", .needsSharedData,
          arguments: [["--demo", "--size", "640x360"], ["--input", microQR]])
    func frameLimitIsExact(input: [String]) throws {
        for _ in 0..<3 {
            let result = try Self.counts(input + ["--frames", "5"])
            #expect(result.lines == 5 && result.frames == 5 && result.reason == "end-of-input", "\(result)")
        }
    }

    @Test("--duration 1 on a 30 fps file processes exactly its first 30 frames", .needsSharedData)
    func durationLimitIsExact() throws {
        let result = try Self.counts(["--input", Self.microQR, "--duration", "1"])
        #expect(result.lines == 30 && result.frames == 30 && result.reason == "end-of-input", "\(result)")
    }
}
