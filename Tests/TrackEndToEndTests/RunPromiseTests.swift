import Foundation
import TestSupport
import Testing

/// The promises of docs/promises.md that no other end-to-end test checks on its own.
struct RunPromiseTests {
    private func object(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test("SIGTERM stops the run with exit 143, the codes found so far and the summary last, once")
    func terminate() throws {
        let run = try TrackProcess.signal(["--demo", "--frames", "100000", "--format", "jsonl"], SIGTERM)
        #expect(run.reason == .exit && run.status == 143)
        let objects = try run.lines.map(object)
        let summaries = objects.indices.filter { objects[$0]["type"] as? String == "summary" }
        #expect(summaries == [objects.count - 1], "exactly one summary, the last line")
        let summary = try #require(objects.last)
        #expect(summary["reason"] as? String == "stopped")
        let announced = objects.filter { $0["type"] as? String == "recognized" }.compactMap { $0["id"] as? Int }
        let listed = (summary["codes"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
        #expect(listed == announced, "the summary lists exactly the announced codes")
    }
}
