/// Follows codes across frames and gives each physical code a stable ``TrackID``.
///
/// A constant-velocity model runs on the frames' own timestamps, so dropped or
/// irregular frames are handled. Association is by payload and symbology first,
/// then by geometry, each stage an optimal (minimum total distance) assignment
/// inside a gate, so two labels with the same payload keep separate ids.
/// Located-only detections continue tracks by geometry alone. A track that is not
/// measured is extrapolated (``TrackState/predictedOnly``) for
/// ``TrackerConfiguration/coastTime``, then removed. An id is never given to another
/// code: a decoded code read again within ``TrackerConfiguration/identityMemory`` of
/// its last measurement gets its id back when no other track, remembered track or read
/// of the frame carries its payload (it left the view in a whip pan and came back), and
/// the payload was never read at two spots of one frame; a label whose payload cannot say
/// which code it is (identical labels) gets its id back when it comes back where the codes
/// around it place it (``TrackerConfiguration/placeAmongOthersGateFactor``); every other
/// new track gets a new id.
///
/// Corner order: a track keeps the corner labelling it was created with; each new
/// measurement is relabelled cyclically to the labelling closest to the prediction.
/// When that relabelling differs from the previous frame's (the detector named
/// the corners differently) or the code jumped, the frame's
/// ``TrackedBarcode/shouldAnimateFromPreviousToNextState`` is false.
///
/// All geometry is in frame pixels. A value type with no locks: use it from one
/// thread at a time (the session calls it on the frame-processing queue). Once its
/// buffers have grown, an update allocates nothing as long as the caller has
/// released the previous ``TrackerUpdate``.
public struct Tracker: Sendable {
    /// The settings, validated.
    public let configuration: TrackerConfiguration

    /// Per-track state that is not part of the public value, parallel to `tracks`.
    struct Motion {
        var lastMeasured: Quadrilateral
        var hasVelocity = false
        var labelOffset = 0
        var payloadKey = 0
        /// The decoded payload, kept here so association never copies whole `Barcode` values.
        var payloadSymbology: Symbology?
        var payloadBytes: [UInt8] = []
        var match = -1
        var predictedCenter = Point.zero
        /// For a code read in rows (``Symbology/readsPartialRows``): the largest height over
        /// width of its measured boxes so far, the least its whole is known to span
        /// (``isPartOfTallCode(_:_:tallest:)``); 0 until then.
        var tallestRows = 0.0
        /// Where the track stood among the codes measured with it (``Tracker/Anchor``).
        var anchors: [Anchor] = []
    }

    /// A removed decoded track, kept for ``TrackerConfiguration/identityMemory``.
    struct RememberedTrack: Sendable {
        /// The track as it was last reported.
        var track: TrackedBarcode
        var symbology: Symbology
        var bytes: [UInt8]
        /// The time of the update that removed it.
        var removedAt: Double
        /// Where it stood among the codes measured with it.
        var anchors: [Anchor]
    }

    var tracks: [TrackedBarcode] = []
    var motions: [Motion] = []
    /// Removed decoded tracks, for ``TrackerConfiguration/identityMemory``.
    var remembered: [RememberedTrack] = []
    /// Payloads read at two spots of one frame since the tracker started (identical
    /// labels), or read where the codes around placed their remembered code far from the read
    /// (``placeContradicts(remembered:read:at:)``): a code with one of these never takes back
    /// a remembered id by its payload
    /// (only by its place, ``Tracker/claimsByPlace(_:among:at:)``).
    var sharedPayloads: Set<PayloadIdentity> = []
    /// The payload keys (``Tracker/key(symbology:bytes:)``) of ``sharedPayloads``, to prefer
    /// codes with payloads of their own as anchors without hashing payloads every frame.
    var sharedPayloadKeys: Set<Int> = []
    /// Payload keys whose reads wait for an anchor, and since when (``Tracker/anchorWait``).
    var anchorWaits: [Int: Double] = [:]
    var nextID = 1
    var lastTime: Double?
    var frameInterval: Double?

    // Reused buffers (see the type's documentation on allocations).
    var added: [TrackID] = []
    var returned: [TrackID] = []
    var updated: [TrackID] = []
    var removed: [TrackedBarcode] = []
    var decoded: [TrackID] = []
    var read: [TrackID] = []
    var detectionMatch: [Int] = []
    var detectionKeys: [Int] = []
    var detectionValid: [Bool] = []
    var detectionDecoded: [Bool] = []
    var detectionSymbology: [Symbology?] = []
    var detectionBytes: [[UInt8]] = []
    var groupDetections: [Int] = []
    var groupTracks: [Int] = []
    var tracksByKey: [Int: Int] = [:]
    var nextTrackWithKey: [Int] = []
    var detectionsByKey: [Int: Int] = [:]
    var nextDetectionWithKey: [Int] = []
    var converged: [Bool] = []
    /// Track indices that can be anchors in this update (``Tracker/noteConstellations(at:)``).
    var anchorCandidates: [Int] = []
    /// Updates that noted anchors, to refresh each track's in turn (``Tracker/anchorRefreshInterval``).
    var updatesWithAnchors = 0
    /// Tracks that stage 1 matched only within the widened gate (``TrackerConfiguration/reacquisitionGateFactor``).
    var widenedMatches: [Int] = []
    var solver = AssignmentSolver()

