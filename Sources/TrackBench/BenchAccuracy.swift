import BarcodeTracking

/// Accuracy of one pipeline on one sequence, beyond the MOT metrics.
struct BenchAccuracy: Sendable, Codable {
    /// Distinct reference codes (by payload) over the sequence.
    var uniqueCodes = 0
    /// Distinct reference codes the pipeline decoded at least once.
    var uniqueCodesDecoded = 0
    /// `uniqueCodesDecoded / uniqueCodes` (1 when there are none).
    var recall = 1.0
    /// Reference frame/code pairs with the code fully visible.
    var coveragePairs = 0
    /// Of those, pairs with a track of that payload whose quad centre lies in the reference quad.
    var coveredPairs = 0
    /// `coveredPairs / coveragePairs` (1 when there are none).
    var coverage = 1.0
    /// Mean corner error (frame pixels) of each track's predicted corners against the
    /// reference corners in the next frame; `nil` when no decoded track lasted two frames.
    var predictionError: Double?
    /// Same, reusing the track's last location instead of predicting.
    var holdError: Double?
    /// Track/frame pairs the two errors average over.
    var predictionSamples = 0
    /// Frames from the first frame a code is fully visible to the first frame it is reported decoded
    /// (0 = in that very frame), one value per code that was fully visible and decoded.
    var framesToFirstDecode: [Int] = []
    /// Frame index (from 0) of each code's first decode at or after its first fully
    /// visible frame, by payload.
    var firstDecodeFrame: [String: Int] = [:]
    /// Codes that became fully visible but were never decoded afterwards.
    var neverDecoded = 0
    /// Payloads of the reference codes never decoded at all, sorted.
    var missedPayloads: [String] = []

    init(_ sequence: BenchSequence) {
        let frames = min(sequence.truth.count, sequence.reported.count)
        var payloads = Set<String>(), decodedPayloads = Set<String>()
        var firstVisible: [String: Int] = [:], firstDecodedAfterVisible: [String: Int] = [:]
        var errorSum = 0.0, holdSum = 0.0
        for index in 0..<frames {
            let truth = sequence.truth[index], reported = sequence.reported[index]
            var tracksByPayload: [String: [BenchReportedTrack]] = [:]
            for track in reported {
                guard let payload = track.payload else { continue }
                tracksByPayload[payload, default: []].append(track)
                decodedPayloads.insert(payload)
            }
            for object in truth {
                payloads.insert(object.payload)
                if object.fullyVisible, firstVisible[object.payload] == nil { firstVisible[object.payload] = index }
                if firstVisible[object.payload] != nil, firstDecodedAfterVisible[object.payload] == nil,
                   tracksByPayload[object.payload] != nil {
                    firstDecodedAfterVisible[object.payload] = index
                }
                guard object.fullyVisible else { continue }
                coveragePairs += 1
                if tracksByPayload[object.payload]?.contains(where: { object.location.contains($0.location.center) }) == true {
                    coveredPairs += 1
                }
            }
            // Prediction: decoded tracks here, measured in the next frame, against the next frame's reference.
            guard index + 1 < frames else { continue }
            let nextTruth = Dictionary(sequence.truth[index + 1].map { ($0.payload, $0.location) }) { a, _ in a }
            let nextMeasured = Set(sequence.reported[index + 1].filter(\.measured).map(\.id))
            for track in reported where track.measured && nextMeasured.contains(track.id) {
                guard let payload = track.payload, let target = nextTruth[payload] else { continue }
                errorSum += Self.cornerError(track.predicted, target)
                holdSum += Self.cornerError(track.location, target)
                predictionSamples += 1
            }
        }
        uniqueCodes = payloads.count
        uniqueCodesDecoded = payloads.intersection(decodedPayloads).count
        missedPayloads = payloads.subtracting(decodedPayloads).sorted()
        recall = uniqueCodes == 0 ? 1 : Double(uniqueCodesDecoded) / Double(uniqueCodes)
        coverage = coveragePairs == 0 ? 1 : Double(coveredPairs) / Double(coveragePairs)
        if predictionSamples > 0 {
            predictionError = errorSum / Double(predictionSamples)
            holdError = holdSum / Double(predictionSamples)
        }
        firstDecodeFrame = firstDecodedAfterVisible
        for (payload, visible) in firstVisible.sorted(by: { $0.value < $1.value }) {
            if let decoded = firstDecodedAfterVisible[payload] { framesToFirstDecode.append(decoded - visible) } else { neverDecoded += 1 }
        }
    }

