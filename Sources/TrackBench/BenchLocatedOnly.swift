import BarcodeTracking

/// How early a pipeline outlines codes before it decodes them (`track --located-only`),
/// and how much it outlines that is no code. Frames are indices into the sequence.
struct BenchLocatedOnly: Sendable, Codable {
    /// Per reference code the pipeline decoded: frames from the first frame its track
    /// was measured (located only, or already decoded) to the first frame that track
    /// carried the code's payload. 0 when the code was decoded as soon as it was seen.
    var leadFrames: [Int] = []
    /// Measured located-only track/frame pairs.
    var locatedPairs = 0
    /// Of those, pairs whose centre lies on no reference code (outlines of something else).
    var strayPairs = 0

    init(_ sequence: BenchSequence) {
        var firstMeasured: [Int: Int] = [:]
        var firstDecode: [String: (frame: Int, track: Int)] = [:]
        let payloads = Set(sequence.truth.flatMap { $0.map(\.payload) })
        for (index, reported) in sequence.reported.enumerated() {
            let truth = index < sequence.truth.count ? sequence.truth[index] : []
            for track in reported where track.measured {
                if firstMeasured[track.id] == nil { firstMeasured[track.id] = index }
                if let payload = track.payload {
                    if payloads.contains(payload), firstDecode[payload] == nil { firstDecode[payload] = (index, track.id) }
                } else {
                    locatedPairs += 1
                    if !truth.contains(where: { $0.location.contains(track.location.center) }) { strayPairs += 1 }
                }
            }
        }
        leadFrames = firstDecode.values.sorted { $0.frame < $1.frame }.map { $0.frame - (firstMeasured[$0.track] ?? $0.frame) }
    }

    /// `mean m max M (k of n earlier)`, or `—` when nothing was decoded.
    var summary: String {
        guard let worst = leadFrames.max() else { return "—" }
        let mean = Double(leadFrames.reduce(0, +)) / Double(leadFrames.count)
        return "mean \(BenchTable.f(mean, 1)) max \(worst) (\(leadFrames.filter { $0 > 0 }.count) of \(leadFrames.count) earlier)"
    }
}
