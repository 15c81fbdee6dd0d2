extension Tracker {
    /// Hash of a payload for grouping; equal payloads are still compared in full.
    static func key(symbology: Symbology, bytes: [UInt8]) -> Int {
        var hasher = Hasher()
        hasher.combine(symbology)
        hasher.combine(bytes)
        return hasher.finalize()
    }

    // Field-by-field access keeps the optimizer from copying whole `Barcode` values
    // (a dozen reference counts each) in the inner loops.
    func samePayload(track t: Int, detection d: Int, in detections: [Detection]) -> Bool {
        tracks[t].barcode?.symbology == detections[d].barcode?.symbology
            && tracks[t].barcode?.bytes == detections[d].barcode?.bytes
    }

    func samePayload(detection a: Int, detection b: Int, in detections: [Detection]) -> Bool {
        detections[a].barcode?.symbology == detections[b].barcode?.symbology
            && detections[a].barcode?.bytes == detections[b].barcode?.bytes
    }

    /// Fills the per-detection buffers; returns how many detections are unusable.
    mutating func prepareDetections(_ detections: [Detection]) -> Int {
        detectionMatch.removeAll(keepingCapacity: true)
        detectionKeys.removeAll(keepingCapacity: true)
        detectionValid.removeAll(keepingCapacity: true)
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
                // Chain the detections that share a key (latest first).
                if valid {
                    if let head = detectionsByKey[key] { nextDetectionWithKey[d] = head }
                    detectionsByKey[key] = d
                }
            } else {
                detectionKeys.append(0)
            }
        }
        return ignored
    }

    /// Stage 1: decoded detections continue decoded tracks with the same payload,
    /// one optimal assignment per payload.
    mutating func associateByPayload(_ detections: [Detection]) {
        tracksByKey.removeAll(keepingCapacity: true)
        nextTrackWithKey.removeAll(keepingCapacity: true)
        for i in tracks.indices {
            nextTrackWithKey.append(-1)
            guard tracks[i].barcode != nil else { continue }
            let key = motions[i].payloadKey
            if let head = tracksByKey[key] { nextTrackWithKey[i] = head }
            tracksByKey[key] = i
        }
        for d in detections.indices where detectionValid[d] && detectionMatch[d] < 0 {
            guard detections[d].barcode != nil, var t = tracksByKey[detectionKeys[d]] else { continue }
            groupTracks.removeAll(keepingCapacity: true)
            while t >= 0 {
                if samePayload(track: t, detection: d, in: detections) { groupTracks.append(t) }
                t = nextTrackWithKey[t]
            }
            guard !groupTracks.isEmpty else { continue }
            groupDetections.removeAll(keepingCapacity: true)
            var other = detectionsByKey[detectionKeys[d]] ?? -1
            while other >= 0 {
                if detectionMatch[other] == -1, samePayload(detection: other, detection: d, in: detections) {
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
            if cost(detections, d, track: t, checkPayload: requirePayloadMismatchForbidden) != nil {
                detectionMatch[d] = t
                motions[t].match = d
            }
            return
        }
        solver.reset(rows: groupDetections.count, columns: groupTracks.count)
        for (r, d) in groupDetections.enumerated() {
            for (c, t) in groupTracks.enumerated() {
                if let cost = cost(detections, d, track: t, checkPayload: requirePayloadMismatchForbidden) {
                    solver.setCost(row: r, column: c, cost)
                }
            }
        }
        solver.solve()
        for r in 0..<groupDetections.count {
            let c = solver.assignment[r]
            guard c >= 0 else { continue }
            let d = groupDetections[r], t = groupTracks[c]
            detectionMatch[d] = t
            motions[t].match = d
        }
    }

    /// Distance from the track's predicted centre to the detection's centre, or
    /// `nil` when outside the gate or (in stage 2) both are decoded.
    private func cost(_ detections: [Detection], _ d: Int, track t: Int, checkPayload: Bool) -> Double? {
        if checkPayload, detections[d].barcode != nil, tracks[t].barcode != nil { return nil }
        let location = detections[d].location
        let distance = location.center.distance(to: motions[t].predictedCenter)
        let size = max(motions[t].lastMeasured.size, location.size)
        return distance <= gate(forSize: size) ? distance : nil
    }
}