    /// For each physical reference code (by ``BenchTruthObject/id``, so identical labels
    /// count one by one) that the baseline reads in at least `consecutive` frames in a row:
    /// frames from the first frame of the baseline's first such run to the engine's first
    /// decode of that code (a measured track with its payload over its spot), negative when
    /// the engine was first; in the order of those runs. A code the engine never decodes
    /// counts as the frames from the run's start to the end of the sequence plus one, so a
    /// miss can never look like a short lag. Isolated lucky reads of the baseline (fewer
    /// than `consecutive` in a row) set no deadline, as the target is stated for
    /// codes the baseline reads in 5 consecutive frames.
    static func decodeLag(engine: BenchSequence, baseline: BenchSequence, consecutive: Int = 5) -> [Int] {
        let frames = min(baseline.truth.count, baseline.reported.count, engine.reported.count)
        var run: [Int: Int] = [:], runStart: [Int: Int] = [:], firstEngine: [Int: Int] = [:]
        var lastSeen: [Int: Int] = [:]
        for index in 0..<frames {
            for object in baseline.truth[index] {
                if firstEngine[object.id] == nil, covers(engine.reported[index], object) { firstEngine[object.id] = index }
                guard runStart[object.id] == nil else { continue }
                let read = covers(baseline.reported[index], object)
                let inRow = read && lastSeen[object.id] == index - 1 ? (run[object.id] ?? 0) + 1 : (read ? 1 : 0)
                run[object.id] = inRow
                if read { lastSeen[object.id] = index }
                if inRow >= consecutive { runStart[object.id] = index - consecutive + 1 }
            }
        }
        return runStart.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map { id, start in
            (firstEngine[id] ?? frames) - start
        }
    }

    /// Whether one of `reported`'s measured tracks carries `object`'s payload over its
    /// spot: either quad contains the other's centre, or, for a code read in rows, the
    /// track's quad is another band of the code's rows (``isAnotherBand(_:of:)``).
    static func covers(_ reported: [BenchReportedTrack], _ object: BenchTruthObject) -> Bool {
        reported.contains { track in
            track.measured && track.payload == object.payload
                && (object.location.sharesSpot(with: track.location)
                    || track.readsPartialRows && isAnotherBand(track.location, of: object.location))
        }
    }

    /// Whether `band`, a read of a code read in rows, lies on the same code as `reference`
    /// (a read of it, frame pixels) though neither holds the other's centre: zxing-cpp
    /// reads a 1-D code on a scan line or a few, so two right reads of one tall code can be
    /// bands of rows far apart. They are when they cover the same bars (share at least 70 %
    /// of the narrower extent along the reference's rows) and their centres lie within half
    /// the reference's length of each other across the rows (an EAN-13's or EAN-8's bars are
    /// about 0.7 of its length high, so two bands of one can be that far apart, though rarely
    /// are; a label of the same payload stacked above it is more than 0.8 of its length away).
    static func isAnotherBand(_ band: Quadrilateral, of reference: Quadrilateral) -> Bool {
        band.isBandOfSameBars(as: reference, within: 0.5)
    }

    /// Of the frame/code pairs the baseline decoded (a reference code with a measured track
    /// of the baseline carrying its payload over its spot, see ``covers(_:_:)``: not a
    /// misread, not a quad zxing-cpp placed elsewhere), the fraction the engine decodes too
    /// (its own track of that payload over that code's spot): how much of what decoding every
    /// frame finds the engine keeps. A pair is a reference code in a frame, however many
    /// reads of it the baseline made there (a tall 1-D code read on two bands of rows is one
    /// code, where the engine may read one band only). For a file the reference is the
    /// baseline's own decodes, so every baseline decode is a pair, but for those a file's
    /// ground truth shows to be misreads (``BenchMisreads``). 1 when the baseline
    /// decoded nothing right.
    static func coverageOfBaseline(engine: BenchSequence, baseline: BenchSequence) -> Double {
        var pairs = 0, covered = 0
        for (frameIndex, (found, kept)) in zip(baseline.reported, engine.reported).enumerated() {
            let truth = frameIndex < baseline.truth.count ? baseline.truth[frameIndex] : []
            for object in truth where covers(found, object) {
                pairs += 1
                if covers(kept, object) { covered += 1 }
            }
        }
        return pairs == 0 ? 1 : Double(covered) / Double(pairs)
    }

    /// Mean distance (frame pixels) between corresponding corners, taking the corner
    /// order that fits best (reference and reported corner order may start at different corners).
    static func cornerError(_ a: Quadrilateral, _ b: Quadrilateral) -> Double {
        let p = a.corners, q = b.corners
        var best = Double.infinity
        for shift in 0..<4 {
            var sum = 0.0
            for k in 0..<4 { sum += p[k].distance(to: q[(k + shift) % 4]) }
            best = min(best, sum / 4)
        }
        return best
    }
}