    /// Creates a tracker; throws when a configuration value is out of range.
    public init(configuration: TrackerConfiguration = TrackerConfiguration()) throws(TrackingError) {
        try configuration.validate()
        self.configuration = configuration
    }

    /// The tracks after the latest update, sorted by id.
    public var currentTracks: [TrackedBarcode] { tracks }

    /// The id the next new track will get.
    public var nextTrackID: TrackID { TrackID(rawValue: nextID) }

    /// The smoothed measured frame interval in seconds (the initial guess before two frames).
    public var deltaTimeForPrediction: Double { frameInterval ?? configuration.initialFrameInterval }

    /// Removes every track without reporting them, and forgets removed ones and which
    /// payloads were shared; ids keep counting (none is given back).
    public mutating func removeAllTracks() {
        tracks.removeAll(keepingCapacity: true)
        motions.removeAll(keepingCapacity: true)
        remembered.removeAll(keepingCapacity: true)
        sharedPayloads.removeAll()
        sharedPayloadKeys.removeAll()
        anchorWaits.removeAll()
    }

    /// Removes the tracks with these ids without reporting them (a session that found
    /// them to be misreads of another code); ids keep counting (these are not remembered).
    public mutating func discard(_ ids: Set<TrackID>) {
        guard !ids.isEmpty else { return }
        var kept = 0
        for i in tracks.indices where !ids.contains(tracks[i].id) {
            if kept != i {
                tracks.swapAt(kept, i)
                motions.swapAt(kept, i)
            }
            kept += 1
        }
        tracks.removeSubrange(kept...)
        motions.removeSubrange(kept...)
    }

    /// Feeds one frame's detections (locations in frame pixels) taken at `time`
    /// (seconds, source clock) and returns what changed.
    ///
    /// Throws ``TrackingError/Code-swift.struct/invalidFrameTime`` when `time` is
    /// not finite or earlier than the previous frame's; the tracker is unchanged then.
    /// Detections with non-finite corners are ignored and counted.
    public mutating func update(with detections: [Detection], at time: Double) throws(TrackingError) -> TrackerUpdate {
        guard time.isFinite else {
            throw TrackingError(.invalidFrameTime, "frame time \(time) is not a finite number of seconds")
        }
        if let lastTime {
            guard time >= lastTime else {
                throw TrackingError(.invalidFrameTime,
                    "frame time \(time) s is earlier than the previous frame's \(lastTime) s; frames must come in time order")
            }
            let interval = time - lastTime
            if interval > 0 {
                let alpha = configuration.frameIntervalSmoothing
                frameInterval = frameInterval.map { $0 + alpha * (interval - $0) } ?? interval
            }
        }
        lastTime = time
        added.removeAll(keepingCapacity: true)
        returned.removeAll(keepingCapacity: true)
        updated.removeAll(keepingCapacity: true)
        removed.removeAll(keepingCapacity: true)
        decoded.removeAll(keepingCapacity: true)
        read.removeAll(keepingCapacity: true)

        let ignored = prepareDetections(detections)
        for i in motions.indices {
            motions[i].match = -1
            let elapsed = time - tracks[i].lastSeen
            motions[i].predictedCenter = motions[i].lastMeasured.center + tracks[i].velocity * elapsed
        }
        associateByPayload(detections)
        // Before geometry: a second sighting of a code must not continue a located-only
        // track next to it (that track would become a twin of the code).
        dropRepeatSightings(detections)
        noteSharedPayloads(detections)
        settleJumpsByPlace(detections)
        associateByGeometry(detections)
        applyMatches(detections, at: time)
        noteConstellations(at: time)
        markConvergedTracks(detections)
        coastOrRemove(detections, at: time)
        startTracks(detections, at: time)
        return TrackerUpdate(time: time, tracks: tracks, added: added, updated: updated,
                             removed: removed, decoded: decoded, read: read, ignoredDetectionCount: ignored,
                             returned: returned)
    }

    /// Gate radius for a track of the given size, in frame pixels.
    func gate(forSize size: Double) -> Double {
        max(configuration.minimumGateDistance, configuration.gateSizeFactor * size)
    }

