/// A decoded payload as the tracker compares it: symbology and bytes.
struct PayloadIdentity: Hashable, Sendable {
    var symbology: Symbology
    var bytes: [UInt8]
}

extension Tracker {
    /// Hash of a payload for grouping; equal payloads are still compared in full.
    /// FNV-1a: much cheaper per byte than `Hasher`, and good enough for grouping.
    static func key(symbology: Symbology, bytes: [UInt8]) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in symbology.rawValue.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        hash = (hash ^ 0xFF) &* 0x100_0000_01b3
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash)
    }

    // Payloads are compared through the small per-track and per-detection copies,
    // never through `Barcode` values (hundreds of bytes and a dozen reference counts each).
    func samePayload(track t: Int, detection d: Int) -> Bool {
        motions[t].payloadSymbology != nil && motions[t].payloadSymbology == detectionSymbology[d]
            && motions[t].payloadBytes == detectionBytes[d]
    }

    func samePayload(detection a: Int, detection b: Int) -> Bool {
        detectionSymbology[a] != nil && detectionSymbology[a] == detectionSymbology[b] && detectionBytes[a] == detectionBytes[b]
    }

    /// Fills the per-detection buffers; returns how many detections are unusable.
    mutating func prepareDetections(_ detections: [Detection]) -> Int {
        detectionMatch.removeAll(keepingCapacity: true)
        detectionKeys.removeAll(keepingCapacity: true)
        detectionValid.removeAll(keepingCapacity: true)
        detectionDecoded.removeAll(keepingCapacity: true)
        detectionSymbology.removeAll(keepingCapacity: true)
        detectionBytes.removeAll(keepingCapacity: true)
        detectionsByKey.removeAll(keepingCapacity: true)
        nextDetectionWithKey.removeAll(keepingCapacity: true)
        var ignored = 0
        for d in detections.indices {
            let valid = detections[d].location.isFinite
            if !valid { ignored += 1 }
            detectionValid.append(valid)
            detectionMatch.append(-1)
            nextDetectionWithKey.append(-1)
            if let symbology = detections[d].barcode?.symbology, let bytes = detections[d].barcode?.bytes {
                let key = Self.key(symbology: symbology, bytes: bytes)
                detectionKeys.append(key)
                detectionDecoded.append(true)
                detectionSymbology.append(symbology)
                detectionBytes.append(bytes)
                // Chain the detections that share a key (latest first).
                if valid {
                    if let head = detectionsByKey[key] { nextDetectionWithKey[d] = head }
                    detectionsByKey[key] = d
                }
            } else {
                detectionKeys.append(0)
                detectionDecoded.append(false)
                detectionSymbology.append(nil)
                detectionBytes.append([])
            }
        }
        return ignored
    }

    /// Stage 1: decoded detections continue decoded tracks with the same payload,
    /// one optimal assignment per payload.
    mutating func associateByPayload(_ detections: [Detection]) {
        widenedMatches.removeAll(keepingCapacity: true)
        tracksByKey.removeAll(keepingCapacity: true)
        nextTrackWithKey.removeAll(keepingCapacity: true)
        for i in tracks.indices {
            nextTrackWithKey.append(-1)
            guard motions[i].payloadSymbology != nil else { continue }
            let key = motions[i].payloadKey
            if let head = tracksByKey[key] { nextTrackWithKey[i] = head }
            tracksByKey[key] = i
        }
        for d in detections.indices where detectionValid[d] && detectionMatch[d] < 0 {
            guard detectionDecoded[d], var t = tracksByKey[detectionKeys[d]] else { continue }
            groupTracks.removeAll(keepingCapacity: true)
            while t >= 0 {
                if samePayload(track: t, detection: d) { groupTracks.append(t) }
                t = nextTrackWithKey[t]
            }
            guard !groupTracks.isEmpty else { continue }
            groupDetections.removeAll(keepingCapacity: true)
            var other = detectionsByKey[detectionKeys[d]] ?? -1
            while other >= 0 {
                if detectionMatch[other] == -1, samePayload(detection: other, detection: d) {
                    groupDetections.append(other)
                }
                other = nextDetectionWithKey[other]
            }
            assignGroup(detections, requirePayloadMismatchForbidden: false)
            // Detections of this payload left unmatched must not be retried as group heads.
            for g in groupDetections where detectionMatch[g] < 0 { detectionMatch[g] = -2 }
        }
        for d in detections.indices where detectionMatch[d] == -2 { detectionMatch[d] = -1 }
    }

    /// A decoded detection left unmatched whose payload belongs to a track measured
    /// in this frame at the same spot (``Quadrilateral/isSameCode(as:partialRead:)``)
    /// is a second sighting of that code (a detector that read it twice, once
    /// partially), not a new code: it starts no track. So is a read in rows of such a
    /// code above or below its measurement that the code's tallest measured box so far
    /// spans with it (``isPartOfTallCode(_:_:tallest:)``: a tall 1-D code read on two bands
    /// of rows in one frame). Two labels with one payload, however close, are two spots,
    /// so they still get two. And so is a thin band of rows on the same bars as the track's
    /// measurement (``isThinBand(_:of:)``), unless the payload is on several labels: when the
    /// track's measurement is the thin one, the track takes the read of the whole code instead
    /// (in a whip a blurred code's smear was read as a band beside it, and its track followed
    /// the band while the code, read whole, started a second track and was counted twice).
    mutating func dropRepeatSightings(_ detections: [Detection]) {
        for d in detections.indices where detectionValid[d] && detectionMatch[d] < 0 && detectionDecoded[d] {
            guard var t = tracksByKey[detectionKeys[d]] else { continue }
            let location = detections[d].location, partialRead = detectionSymbology[d]?.readsPartialRows == true
            while t >= 0 {
                // The track's measurement in this frame: the detection stage 1 gave it.
                let m = motions[t].match
                if m >= 0, samePayload(track: t, detection: d) {
                    let measured = detections[m].location
                    if measured.isSameCode(as: location, partialRead: partialRead)
                        || partialRead && Self.isPartOfTallCode(measured, location, tallest: motions[t].tallestRows) {
                        detectionValid[d] = false
                        break
                    }
                    if partialRead, !isShared(detection: d) {
                        if Self.isThinBand(location, of: measured) {
                            detectionValid[d] = false
                            break
                        }
                        if Self.isThinBand(measured, of: location) {
                            detectionMatch[m] = -1
                            detectionValid[m] = false
                            motions[t].match = d
                            detectionMatch[d] = t
                            break
                        }
                    }
                }
                t = nextTrackWithKey[t]
            }
        }
    }

    /// Whether `band`, a read in rows, is a thin band of the code read at `whole`: on the same
    /// bars (``Quadrilateral/sharesBars(with:along:)``), less than half as tall across the rows,
    /// and across them within ``tallCodeBandSpan`` of it (a band of a tall code's rows, the
    /// whole read being a band too) or no further from it than half its height (the smear a
    /// whip's blur draws beside a code). Two labels stacked are each read as tall as the
    /// other once read whole.
    static func isThinBand(_ band: Quadrilateral, of whole: Quadrilateral) -> Bool {
        guard let (along, across) = whole.rowAxes, band.sharesBars(with: whole, along: along) else { return false }
        let (bandSpan, wholeSpan) = (band.extent(along: across), whole.extent(along: across))
        let height = wholeSpan.high - wholeSpan.low
        guard bandSpan.high - bandSpan.low < 0.5 * height else { return false }
        return band.isBandOfSameBars(as: whole, within: tallCodeBandSpan)
            || bandSpan.high >= wholeSpan.low - 0.5 * height && bandSpan.low <= wholeSpan.high + 0.5 * height
    }

    /// Height over width of `quad`'s box: how tall a code read in rows (upright, rows
    /// along x) was measured.
    static func rowsAspect(_ quad: Quadrilateral) -> Double {
        let box = quad.boundingBox
        return box.width > 0 ? box.height / box.width : 0
    }

    /// Whether `other`, read in the rows of an upright code above or below `measured` (its
    /// measurement in this frame), lies within the code as tall as `tallest` (height over
    /// width, ``Motion/tallestRows``) says it is: the two boxes share at least 70% of the
    /// narrower one's columns, and together they are no taller than `tallest` allows
    /// (a tenth more, for the box's jitter). Two labels stacked are two labels tall together.
    static func isPartOfTallCode(_ measured: Quadrilateral, _ other: Quadrilateral, tallest: Double) -> Bool {
        let a = measured.boundingBox, b = other.boundingBox
        let shared = min(a.maxX, b.maxX) - max(a.x, b.x)
        guard tallest > 0, shared >= 0.7 * min(a.width, b.width) else { return false }
        let width = max(a.maxX, b.maxX) - min(a.x, b.x), height = max(a.maxY, b.maxY) - min(a.y, b.y)
        return height <= 1.1 * tallest * width
    }

    /// How far apart across its rows, in code lengths, two reads of one payload on the same
    /// bars may lie and still be two bands of one tall code rather than two labels: an EAN's
    /// bars are about 0.7 of its length high, a UPC-E's up to its length (a hand-held clip: a
    /// UPC-E read on bands 0.43-0.54 of its length apart in one frame was taken for two labels,
    /// so its id never came back by payload). Labels of one payload stacked closer than that
    /// count as two only once read side by side or farther apart.
    static let tallCodeBandSpan = 1.0

    /// Whether decoded detection `d`'s payload is on several labels (``Tracker/sharedPayloads``);
    /// its key is looked up first, so most payloads are never hashed whole.
    func isShared(detection d: Int) -> Bool {
        guard sharedPayloadKeys.contains(detectionKeys[d]), let symbology = detectionSymbology[d] else { return false }
        return sharedPayloads.contains(PayloadIdentity(symbology: symbology, bytes: detectionBytes[d]))
    }

    /// Records decoded detection `d`'s payload as on several labels (``Tracker/sharedPayloads``).
    mutating func markShared(detection d: Int) {
        guard let symbology = detectionSymbology[d] else { return }
        sharedPayloads.insert(PayloadIdentity(symbology: symbology, bytes: detectionBytes[d]))
        sharedPayloadKeys.insert(detectionKeys[d])
    }

    /// Records the payloads of this frame read at two spots that are not one code
    /// (identical labels side by side) in ``Tracker/sharedPayloads``.
    mutating func noteSharedPayloads(_ detections: [Detection]) {
        for d in detections.indices where detectionValid[d] && detectionDecoded[d] {
            // Known already: the geometry below (which allocates for 1-D reads) is not needed again.
            if isShared(detection: d) { continue }
            var other = nextDetectionWithKey[d]
            while other >= 0 {
                if detectionValid[other], samePayload(detection: other, detection: d),
                   let symbology = detectionSymbology[d],
                   !detections[other].location.isSameCode(as: detections[d].location, partialRead: symbology.readsPartialRows),
                   !symbology.readsPartialRows || !Self.areBandsOfOneCode(detections[other].location, detections[d].location) {
                    markShared(detection: d)
                    break
                }
                other = nextDetectionWithKey[other]
            }
        }
    }

    /// Whether two reads of one payload in rows are bands of one tall code (``tallCodeBandSpan``),
    /// measured along the longer read's rows.
    static func areBandsOfOneCode(_ a: Quadrilateral, _ b: Quadrilateral) -> Bool {
        func length(_ q: Quadrilateral) -> Double {
            guard let axes = q.rowAxes else { return 0 }
            let extent = q.extent(along: axes.along)
            return extent.high - extent.low
        }
        return length(a) >= length(b) ? b.isBandOfSameBars(as: a, within: tallCodeBandSpan)
            : a.isBandOfSameBars(as: b, within: tallCodeBandSpan)
    }

    /// Stage 2: what is left (located-only detections and tracks, and decoded
    /// codes whose payload matched nothing) is associated by geometry alone.
    /// Two decoded codes with different payloads never match.
    mutating func associateByGeometry(_ detections: [Detection]) {
        groupDetections.removeAll(keepingCapacity: true)
        groupTracks.removeAll(keepingCapacity: true)
        for d in detections.indices where detectionValid[d] && detectionMatch[d] < 0 {
            groupDetections.append(d)
        }
        guard !groupDetections.isEmpty else { return }
        for i in tracks.indices where motions[i].match < 0 {
            groupTracks.append(i)
        }
        guard !groupTracks.isEmpty else { return }
        assignGroup(detections, requirePayloadMismatchForbidden: true)
    }

    /// Optimal assignment between `groupDetections` and `groupTracks`, cost =
    /// distance from the track's predicted centre, pairs outside the gate forbidden.
    private mutating func assignGroup(_ detections: [Detection], requirePayloadMismatchForbidden: Bool) {
        if groupDetections.count == 1, groupTracks.count == 1 {
            let d = groupDetections[0], t = groupTracks[0]
            // One track and one read of a payload (stage 1): the code read again after a jump.
            let widening = requirePayloadMismatchForbidden ? 1 : configuration.reacquisitionGateFactor
            if let distance = cost(detections, d, track: t, checkPayload: requirePayloadMismatchForbidden, gateFactor: widening) {
                detectionMatch[d] = t
                motions[t].match = d
                let size = max(motions[t].lastMeasured.size, detections[d].location.size)
                if distance > gate(forSize: size) { widenedMatches.append(t) }
            }
            return
        }
        // One extra column per detection: leaving it unmatched (it starts a track of
        // its own) costs its gate. Without it the solver matches as many pairs as it
        // can, and one code missed in a frame makes its neighbours swap identities
        // (two 60 px moves instead of one 5 px match), as on a sheet of identical labels.
        let trackCount = groupTracks.count
        // Stage 1 with several tracks of the payload: identical labels, a pitch apart.
        let narrowing = !requirePayloadMismatchForbidden && trackCount > 1 ? configuration.identicalLabelsGateFactor : 1
        solver.reset(rows: groupDetections.count, columns: trackCount + groupDetections.count)
        for (r, d) in groupDetections.enumerated() {
            for (c, t) in groupTracks.enumerated() {
                if let cost = cost(detections, d, track: t, checkPayload: requirePayloadMismatchForbidden, gateFactor: narrowing) {
                    solver.setCost(row: r, column: c, cost)
                }
            }
            solver.setCost(row: r, column: trackCount + r, gate(forSize: detections[d].location.size))
        }
        solver.solve()
        for r in 0..<groupDetections.count {
            let c = solver.assignment[r]
            guard c >= 0, c < trackCount else { continue }
            let d = groupDetections[r], t = groupTracks[c]
            detectionMatch[d] = t
            motions[t].match = d
        }
    }

    /// Distance from the track's predicted centre to the detection's centre, or
    /// `nil` when outside the gate (times `gateFactor`) or (in stage 2) both are decoded.
    private func cost(_ detections: [Detection], _ d: Int, track t: Int, checkPayload: Bool, gateFactor: Double = 1) -> Double? {
        if checkPayload, detectionDecoded[d], motions[t].payloadSymbology != nil { return nil }
        let location = detections[d].location
        let distance = location.center.distance(to: motions[t].predictedCenter)
        let size = max(motions[t].lastMeasured.size, location.size)
        guard distance <= gate(forSize: size) * gateFactor else { return nil }
        // Stage 1: a read a label's pitch or more from the prediction, while the codes measured
        // in the last frame show the view moving far less, is another label of the payload.
        if !checkPayload, distance > configuration.identicalLabelsGateFactor * gate(forSize: size),
           isUnexplainedJump(distance, track: t) { return nil }
        return distance
    }

    /// Whether a move of `distance` frame pixels from track `t`'s prediction is more than
    /// ``TrackerConfiguration/unexplainedJumpFactor`` × how far the view can have moved since
    /// `t` was measured: the fastest of the other codes measured in the last frame (with a
    /// velocity) times the time since. False when no other code was measured in the last
    /// frame (nothing tells how the view moved: a whip pan blurs every code) or the factor is 0.
    func isUnexplainedJump(_ distance: Double, track t: Int) -> Bool {
        let factor = configuration.unexplainedJumpFactor
        guard factor > 0, let now = lastTime else { return false }
        let interval = frameInterval ?? configuration.initialFrameInterval
        var fastest: Double?
        for i in tracks.indices where i != t && motions[i].hasVelocity && now - tracks[i].lastSeen <= 1.5 * interval {
            fastest = max(fastest ?? 0, tracks[i].velocity.distance(to: .zero))
        }
        guard let fastest else { return false }
        return distance > factor * fastest * max(now - tracks[t].lastSeen, interval)
    }
}
