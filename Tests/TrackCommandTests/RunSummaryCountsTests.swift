import Foundation
import Testing

/// The summary agrees with the lines before it (issue 13, points 6 and 7).
struct RunSummaryCountsTests {
    static let microQR = TrackProcess.packageRoot.appendingPathComponent("../shared/data/video/boofcv-microqr.mp4")
        .standardizedFileURL.path

    @Test("The summary lists exactly the codes the recognized events announced, under their ids")
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
