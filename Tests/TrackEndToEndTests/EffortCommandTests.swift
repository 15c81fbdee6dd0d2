import Foundation
import Testing
import TestSupport

/// `track --effort` end to end.
struct EffortCommandTests {
    @Test("Every effort finds the demo's three labels")
    func everyEffortFindsTheDemo() throws {
        for effort in ["fast", "balanced", "thorough"] {
            let run = try TrackProcess.run(["--demo", "--frames", "30", "--effort", effort, "--format", "jsonl"])
            #expect(run.status == 0, "\(effort): \(run.stderr)")
            let summary = try jsonObject(run.lines.last ?? "")
            #expect((summary["codes"] as? [Any])?.count == 3, "\(effort)")
        }
    }
}
