import Foundation

/// The least or most each figure of a bench run may be (`track bench --check FILE`), so that a
/// regression fails loudly instead of waiting to be noticed in a table.
///
/// A threshold names a sequence (`*` for every sequence of the run) and a figure: a dotted path
/// into the sequence's result as `--json` writes it (`engine.accuracy.recall`,
/// `engine.mot.idSwitches`, `engineCoverageOfBaseline`), or a figure derived from it:
/// `cpuSaving` (the baseline's CPU per frame over the engine's, both measured in the same run),
/// `lagMean` and `lagMax` (frames from the baseline's first run of reads of a code to the engine's
/// first decode of it; early counts as 0; 0 when the baseline read no code in such a run). A sequence the run did not include is not
/// checked; a figure the run did not measure fails.
package struct BenchThresholds: Decodable, Sendable {
    /// One bound on one figure.
    package struct Threshold: Decodable, Sendable {
        /// The sequence's name, or `*` for every sequence.
        package var sequence: String
        /// The figure's path or derived name (see ``BenchThresholds``).
        package var figure: String
        /// The least the figure may be.
        package var atLeast: Double?
        /// The most the figure may be.
        package var atMost: Double?
    }

    /// What one threshold found in one sequence.
    package struct Verdict: Sendable {
        package var sequence: String
        package var threshold: Threshold
        /// The figure, `nil` when the run has no such figure.
        package var value: Double?

        /// Whether the figure is within its bounds.
        package var passed: Bool {
            guard let value else { return false }
            return threshold.atLeast.map { value >= $0 } ?? true && threshold.atMost.map { value <= $0 } ?? true
        }
    }

    package var thresholds: [Threshold]

    /// The thresholds in the JSON file at `path` (`{"thresholds": [{"sequence", "figure", "atLeast"|"atMost"}]}`).
    package static func load(_ path: String) throws -> BenchThresholds {
        let thresholds = try JSONDecoder().decode(BenchThresholds.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        for t in thresholds.thresholds where t.atLeast == nil && t.atMost == nil {
            throw CocoaError(
                .coderReadCorrupt,
                userInfo: [NSLocalizedDescriptionKey: "the threshold on \(t.figure) of \(t.sequence) has neither atLeast nor atMost"])
        }
        return thresholds
    }

    /// Each threshold checked against each sequence of `report` it names.
    package func check(_ report: BenchReport) throws -> [Verdict] {
        let json = try JSONSerialization.jsonObject(with: BenchTable.json(report)) as? [String: Any]
        let sequences = (json?["sequences"] as? [[String: Any]]) ?? []
        var verdicts: [Verdict] = []
        for threshold in thresholds {
            for sequence in sequences {
                guard let name = sequence["name"] as? String, threshold.sequence == "*" || threshold.sequence == name else { continue }
                verdicts.append(Verdict(sequence: name, threshold: threshold, value: Self.figure(threshold.figure, of: sequence)))
            }
        }
        return verdicts
    }

    /// The figure named `name` of one sequence's JSON result.
    static func figure(_ name: String, of sequence: [String: Any]) -> Double? {
        func number(_ path: String) -> Double? {
            var node: Any? = sequence
            for key in path.split(separator: ".") { node = (node as? [String: Any])?[String(key)] }
            return (node as? NSNumber)?.doubleValue
        }
        let lag = (sequence["decodeLagBehindBaseline"] as? [NSNumber])?.map(\.intValue) ?? []
        switch name {
        case "cpuSaving":
            guard let engine = number("engine.cpuPerFrame"), let baseline = number("baseline.cpuPerFrame"), engine > 0 else { return nil }
            return baseline / engine
        // No code the baseline read in a run of frames: nothing the engine could be late for.
        case "lagMean": return lag.isEmpty ? 0 : Double(lag.map { max(0, $0) }.reduce(0, +)) / Double(lag.count)
        case "lagMax": return Double(max(0, lag.max() ?? 0))
        default: return number(name)
        }
    }

    /// The verdicts out of bounds, a line each, after a line with the counts.
    package static func table(_ verdicts: [Verdict]) -> String {
        let failed = verdicts.filter { !$0.passed }
        var lines = ["Thresholds (track bench --check): \(verdicts.count - failed.count) of \(verdicts.count) within bounds"]
        for v in failed {
            let bound = [v.threshold.atLeast.map { "at least \($0)" }, v.threshold.atMost.map { "at most \($0)" }].compactMap { $0 }
                .joined(separator: ", ")
            let value = v.value.map { String(format: "%.4g", $0) } ?? "not measured"
            lines.append("FAIL \(v.sequence)  \(v.threshold.figure) = \(value), must be \(bound)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
