/// Identical labels that left the view and came back, recognised by their place among the
/// codes around them (``TrackerConfiguration/placeAmongOthersGateFactor``).
///
/// A payload on two labels cannot tell them apart, so such a label coming back used to get
/// a new id, and a session counting codes counted it again. Its neighbours can: every
/// frame a decoded track is measured, it notes where it stood with a few other codes
/// measured in that frame (its anchors). When it comes back and its payload alone cannot
/// give its id back, the anchors measured again in this frame say where it should be now
/// (a similarity, from two anchors or more: the view moved, zoomed and rolled; from one,
/// its move and the change of its size), and a read of its payload there takes its id.
extension Tracker {
    /// A code measured in the same frame as a track: where both stood then.
    struct Anchor: Sendable {
        var id: TrackID
        /// The anchor's centre and the track's centre in that frame, frame pixels.
        var center: Point, trackCenter: Point
        /// The anchor's size then (0: a code read in rows, whose quad is a band of them and says nothing of zoom).
        var size: Double
        /// The frame's time, seconds.
        var time: Double
    }

    /// Most anchors a track keeps: the nearest codes measured with it (as last seen
    /// together), which come back into view with it and whose roll moves it least.
    static let anchorCount = 6
    /// Codes that can be anchors in one frame: those with payloads of their own first (they
    /// take their own ids back by payload), then the oldest; a bound on the work per frame.
    static let anchorPoolSize = 16

    /// Updates between two refreshes of a track's anchors once it has ``anchorCount``: a
    /// bound on the work per frame with hundreds of codes. The anchors of a code and the code
    /// move together, so a snapshot a few frames old places it as well.
    static let anchorRefreshInterval = 3

    /// Notes, for the decoded tracks measured in this update, where they stand with the codes
    /// measured with them: each anchor's entry is refreshed, a new code replaces the farthest
    /// anchor when it is nearer.
    mutating func noteConstellations(at time: Double) {
        guard configuration.placeAmongOthersGateFactor > 0, configuration.identityMemory > 0 else { return }
        anchorCandidates.removeAll(keepingCapacity: true)
        // Tracks are sorted by id: oldest first.
        for pass in 0..<2 {
            for i in tracks.indices where motions[i].match >= 0 && motions[i].payloadSymbology != nil {
                guard anchorCandidates.count < Self.anchorPoolSize else { break }
                if sharedPayloadKeys.contains(motions[i].payloadKey) == (pass == 1) { anchorCandidates.append(i) }
            }
        }
        guard anchorCandidates.count >= 2 else { return }
        updatesWithAnchors &+= 1
        for i in tracks.indices where motions[i].match >= 0 && motions[i].payloadSymbology != nil {
            // Each track every few updates (in turn, by id), unless it has room for more anchors.
            guard motions[i].anchors.count < Self.anchorCount
                    || (updatesWithAnchors &+ tracks[i].id.rawValue) % Self.anchorRefreshInterval == 0 else { continue }
            let center = motions[i].lastMeasured.center
            var anchors = motions[i].anchors
            motions[i].anchors = []  // Taken out and put back: edited in place, never copied.
            for a in anchorCandidates where a != i {
                let quad = motions[a].lastMeasured
                let entry = Anchor(id: tracks[a].id, center: quad.center, trackCenter: center,
                                   size: motions[a].payloadSymbology?.readsPartialRows == true ? 0 : quad.size, time: time)
                if let known = anchors.firstIndex(where: { $0.id == entry.id }) {
                    anchors[known] = entry
                } else if anchors.count < Self.anchorCount {
                    anchors.append(entry)
                } else if let farthest = anchors.indices.max(by: { anchors[$0].reach < anchors[$1].reach }),
                          anchors[farthest].reach > entry.reach {
                    anchors[farthest] = entry
                }
            }
            motions[i].anchors = anchors
        }
    }

    /// Where the remembered code `r` should be now, from those of its anchors measured at
    /// `time` (``place(from:size:locate:)``); when none is, from its remembered anchors placed
    /// by theirs (one link of a chain: a label that left the view a frame before a code next to
    /// it was first read has only codes out of view as anchors); `nil` when neither places it.
    func placeNow(ofRemembered r: Int, at time: Double) -> Point? {
        placeNow(ofRemembered: r, at: time, links: 0)
            ?? placeNow(ofRemembered: r, at: time, links: Self.anchorChainLinks)
    }

