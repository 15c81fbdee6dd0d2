import Foundation
import Testing
@testable import track

struct EffortTests {
    @Test("--effort sets how often the engine searches the whole frame: 6, 3 (default) or every frame")
    func wholeFrameIntervals() throws {
        #expect(EngineEffort.allCases.map(\.wholeFrameInterval) == [6, 3, 1])
        #expect(try Run.parse(["--demo"]).session.effort == .balanced)
        #expect(try Run.parse(["--demo", "--effort", "thorough"]).session.effort == .thorough)
    }

    @Test("Every effort finds the demo's three labels")
    func everyEffortFindsTheDemo() throws {
        for effort in EngineEffort.allCases {
            let run = try TrackProcess.run(["--demo", "--frames", "30", "--effort", effort.rawValue, "--format", "jsonl"])
            #expect(run.status == 0, "\(effort): \(run.stderr)")
            let summary = try jsonObject(run.lines.last ?? "")
            #expect((summary["codes"] as? [Any])?.count == 3, "\(effort)")
        }
    }
}