    private mutating func applyMatches(_ detections: [Detection], at time: Double) {
        let dt = deltaTimeForPrediction
        for i in tracks.indices {
            let d = motions[i].match
            guard d >= 0 else { continue }
            let elapsed = time - tracks[i].lastSeen
            let predicted = motions[i].lastMeasured.translated(by: tracks[i].velocity * elapsed)
            let offset = detections[d].location.closestRelabelling(to: predicted)
            let location = detections[d].location.relabelled(by: offset)
            let center = location.center
            let size = max(location.size, 1)
            let jumped = center.distance(to: predicted.center) > configuration.jumpSizeFactor * size
            if elapsed > 0 {
                let last = motions[i].lastMeasured
                let move = detectionSymbology[d]?.readsPartialRows == true
                    ? location.partialReadMove(from: last, expected: predicted.center - last.center, tallest: motions[i].tallestRows)
                    : center - last.center
                let measured = move * (1 / elapsed)
                if motions[i].hasVelocity {
                    tracks[i].velocity = tracks[i].velocity + (measured - tracks[i].velocity) * configuration.velocitySmoothing
                } else {
                    tracks[i].velocity = measured
                    motions[i].hasVelocity = true
                }
            }
            tracks[i].shouldAnimateFromPreviousToNextState = !jumped && offset == motions[i].labelOffset
            motions[i].labelOffset = offset
            motions[i].lastMeasured = location
            if detectionSymbology[d]?.readsPartialRows == true {
                motions[i].tallestRows = max(motions[i].tallestRows, Self.rowsAspect(location))
            }
            if detectionDecoded[d] {
                tracks[i].barcode = detections[d].barcode
                motions[i].payloadKey = detectionKeys[d]
                motions[i].payloadSymbology = detectionSymbology[d]
                motions[i].payloadBytes = detectionBytes[d]
            }
            tracks[i].location = location
            tracks[i].predictedLocation = location.translated(by: tracks[i].velocity * dt)
            tracks[i].deltaTimeForPrediction = dt
            tracks[i].lastSeen = time
            tracks[i].framesSeen += 1
            tracks[i].state = .tracked
        }
    }

    private mutating func coastOrRemove(_ detections: [Detection], at time: Double) {
        let dt = deltaTimeForPrediction
        var kept = 0
        for i in tracks.indices {
            if converged[i] {
                // A second track on an older one's code: it goes, and is not remembered.
                var gone = tracks[i]
                gone.state = .lost
                gone.shouldAnimateFromPreviousToNextState = false
                removed.append(gone)
                continue
            }
            if motions[i].match < 0 {
                let elapsed = time - tracks[i].lastSeen
                if elapsed > configuration.coastTime {
                    var lost = tracks[i]
                    lost.state = .lost
                    lost.location = motions[i].lastMeasured
                    lost.predictedLocation = motions[i].lastMeasured
                    lost.shouldAnimateFromPreviousToNextState = false
                    removed.append(lost)
                    if let symbology = motions[i].payloadSymbology, configuration.identityMemory > 0 {
                        remembered.append(RememberedTrack(track: lost, symbology: symbology, bytes: motions[i].payloadBytes,
                                                          removedAt: time, anchors: motions[i].anchors))
                    }
                    continue
                }
                let location = motions[i].lastMeasured.translated(by: tracks[i].velocity * elapsed)
                tracks[i].location = location
                tracks[i].predictedLocation = location.translated(by: tracks[i].velocity * dt)
                tracks[i].deltaTimeForPrediction = dt
                tracks[i].shouldAnimateFromPreviousToNextState = true
                tracks[i].state = .predictedOnly
            }
            // Tracks are sorted by id and new ones come later, so these stay ascending.
            updated.append(tracks[i].id)
            if motions[i].match >= 0 && detectionDecoded[motions[i].match] {
                decoded.append(tracks[i].id)
                if detections[motions[i].match].isFreshRead { read.append(tracks[i].id) }
            }
            if kept != i {
                tracks.swapAt(kept, i)
                motions.swapAt(kept, i)
            }
            kept += 1
        }
        if kept < tracks.count {
            tracks.removeSubrange(kept...)
            motions.removeSubrange(kept...)
        }
    }

