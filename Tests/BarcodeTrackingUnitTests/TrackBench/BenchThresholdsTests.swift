import Foundation
import Testing

@testable import TrackBench

/// `track bench --check`: figures named by path or derived, and their bounds.
struct BenchThresholdsTests {
    static var sequence: [String: Any] {
        [
            "name": "clip",
            "engine": ["cpuPerFrame": 1.5, "mot": ["idSwitches": 0]],
            "baseline": ["cpuPerFrame": 3.0],
            "decodeLagBehindBaseline": [-2, 0, 3],
        ]
    }

    @Test("A figure is read by its dotted path; cpuSaving, lagMean and lagMax are derived; a missing one is nil")
    func figures() {
        #expect(BenchThresholds.figure("engine.mot.idSwitches", of: Self.sequence) == 0)
        #expect(BenchThresholds.figure("cpuSaving", of: Self.sequence) == 2)
        #expect(BenchThresholds.figure("lagMean", of: Self.sequence) == 1, "early counts as 0: (0 + 0 + 3) / 3")
        #expect(BenchThresholds.figure("lagMax", of: Self.sequence) == 3)
        #expect(BenchThresholds.figure("engine.accuracy.recall", of: Self.sequence) == nil)
        #expect(BenchThresholds.figure("lagMax", of: ["name": "none"]) == 0, "no baseline run of reads: nothing to be late for")
    }

    @Test("A verdict passes within both bounds, fails outside either, and fails when the figure was not measured")
    func verdicts() {
        func verdict(_ value: Double?, atLeast: Double? = nil, atMost: Double? = nil) -> Bool {
            BenchThresholds.Verdict(
                sequence: "clip", threshold: .init(sequence: "*", figure: "f", atLeast: atLeast, atMost: atMost), value: value
            ).passed
        }
        #expect(verdict(1, atLeast: 1) && verdict(1, atMost: 1) && verdict(0.5, atLeast: 0, atMost: 1))
        #expect(!verdict(0.99, atLeast: 1) && !verdict(1.01, atMost: 1) && !verdict(2, atLeast: 0, atMost: 1))
        #expect(!verdict(nil, atLeast: 0))
    }

    @Test("A thresholds file without a bound on a figure is refused, naming it")
    func refusesUnboundedThreshold() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("thresholds-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(#"{"thresholds": [{"sequence": "*", "figure": "lagMax"}]}"#.utf8).write(to: url)
        #expect(throws: (any Error).self) { try BenchThresholds.load(url.path) }
        do {
            _ = try BenchThresholds.load(url.path)
        } catch {
            #expect(error.localizedDescription.contains("lagMax"), "\(error.localizedDescription)")
        }
    }
}
