import Foundation
import TestSupport
import Testing

/// A still image given to `--input` has one frame, so the default `--verify 1d:2/3` is capped
/// at what it can meet, and says so (issue 58 item 5).
struct StillImageInputTests {
    @Test("track --input on a still image recognizes its 1-D code under the default --verify and says the rule was capped",
          .needsSharedData)
    func stillImageCountsItsCode() throws {
        let image = SharedData.samples.appendingPathComponent("ean13-1/1.png").path
        let run = try TrackProcess.run(["--input", image, "--format", "jsonl"])
        #expect(run.status == 0, "\(run.stderr)")
        let recognized = try run.objects(ofType: "recognized")
        #expect(recognized.map { $0["data"] as? String } == ["8413000065504"], "\(run.stdout)")
        let summary = try #require(try run.objects(ofType: "summary").first)
        #expect((summary["codes"] as? [Any])?.count == 1)
        #expect(run.stderr.contains("has 1 frame; --verify 1d:2/3,2d:1/1 becomes 1d:1/1,2d:1/1"), "\(run.stderr)")
    }

    @Test("A rule the still image already meets is left as it is, without a note", .needsSharedData)
    func firstReadRuleUnchanged() throws {
        let image = SharedData.samples.appendingPathComponent("ean13-1/1.png").path
        let run = try TrackProcess.run(["--input", image, "--format", "jsonl", "--verify", "1/1"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("--verify"), "\(run.stderr)")
    }
}
