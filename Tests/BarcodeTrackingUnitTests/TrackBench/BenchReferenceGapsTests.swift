import BarcodeTracking
import Testing
@testable import TrackBench

/// Codes unread between two reads of a decode reference: don't-care boxes, left out of MOT scoring.
struct BenchReferenceGapsTests {
    /// Code 1 read at x 0 in frame 1 and at x 30 in frame 4, not in frames 2 and 3; code 2 read
    /// in frame 1 only (no later read, so no gap); a 20x20 square each, frame pixels.
    static let truth: [[BenchTruthObject]] = [
        [BenchTruthObject(id: 1, payload: "A", location: BenchFixtures.square(x: 0), fullyVisible: true),
         BenchTruthObject(id: 2, payload: "B", location: BenchFixtures.square(x: 200), fullyVisible: true)],
        [], [],
        [BenchTruthObject(id: 1, payload: "A", location: BenchFixtures.square(x: 30), fullyVisible: true)],
    ]

    @Test("a code unread between two reads gets boxes interpolated by frame there, and nowhere else")
    func interpolated() {
        let gaps = BenchReferenceGaps.bridged(Self.truth)
        #expect(gaps.count == 4)
        #expect(gaps[0].isEmpty && gaps[3].isEmpty)
        #expect(gaps[1] == [Rect(x: 10, y: 0, width: 20, height: 20)])
        #expect(gaps[2] == [Rect(x: 20, y: 0, width: 20, height: 20)])
    }

    @Test("a tracker box over a gap is neither a match nor a false positive; a box on nothing is false")
    func dontCare() {
        let followed: [[BenchReportedTrack]] = [
            [BenchFixtures.track(7, "A", x: 0)], [BenchFixtures.track(7, "A", x: 10)],
            [BenchFixtures.track(7, "A", x: 20), BenchFixtures.track(8, "C", x: 400)], [BenchFixtures.track(7, "A", x: 30)],
        ]
        let sequence = BenchSequence(truth: Self.truth, reported: followed, ignored: BenchReferenceGaps.bridged(Self.truth))
        #expect(sequence.reportedBoxes.map(\.count) == [1, 0, 1, 1])
        let scored = BenchMOTMetrics(truth: sequence.truthBoxes, reported: sequence.reportedBoxes)
        #expect(scored.matches == 2)
        #expect(scored.falsePositives == 1)  // the box at x 400, in a frame with a gap elsewhere
        #expect(scored.misses == 1)  // code 2, never reported
        // Without the gaps, following code 1 through frames 2 and 3 would count twice as false.
        let strict = BenchSequence(truth: Self.truth, reported: followed)
        #expect(BenchMOTMetrics(truth: strict.truthBoxes, reported: strict.reportedBoxes).falsePositives == 3)
    }

    @Test("a box over a gap that also lies on a read code still counts")
    func overlapWithRead() {
        // Code 3 is read in frame 2 where code 1's gap box lies: a box there is scored, not ignored.
        var truth = Self.truth
        truth[1] = [BenchTruthObject(id: 3, payload: "C", location: BenchFixtures.square(x: 10), fullyVisible: true)]
        let reported: [[BenchReportedTrack]] = [[], [BenchFixtures.track(9, "C", x: 10)], [], []]
        let sequence = BenchSequence(truth: truth, reported: reported, ignored: BenchReferenceGaps.bridged(truth))
        #expect(sequence.reportedBoxes[1].map(\.id) == [9])
    }
}