    private mutating func startTracks(_ detections: [Detection], at time: Double) {
        remembered.removeAll { time - $0.track.lastSeen > configuration.identityMemory }
        var reclaimed = false
        // Reads of a remembered payload that the payload cannot give an id back wait until
        // every other new track has started: those are anchors of their place.
        var byPlace: [Int] = []
        for d in detections.indices where detectionValid[d] && detectionMatch[d] < 0 {
            guard detections[d].barcode != nil || configuration.tracksLocatedOnlyCodes else { continue }
            if let earlier = rememberedTrack(for: d, detections, at: time) {
                startTrack(detections[d], d, at: time, earlier: earlier)
                reclaimed = true
            } else if detectionDecoded[d], remembered.contains(where: { $0.symbology == detectionSymbology[d] && $0.bytes == detectionBytes[d] }) {
                byPlace.append(d)
            } else {
                startTrack(detections[d], d, at: time, earlier: nil)
            }
        }
        let (claims, waiting) = claimsByPlace(detections, among: byPlace, at: time)
        for d in byPlace where !waiting.contains(d) {
            startTrack(detections[d], d, at: time, earlier: claims[d].map { remembered[$0] })
        }
        for r in claims.values.sorted(by: >) { remembered.remove(at: r) }
        if reclaimed || !claims.isEmpty { sortTracksByID() }
    }

    /// Starts a track for detection `d`, with the id of `remembered` (a remembered track, whose
    /// anchors it keeps: they place it when it leaves again before codes around it are noted) or a new one.
    private mutating func startTrack(_ detection: Detection, _ d: Int, at time: Double, earlier remembered: RememberedTrack?) {
        let earlier = remembered?.track
        let id = earlier?.id ?? TrackID(rawValue: nextID)
        if earlier == nil { nextID += 1 }
        tracks.append(TrackedBarcode(
            id: id, barcode: detection.barcode, location: detection.location,
            predictedLocation: detection.location, deltaTimeForPrediction: deltaTimeForPrediction, velocity: .zero,
            shouldAnimateFromPreviousToNextState: false, firstSeen: earlier?.firstSeen ?? time, lastSeen: time,
            framesSeen: (earlier?.framesSeen ?? 0) + 1, state: .tracked))
        motions.append(Motion(lastMeasured: detection.location, payloadKey: detectionKeys[d],
                              payloadSymbology: detectionSymbology[d], payloadBytes: detectionBytes[d],
                              tallestRows: detectionSymbology[d]?.readsPartialRows == true ? Self.rowsAspect(detection.location) : 0,
                              anchors: remembered?.anchors ?? []))
        added.append(id)
        if earlier != nil { returned.append(id) }
        if detection.barcode != nil {
            decoded.append(id)
            if detection.isFreshRead { read.append(id) }
        }
    }

    /// The remembered track whose id the unmatched decoded detection `d` takes back: the
    /// one remembered with its payload that was seen last, when no track carries that
    /// payload, no other read of the frame does, and it was never read at two spots of one
    /// frame (so every remembered track of the payload was this code, under ids it lost
    /// before), unless the codes around it place it far from the read
    /// (``placeContradicts(remembered:read:at:)``: the read is a second label of the payload,
    /// which is shared from then on). Removes them all from memory. A track removed by this
    /// same update is not given back in it (an update never both removes and adds an id).
    private mutating func rememberedTrack(for d: Int, _ reads: [Detection], at time: Double) -> RememberedTrack? {
        guard detectionDecoded[d], !remembered.isEmpty else { return nil }
        let matching = remembered.indices.filter {
            remembered[$0].symbology == detectionSymbology[d] && remembered[$0].bytes == detectionBytes[d]
        }
        guard let latest = matching.max(by: { remembered[$0].track.lastSeen < remembered[$1].track.lastSeen }),
              remembered[latest].removedAt < time, !motions.indices.contains(where: { samePayload(track: $0, detection: d) }),
              !detections(sharingPayloadWith: d),
              !isShared(detection: d)
        else { return nil }
        if placeContradicts(remembered: latest, read: reads[d].location, at: time) {
            markShared(detection: d)
            return nil
        }
        let track = remembered[latest]
        for r in matching.reversed() { remembered.remove(at: r) }
        return track
    }

    /// Whether another valid detection of the frame carries `d`'s payload.
    private func detections(sharingPayloadWith d: Int) -> Bool {
        var other = detectionsByKey[detectionKeys[d]] ?? -1
        while other >= 0 {
            if other != d, samePayload(detection: other, detection: d) { return true }
            other = nextDetectionWithKey[other]
        }
        return false
    }

    /// Restores the order by id of `tracks` (and `motions`), `added`, `returned`, `decoded` and `read`
    /// after a track took back an earlier id.
    private mutating func sortTracksByID() {
        let order = tracks.indices.sorted { tracks[$0].id < tracks[$1].id }
        tracks = order.map { tracks[$0] }
        motions = order.map { motions[$0] }
        for keyPath in [\Tracker.added, \Tracker.returned, \Tracker.decoded, \Tracker.read] {
            self[keyPath: keyPath].sort()
        }
    }
}
