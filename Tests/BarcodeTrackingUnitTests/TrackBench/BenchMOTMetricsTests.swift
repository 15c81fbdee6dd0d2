import BarcodeTracking
import Testing
@testable import TrackBench

/// IDF1, ID switches and MOTA on hand-made sequences with known answers.
struct BenchMOTMetricsTests {
    typealias Boxes = [[(id: Int, box: Rect)]]

    /// Two objects side by side for `frames` frames, moving right 5 px a frame.
    static func truth(frames: Int) -> Boxes {
        (0..<frames).map { f in
            [(1, Rect(x: 10 + Double(f) * 5, y: 10, width: 40, height: 40)),
             (2, Rect(x: 200 + Double(f) * 5, y: 10, width: 40, height: 40))]
        }
    }

    @Test("a perfect tracker scores IDF1 1, no switches, MOTA 1")
    func perfect() {
        let truth = Self.truth(frames: 10)
        let reported = truth.map { frame in frame.map { (id: $0.id + 100, box: $0.box) } }
        let m = BenchMOTMetrics(truth: truth, reported: reported)
        #expect(m.idf1 == 1)
        #expect(m.idSwitches == 0)
        #expect(m.matches == 20)
        #expect(m.mota == 1)
    }

    @Test("a tracker that swaps its two ids halfway has 2 switches and IDF1 0.5")
    func swapHalfway() {
        let truth = Self.truth(frames: 10)
        let reported: Boxes = truth.enumerated().map { index, frame in
            frame.map { object in
                let id = index < 5 ? object.id : 3 - object.id
                return (id: id, box: object.box)
            }
        }
        let m = BenchMOTMetrics(truth: truth, reported: reported)
        #expect(m.idSwitches == 2)
        // Best identity matching keeps 5 of 10 frames for each object: IDTP 10 of 20 + 20 boxes.
        #expect(m.idTruePositives == 10)
        #expect(abs(m.idf1 - 0.5) < 1e-12)
        #expect(abs(m.mota - (1 - 2.0 / 20)) < 1e-12)
    }

    @Test("a new id for the same object after a gap is one switch; boxes with IoU below 0.5 do not match")
    func fragmentAndMisplaced() {
        let truth = Self.truth(frames: 6)
        var reported: Boxes = []
        for (index, frame) in truth.enumerated() {
            var boxes: [(id: Int, box: Rect)] = []
            // Object 1: id 7 for frames 0-2, missing in frame 3, id 8 for frames 4-5.
            if index < 3 { boxes.append((7, frame[0].box)) } else if index > 3 { boxes.append((8, frame[0].box)) }
            // Object 2: always reported 30 px off (IoU 10·40 / (2·1600 − 400) = 1/7), never matched.
            var off = frame[1].box
            off.x += 30
            boxes.append((9, off))
            reported.append(boxes)
        }
        let m = BenchMOTMetrics(truth: truth, reported: reported)
        #expect(m.idSwitches == 1)
        #expect(m.matches == 5)
        #expect(m.misses == 7)
        #expect(m.falsePositives == 6)
        // IDTP: id 7 ↔ object 1 for 3 frames; 12 truth + 11 reported boxes.
        #expect(m.idTruePositives == 3)
        #expect(abs(m.idf1 - 6.0 / 23) < 1e-12)
    }

    @Test("empty sequences score IDF1 1 and nothing else")
    func empty() {
        let m = BenchMOTMetrics(truth: [[], []], reported: [[], []])
        #expect(m.idf1 == 1)
        #expect(m.truthCount == 0 && m.reportedCount == 0 && m.idSwitches == 0)
    }
}

/// The assignment solver the metrics rely on.
struct BenchAssignmentTests {
    @Test("the solver finds the minimum-cost assignment and skips forbidden pairs")
    func minimumCost() {
        let costs: [[Double]] = [[4, 1, 3], [2, 0, 5], [3, 2, 2]]
        let pairs = BenchAssignment.solve(costs)
        #expect(pairs.map(\.column) == [1, 0, 2])  // 1 + 2 + 2 = 5 is the minimum
        let rectangular: [[Double]] = [[.infinity, 1], [2, .infinity], [0.5, .infinity]]
        let chosen = BenchAssignment.solve(rectangular)
        #expect(chosen.count == 2)
        #expect(chosen.contains { $0.row == 0 && $0.column == 1 })
        #expect(chosen.contains { $0.row == 2 && $0.column == 0 })
    }
}
