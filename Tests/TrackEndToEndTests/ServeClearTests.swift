import Foundation
import TestSupport
import Testing

/// Clear in the live view, end to end: what the `jsonl` output says about it, and that the summary agrees.
struct ServeClearTests {
    @Test(
        "After POST /clear the output has a cleared line, and the summary lists exactly the codes announced after it, first seen no earlier, counting the clear",
        .timeLimit(.minutes(3)))
    func summaryAgreesWithEventsAfterClear() throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("c.jsonl")
        let track = try ServingTrack(
            [
                "--demo", "--realtime", "--frames", "300", "--format", "jsonl", "--output", output.path,
                "--serve", "127.0.0.1:0",
            ], directory: directory)
        // Once the three codes were announced, the operator presses Clear.
        let recognized = Array(#""type":"recognized""#.utf8)
        let seen = try LoopbackHTTP.request("GET", "/events", port: track.port, readFor: 60) { bytes in
            bytes.indices.dropLast(recognized.count).lazy.filter { bytes[$0..<$0 + recognized.count].elementsEqual(recognized) }.count >= 3
        }
        #expect(seen.events.filter { $0["type"] as? String == "recognized" }.count == 3)
        #expect(try LoopbackHTTP.request("POST", "/clear", port: track.port).status == 200)
        #expect(track.waitForExit() == 0)

        let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map { try jsonObject(String($0)) }
        let clearedAt = try #require(lines.firstIndex { $0["type"] as? String == "cleared" }, "the output says where the clear took effect")
        let cleared = lines[clearedAt]
        let before = lines[..<clearedAt].filter { $0["type"] as? String == "recognized" }
        let after = lines[clearedAt...].filter { $0["type"] as? String == "recognized" }
        #expect(before.count == 3 && cleared["codes"] as? Int == 3, "\(cleared)")
        #expect(after.count == 3, "the codes still in view are announced again")
        let summary = try #require(lines.last)
        #expect(summary["type"] as? String == "summary")
        let codes = try #require(summary["codes"] as? [[String: Any]])
        #expect(codes.map { $0["id"] as? Int } == after.map { $0["id"] as? Int }, "the summary lists the codes announced since the clear")
        let clearTime = try #require(cleared["time"] as? Double)
        #expect(codes.allSatisfy { ($0["first"] as? Double ?? -1) >= clearTime }, "first seen since the clear: \(codes) vs \(clearTime)")
        #expect(summary["clears"] as? Int == 1 && summary["clearedCodes"] as? Int == 3, "\(summary)")
    }
}