    /// How far, in gates (``gate(forSize:)``), a read of a remembered code's payload may lie
    /// from where the codes around it place it and still be that code by its payload
    /// (``placeContradicts(remembered:read:at:)``). Well beyond the place gate
    /// (``TrackerConfiguration/placeAmongOthersGateFactor``): a place is an estimate.
    static let placeContradictionGateFactor = 2.0

    /// Whether the codes around the remembered code `r` place it now so far from `read`
    /// (frame pixels) that the read is another label with its payload: more than
    /// ``placeContradictionGateFactor`` gates. A label of a payload seen on one label so far
    /// takes its id back by payload; when its twin comes into view first, its place says so.
    func placeContradicts(remembered r: Int, read: Quadrilateral, at time: Double) -> Bool {
        guard configuration.placeAmongOthersGateFactor > 0, let place = placeNow(ofRemembered: r, at: time) else { return false }
        let size = max(read.size, remembered[r].track.location.size)
        return place.distance(to: read.center) > Self.placeContradictionGateFactor * gate(forSize: size)
    }

    /// Most remembered codes between a remembered code and the measured anchors that place it
    /// (``placeNow(ofRemembered:at:)``). Each link adds the error of a place to the next one.
    static let anchorChainLinks = 1

    /// ``placeNow(ofRemembered:at:)`` with anchors measured at `time`, and with up to `links`
    /// remembered codes in between, each where its own anchors place it (its last outline moved there).
    private func placeNow(ofRemembered r: Int, at time: Double, links: Int) -> Point? {
        Self.place(from: remembered[r].anchors, size: remembered[r].track.location.size) { id in
            if let t = tracks.firstIndex(where: { $0.id == id }) {
                return tracks[t].lastSeen == time && tracks[t].state == .tracked ? tracks[t].location : nil
            }
            guard links > 0, let a = remembered.firstIndex(where: { $0.track.id == id }),
                  let place = placeNow(ofRemembered: a, at: time, links: links - 1) else { return nil }
            let outline = remembered[a].track.location
            return outline.translated(by: place - outline.center)
        }
    }

    /// Where a code with these anchors should be, given where `locate` finds each anchor now
    /// (`nil`: not measured now); `nil` when it finds none. Anchors noted in one frame (two
    /// or more) give a similarity (the view moved, zoomed and rolled); otherwise each gives
    /// its move and size change, and the estimates are averaged. `size`: the code's, frame pixels.
    static func place(from anchors: [Anchor], size: Double, locate: (TrackID) -> Quadrilateral?) -> Point? {
        var present: [(anchor: Anchor, now: Quadrilateral)] = []
        for anchor in anchors {
            if let now = locate(anchor.id) { present.append((anchor, now)) }
        }
        guard let latest = present.map(\.anchor.time).max() else { return nil }
        let together = present.filter { $0.anchor.time == latest }
        if together.count >= 2, let place = similarityPlace(together.map { ($0.anchor.center, $0.now.center) },
                                                              of: together[0].anchor.trackCenter, minimumSpread: size) {
            return place
        }
        var sum = Point.zero
        for (anchor, now) in present {
            let scale = anchor.size > 0 && now.size > 0 ? now.size / anchor.size : 1
            sum = sum + now.center + (anchor.trackCenter - anchor.center) * scale
        }
        return sum * (1 / Double(present.count))
    }

