import Testing

@testable import TrackBench

/// The station bench's scoring of records against each pallet's labels, twins and all.
struct BenchStationScoreTests {
    /// Pallet 1 has twin labels of A; pallets 2 and 3 one label each; pallet 4 two.
    static let labels: [Int: [String]] = [1: ["A", "A", "B"], 2: ["C"], 3: ["D"], 4: ["E", "F"]]
    static let palletOf = ["A": 1, "B": 1, "C": 2, "D": 3, "E": 4, "F": 4]
    static let seen: [Int: (first: Double, last: Double)] = [1: (0.5, 5.2), 2: (7.1, 10.3), 3: (12.4, 15.6), 4: (17.2, 20.8)]

    func score(_ records: [[String]]) -> BenchStation.Outcome {
        let timed = records.enumerated().map { (payloads: $1, closedAt: 6 + 5 * Double($0)) }
        return BenchStation.score(
            timed, labels: Self.labels, seen: Self.seen, passed: [1, 2, 3, 4], palletOfPayload: Self.palletOf, seed: 7, seconds: 30)
    }

    @Test("A record is exact only when it holds each payload as many times as the pallet has labels of it")
    func countsTwins() {
        let right = score([["A", "B", "A"], ["C"], ["D"], ["F", "E"]])
        #expect(right.exact == 4)
        #expect(right.miscounted == 0)
        #expect(right.inexact.isEmpty)

        // Twins counted once on pallet 1, a single label counted twice on pallet 3.
        let wrong = score([["A", "B"], ["C"], ["D", "D"], ["E", "F"]])
        #expect(wrong.exact == 2)
        #expect(wrong.miscounted == 2)
        #expect(wrong.labelsMissed == 0)
        #expect(wrong.split == 0 && wrong.merged == 0 && wrong.missed == 0)
        #expect(
            wrong.inexact == [
                "seed 7 pallet 1 in view 0.5-5.2 s: 3 labels, 1 records {A B}",
                "seed 7 pallet 3 in view 12.4-15.6 s: 1 labels, 1 records {D ×2}",
            ])
    }

    @Test("Split, merged and missed pallets and unread labels are told apart from wrong counts")
    func tellsTroubleApart() {
        let outcome = score([["A", "A"], ["B"], ["C", "D"], ["E"]])
        #expect(outcome.pallets == 4)
        #expect(outcome.exact == 0)
        #expect(outcome.split == 1)  // pallet 1 in two records
        #expect(outcome.merged == 1)  // C and D in one record
        #expect(outcome.miscounted == 0)
        #expect(outcome.missed == 0)
        #expect(outcome.labelsMissed == 1)  // F
        #expect(outcome.inexact.last == "seed 7 pallet 4 in view 17.2-20.8 s: 2 labels, 1 records {E}, not read: F")
    }

    @Test("A payload is named on one line of the report: line breaks escaped, a long one cut with its length")
    func payloadsShownOnOneLine() {
        #expect(BenchStation.shown("LOT1\nLOT2\t") == "LOT1\\nLOT2\\t")
        let chapter = "THROUGH THE LOOKING-GLASS\n\n" + String(repeating: "x", count: 100)
        #expect(BenchStation.shown(chapter) == "THROUGH THE LOOKING-GLASS\\n\\n" + String(repeating: "x", count: 31) + "… (127 characters)")
    }
}
