extension Tracker {
    /// Hash of a payload for grouping; equal payloads are still compared in full.
    static func key(of barcode: Barcode) -> Int {
        var hasher = Hasher()
        hasher.combine(barcode.symbology)
        hasher.combine(barcode.bytes)
        return hasher.finalize()
    }

    static func samePayload(_ a: Barcode?, _ b: Barcode?) -> Bool {
        guard let a, let b else { return false }
        return a.symbology == b.symbology && a.bytes == b.bytes
    }

    /// Fills the per-detection buffers; returns how many detections are unusable.
    mutating func prepareDetections(_ detections: [Detection]) -> Int {
        detectionMatch.removeAll(keepingCapacity: true)
        detectionKeys.removeAll(keepingCapacity: true)
        detectionValid.removeAll(keepingCapacity: true)
        var ignored = 0
        for detection in detections {
            let valid = detection.location.isFinite
            if !valid { ignored += 1 }
            detectionValid.append(valid)
            detectionMatch.append(-1)
            detectionKeys.append(detection.barcode.map(Self.key(of:)) ?? 0)
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
            guard let barcode = detections[d].barcode, var t = tracksByKey[detectionKeys[d]] else { continue }
            groupTracks.removeAll(keepingCapacity: true)
            while t >= 0 {
                if Self.samePayload(tracks[t].barcode, barcode) { groupTracks.append(t) }
                t = nextTrackWithKey[t]
            }
            guard !groupTracks.isEmpty else { continue }
            groupDetections.removeAll(keepingCapacity: true)
            groupDetections.append(d)
            var other = d + 1
            while other < detections.count {
                if detectionValid[other], detectionKeys[other] == detectionKeys[d],
                   Self.samePayload(detections[other].barcode, barcode) {
                    groupDetections.append(other)
                }
                other += 1
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
            if cost(detections[d], track: t, checkPayload: requirePayloadMismatchForbidden) != nil {
                detectionMatch[d] = t
                motions[t].match = d
            }
            return
        }
        solver.reset(rows: groupDetections.count, columns: groupTracks.count)
        for (r, d) in groupDetections.enumerated() {
            for (c, t) in groupTracks.enumerated() {
                if let cost = cost(detections[d], track: t, checkPayload: requirePayloadMismatchForbidden) {
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
    private func cost(_ detection: Detection, track t: Int, checkPayload: Bool) -> Double? {
        if checkPayload, detection.barcode != nil, tracks[t].barcode != nil { return nil }
        let distance = detection.location.center.distance(to: motions[t].predictedCenter)
        let size = max(motions[t].lastMeasured.size, detection.location.size)
        return distance <= gate(forSize: size) ? distance : nil
    }
}