    /// Stage 1's jumps, settled by where the codes matched in this frame place each track:
    /// - a widened match (``TrackerConfiguration/reacquisitionGateFactor``) of a payload on
    ///   several labels (``sharedPayloads``) that lies outside the place gate is undone: with a
    ///   payload of its own a code read once after a jump is that code, with identical labels
    ///   it can be another one (a hand-held clip: a label re-read 330 px away continued the
    ///   track of its twin, which was still out of view);
    /// - a track left unmatched takes a read of its payload that lies at its place, however
    ///   far the view jumped (the same clip: a code read 340 px from its prediction, beyond the
    ///   widened gate, after 16 frames unread).
    /// A place is within ``TrackerConfiguration/placeAmongOthersGateFactor`` × the gate, and
    /// less than half as far as any other read of the payload. Without anchors located in
    /// this frame (``anchorNow(_:track:_:)``) nothing changes.
    mutating func settleJumpsByPlace(_ detections: [Detection]) {
        let factor = configuration.placeAmongOthersGateFactor
        guard factor > 0, configuration.identityMemory > 0 else { return }
        for t in widenedMatches {
            let d = motions[t].match
            guard d >= 0, let symbology = motions[t].payloadSymbology,
                  sharedPayloads.contains(PayloadIdentity(symbology: symbology, bytes: motions[t].payloadBytes)) else { continue }
            let size = max(motions[t].lastMeasured.size, detections[d].location.size)
            let place = Self.place(from: motions[t].anchors, size: size) { anchorNow($0, track: t, detections) }
            if let place, place.distance(to: detections[d].location.center) > factor * gate(forSize: size) {
                motions[t].match = -1
                detectionMatch[d] = -1
            }
        }
        var pairs: [(distance: Double, track: Int, detection: Int)] = []
        for t in tracks.indices where motions[t].match < 0 && motions[t].payloadSymbology != nil && !motions[t].anchors.isEmpty {
            var d = detectionsByKey[motions[t].payloadKey] ?? -1
            var place: Point??
            var distances: [(Double, Int)] = []
            while d >= 0 {
                if detectionValid[d], detectionMatch[d] < 0, samePayload(track: t, detection: d) {
                    if place == nil {
                        place = Self.place(from: motions[t].anchors, size: motions[t].lastMeasured.size) { anchorNow($0, track: t, detections) }
                    }
                    guard let found = place ?? nil else { break }
                    distances.append((found.distance(to: detections[d].location.center), d))
                }
                d = nextDetectionWithKey[d]
            }
            distances.sort { $0.0 < $1.0 }
            guard let best = distances.first else { continue }
            let size = max(motions[t].lastMeasured.size, detections[best.1].location.size)
            guard best.0 <= factor * gate(forSize: size), distances.count < 2 || best.0 * 2 < distances[1].0 else { continue }
            pairs.append((best.0, t, best.1))
        }
        for pair in pairs.sorted(by: { $0.distance < $1.distance }) where motions[pair.track].match < 0 && detectionMatch[pair.detection] < 0 {
            motions[pair.track].match = pair.detection
            detectionMatch[pair.detection] = pair.track
        }
    }

    /// Where the anchor `id` of track `t` is in this frame, during association: the read
    /// matched to its track in stage 1, or the one read of its payload when it is remembered
    /// with a payload of its own (it will take its id back, ``startTracks``); else `nil`.
    func anchorNow(_ id: TrackID, track t: Int, _ detections: [Detection]) -> Quadrilateral? {
        if let a = tracks.firstIndex(where: { $0.id == id }) {
            return a != t && motions[a].match >= 0 ? detections[motions[a].match].location : nil
        }
        guard let r = rememberedWithOwnPayload(id) else { return nil }
        let reads = detections.indices.filter {
            detectionValid[$0] && detectionMatch[$0] < 0 && detectionSymbology[$0] == remembered[r].symbology
                && detectionBytes[$0] == remembered[r].bytes
        }
        return reads.count == 1 ? detections[reads[0]].location : nil
    }

    /// `point` moved by the least-squares similarity (as complex numbers: now = a · then + b)
    /// that takes the anchors' centres then to their centres now; `nil` when the anchors lie
    /// within `minimumSpread` (root mean square) of their mean, too close to show a roll.
    static func similarityPlace(_ pairs: [(then: Point, now: Point)], of point: Point, minimumSpread: Double) -> Point? {
        let n = Double(pairs.count)
        let meanThen = pairs.reduce(Point.zero) { $0 + $1.then } * (1 / n)
        let meanNow = pairs.reduce(Point.zero) { $0 + $1.now } * (1 / n)
        var spread = 0.0, re = 0.0, im = 0.0
        for (p, q) in pairs {
            let u = p - meanThen, v = q - meanNow
            spread += u.x * u.x + u.y * u.y
            re += v.x * u.x + v.y * u.y
            im += v.y * u.x - v.x * u.y
        }
        guard spread >= n * minimumSpread * minimumSpread else { return nil }
        let a = (re / spread, im / spread), offset = point - meanThen
        return meanNow + Point(x: a.0 * offset.x - a.1 * offset.y, y: a.1 * offset.x + a.0 * offset.y)
    }

