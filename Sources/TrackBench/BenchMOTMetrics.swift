import BarcodeTracking

/// CLEAR-MOT and identity metrics with the MOTChallenge definitions, as
/// py-motmetrics computes them: a truth box and a tracker box correspond when
/// their bounding boxes overlap with IoU ≥ 0.5.
struct BenchMOTMetrics: Sendable, Codable, Equatable {
    /// Reference boxes over all frames.
    var truthCount = 0
    /// Tracker boxes over all frames.
    var reportedCount = 0
    /// Per-frame correspondences (CLEAR MOT matches, switches included).
    var matches = 0
    /// Reference boxes without a corresponding tracker box.
    var misses = 0
    /// Tracker boxes without a corresponding reference box.
    var falsePositives = 0
    /// Times a reference object is matched to a different tracker id than at its previous match.
    var idSwitches = 0
    /// Identity true positives under the best one-to-one truth id ↔ tracker id matching.
    var idTruePositives = 0
    /// IDF1 = 2·IDTP / (reference boxes + tracker boxes), 0...1 (1 when both are empty).
    var idf1 = 1.0
    /// MOTA = 1 − (misses + false positives + switches) / reference boxes.
    var mota = 1.0

    /// IoU a truth box and a tracker box need to correspond.
    static let iouThreshold = 0.5

    /// Scores `reported` against `truth`, both per frame (same index = same frame).
    init(truth: [[(id: Int, box: Rect)]], reported: [[(id: Int, box: Rect)]]) {
        var lastMatch: [Int: Int] = [:]  // truth id → tracker id of its latest match
        var overlap: [Int: [Int: Int]] = [:]  // truth id → tracker id → frames with IoU ≥ threshold
        var truthFrames: [Int: Int] = [:], reportedFrames: [Int: Int] = [:]
        for index in 0..<max(truth.count, reported.count) {
            let objects = index < truth.count ? truth[index] : []
            let hypotheses = index < reported.count ? reported[index] : []
            truthCount += objects.count
            reportedCount += hypotheses.count
            for o in objects { truthFrames[o.id, default: 0] += 1 }
            for h in hypotheses { reportedFrames[h.id, default: 0] += 1 }
            var iou = [[Double]](repeating: [Double](repeating: 0, count: hypotheses.count), count: objects.count)
            for (i, o) in objects.enumerated() {
                for (j, h) in hypotheses.enumerated() {
                    iou[i][j] = o.box.iou(h.box)
                    if iou[i][j] >= Self.iouThreshold { overlap[o.id, default: [:]][h.id, default: 0] += 1 }
                }
            }
            // 1. Keep last correspondences that still hold.
            var objectDone = [Bool](repeating: false, count: objects.count)
            var hypothesisDone = [Bool](repeating: false, count: hypotheses.count)
            for (i, o) in objects.enumerated() {
                guard let previous = lastMatch[o.id],
                      let j = hypotheses.indices.first(where: { !hypothesisDone[$0] && hypotheses[$0].id == previous }),
                      iou[i][j] >= Self.iouThreshold else { continue }
                objectDone[i] = true
                hypothesisDone[j] = true
                matches += 1
            }
            // 2. Best assignment of the rest by 1 − IoU.
            let freeObjects = objects.indices.filter { !objectDone[$0] }
            let freeHypotheses = hypotheses.indices.filter { !hypothesisDone[$0] }
            let costs = freeObjects.map { i in
                freeHypotheses.map { j in iou[i][j] >= Self.iouThreshold ? 1 - iou[i][j] : Double.infinity }
            }
            for pair in BenchAssignment.solve(costs) {
                let o = objects[freeObjects[pair.row]], h = hypotheses[freeHypotheses[pair.column]]
                if let previous = lastMatch[o.id], previous != h.id { idSwitches += 1 }
                lastMatch[o.id] = h.id
                matches += 1
            }
            misses = truthCount - matches
            falsePositives = reportedCount - matches
        }
        // Global identity matching maximizing the frames in which matched ids overlap.
        let truthIDs = truthFrames.keys.sorted(), reportedIDs = reportedFrames.keys.sorted()
        let costs = truthIDs.map { t in
            reportedIDs.map { r in overlap[t]?[r].map { -Double($0) } ?? Double.infinity }
        }
        idTruePositives = BenchAssignment.solve(costs).reduce(0) { $0 - Int(costs[$1.row][$1.column]) }
        let total = truthCount + reportedCount
        idf1 = total == 0 ? 1 : 2 * Double(idTruePositives) / Double(total)
        mota = truthCount == 0 ? 1 : 1 - Double(misses + falsePositives + idSwitches) / Double(truthCount)
    }
}