    /// Whether the code with `id` can be measured under that id in a coming frame: it is a
    /// track (only predicted in this one), or remembered with a payload of its own (which
    /// gives the id back).
    func canReturn(_ id: TrackID) -> Bool {
        tracks.contains { $0.id == id } || rememberedWithOwnPayload(id) != nil
    }

    /// The index in ``remembered`` of the code with `id` when its payload is on no other
    /// label (not in ``sharedPayloads``), so that a read of it gives the id back; else `nil`.
    func rememberedWithOwnPayload(_ id: TrackID) -> Int? {
        guard let r = remembered.firstIndex(where: { $0.track.id == id }),
              !sharedPayloads.contains(PayloadIdentity(symbology: remembered[r].symbology, bytes: remembered[r].bytes)) else { return nil }
        return r
    }

    /// How long (seconds) a read of a payload on several labels (``sharedPayloads``) waits
    /// for an anchor of a remembered code with its payload when none is measured yet: in a
    /// whip pan a label is read a frame before the codes around it, and starting it at once
    /// would give it a new id for good. (A read that waits starts no track, so a detector
    /// that follows tracks must find it again; a payload of its own never waits.)
    static let anchorWait = 0.1

    /// For each unmatched decoded detection that the payload rule gives no id
    /// (``rememberedTrack(for:_:at:)``), the remembered track of its payload whose place now
    /// (``placeNow(ofRemembered:at:)``) it lies on: within the place gate (twice it when no
    /// other such place lies within three times as far: a place from few or old anchors can
    /// be off by more), and nearer than half the distance to any other such place. Pairs are
    /// taken nearest first, each once.
    /// `waiting`: reads of shared payloads to start no track for in this update, as no anchor
    /// of a remembered code with their payload is measured yet but one can be
    /// (``canReturn(_:)``), for at most ``anchorWait``.
    mutating func claimsByPlace(_ detections: [Detection], among candidates: [Int], at time: Double)
        -> (claims: [Int: Int], waiting: Set<Int>) {
        let factor = configuration.placeAmongOthersGateFactor
        guard factor > 0, !remembered.isEmpty else { return ([:], []) }
        var pairs: [(distance: Double, detection: Int, remembered: Int)] = []
        var waiting = Set<Int>()
        for d in candidates {
            var distances: [(Double, Int)] = []
            var mayComeBack = false
            for r in remembered.indices where remembered[r].removedAt < time
                && remembered[r].symbology == detectionSymbology[d] && remembered[r].bytes == detectionBytes[d] {
                mayComeBack = mayComeBack || remembered[r].anchors.contains { canReturn($0.id) }
                guard let place = placeNow(ofRemembered: r, at: time) else { continue }
                distances.append((place.distance(to: detections[d].location.center), r))
            }
            distances.sort { $0.0 < $1.0 }
            guard let best = distances.first else {
                let began = anchorWaits[detectionKeys[d]] ?? time
                if isShared(detection: d), mayComeBack, time - began <= Self.anchorWait {
                    anchorWaits[detectionKeys[d]] = began
                    waiting.insert(d)
                }
                continue
            }
            let size = max(detections[d].location.size, remembered[best.1].track.location.size)
            // Clear: no other place near (the estimate, from few or old anchors, may be off more).
            let clear = distances.count < 2 || best.0 * 3 < distances[1].0
            guard best.0 <= (clear ? 2 : 1) * factor * gate(forSize: size), distances.count < 2 || best.0 * 2 < distances[1].0 else { continue }
            pairs.append((best.0, d, best.1))
        }
        // A wait is over for good once begun, also when the payload goes unread in some frames
        // of it (a read every other frame must not wait again and again); forgotten after a second.
        anchorWaits = anchorWaits.filter { time - $0.value <= 1 }
        var claims: [Int: Int] = [:], taken = Set<Int>()
        for pair in pairs.sorted(by: { $0.distance < $1.distance }) where !taken.contains(pair.remembered) {
            taken.insert(pair.remembered)
            claims[pair.detection] = pair.remembered
        }
        return (claims, waiting)
    }
}

extension Tracker.Anchor {
    /// How far the anchor stood from the track, frame pixels.
    var reach: Double { center.distance(to: trackCenter) }
}
