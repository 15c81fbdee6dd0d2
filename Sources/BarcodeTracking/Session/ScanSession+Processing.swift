extension ScanSession {
    /// Processes one frame's detections (frame pixels) and returns the frame's
    /// result, or `nil` when the session is paused or finished (the frame is ignored).
    ///
    /// Runs the filters (enabled symbologies, scan area, per-frame cap), the
    /// tracker, the `shouldReject` predicate, the per-frame callback (synchronously,
    /// on this thread) and recognition, then completes the session when the
    /// expected count is reached. Throws ``TrackingError/Code-swift.struct/invalidFrameTime``
    /// for a time that is not finite or goes backwards (the frame is ignored, nothing changes).
    public func process(_ detections: [Detection], frameNumber: Int, time: Double,
                        frameSize: Size) throws(TrackingError) -> ScanFrameResult? {
        let filtered = filter(detections, frameSize: frameSize)
        let tracked = try state.withLock { state throws(TrackingError) -> TrackerUpdate? in
            guard state.summary == nil, !state.isPaused else { return nil }
            var update = try state.tracker.update(with: filtered, at: time)
            state.framesProcessed += 1
            verifyReads(&update, in: &state)
            for i in update.tracks.indices {
                update.tracks[i].isRejected = state.rejected.contains(update.tracks[i].id)
            }
            return update
        }
        guard var update = tracked else { return nil }

        // User code runs without the lock held, so it may call pause(), clear() or stop().
        var newlyRejected: [TrackID] = []
        if let shouldReject {
            for i in update.tracks.indices where !update.tracks[i].isRejected && update.tracks[i].barcode != nil {
                if shouldReject(update.tracks[i]) {
                    update.tracks[i].isRejected = true
                    newlyRejected.append(update.tracks[i].id)
                }
            }
        }
        if let didProcessFrame {
            let context = ScanFrameContext(frameNumber: frameNumber, time: time, tracks: update.tracks)
            didProcessFrame(context)
            newlyRejected += context.close()
        }

        let (newlyRecognized, count, completed, misreads, clears) = state.withLock { state in
            // Clears made until now take effect in this frame's recognition, and this frame reports
            // them: its `recognized` codes are those counted after them.
            let clears = state.unreportedClears
            if !clears.isEmpty {
                state.unreportedClears.removeAll()
                state.clearedAt = time
            }
            for id in newlyRejected where state.rejected.insert(id).inserted {
                state.rejectedInOrder.append(id)
            }
            for i in update.tracks.indices where state.rejected.contains(update.tracks[i].id) {
                update.tracks[i].isRejected = true
            }
            let newly = recognize(update, in: &state, frameSize: frameSize, time: time)
            let count = state.recognized.count
            let completed = state.summary == nil && configuration.expectedCount.map { count >= $0 } == true
            return (newly, count, completed, state.misreadsPrevented, clears)
        }
        var result = ScanFrameResult(
            frameNumber: frameNumber, time: time, frameSize: frameSize, tracks: update.tracks,
            added: update.added, updated: update.updated, removed: update.removed,
            newlyRecognized: newlyRecognized, recognizedCount: count)
        result.misreadsPrevented = misreads
        result.returned = update.returned
        result.clears = clears
        if completed { finish(.completed) }
        return result
    }

    /// Applies enabled symbologies, the scan area and the per-frame cap.
    func filter(_ detections: [Detection], frameSize: Size) -> [Detection] {
        let area = configuration.scanArea
        var kept = detections.filter { detection in
            if let enabled = configuration.enabledSymbologies {
                let symbology = detection.barcode?.symbology ?? detection.symbologyHint
                if let symbology, !enabled.contains(symbology) { return false }
            }
            return area.contains(detection.location, in: frameSize)
        }
        if let cap = configuration.maximumCodesPerFrame, kept.count > cap {
            let poi = area.pointOfInterest(in: frameSize)
            kept.sort { $0.location.center.distance(to: poi) < $1.location.center.distance(to: poi) }
            kept.removeSubrange(cap...)
        }
        return kept
    }

    /// Updates the recognized set; returns the codes new in this frame. With an expected
    /// count, at most the codes still missing are taken, those nearest the scan area's
    /// point of interest first when more arrive in one frame (the rest stay unrecognized).
    private func recognize(_ update: TrackerUpdate, in state: inout State, frameSize: Size,
                           time: Double) -> [RecognizedBarcode] {
        for lost in update.removed {
            state.recognizedIndexByTrack[lost.id] = nil
            state.twinSightings[lost.id] = nil
        }
        // A late rejection takes an already recognized code out of the results.
        for id in state.rejected {
            if let index = state.recognizedIndexByTrack[id] { removeRecognized(at: index, in: &state) }
        }
        // In view means measured in this frame: a track only predicted (its code left the view,
        // possibly extrapolated off the frame) is no twin of a code measured elsewhere. Counting
        // predicted tracks announced a label twice when it came back before its old track expired
        // (1-hour soak: a PDF417 leaving at the left while predicted off-frame, read again at once).
        let measuredAt = Dictionary(uniqueKeysWithValues: update.tracks.filter { $0.state == .tracked }.map { ($0.id, $0.location) })
        let present = Set(measuredAt.keys)
        let current = Set(update.tracks.map(\.id))
        var newly: [RecognizedBarcode] = []
        var candidates: [TrackedBarcode] = []
        for track in update.tracks where track.state == .tracked {
            guard let barcode = track.barcode, !track.isRejected else { continue }
            if let index = state.recognizedIndexByTrack[track.id] {
                state.recognized[index].barcode = barcode
                state.recognized[index].lastSeen = track.lastSeen
                state.recognized[index].location = track.location
                continue
            }
            guard state.verified.contains(track.id), !awaitsAddOn(of: track, barcode, in: update, state: state) else { continue }
            // The tracker gave this track back the id of a recognized code (it came back into
            // view, placed by its payload or among the codes around it): it is that code, even
            // when a label with its payload is in view.
            if let index = state.recognized.firstIndex(where: { $0.trackID == track.id && $0.barcode.payload == barcode.payload }) {
                rejoin(index, track, barcode, in: &state)
                continue
            }
            // A recognized code of its payload still has a track (measured or only predicted):
            // this is a second label only once the two were measured together long enough (one
            // of 18 identical labels missed in a frame is still there; a label read as two strips
            // merges). Once no such track is left, it is that code back in view.
            if hasTwin(of: barcode, track: track.id, among: current, in: state) {
                if confirmTwin(track, barcode, measuredAt: measuredAt, time: time, in: &state) { candidates.append(track) }
                continue
            }
            if let index = existingCode(for: barcode, track: track.id, present: present, in: state) {
                rejoin(index, track, barcode, in: &state)
                continue
            }
            candidates.append(track)
        }
        if let expected = configuration.expectedCount, candidates.count > expected - state.recognized.count {
            let poi = configuration.scanArea.pointOfInterest(in: frameSize)
            candidates.sort { $0.location.center.distance(to: poi) < $1.location.center.distance(to: poi) }
            candidates.removeSubrange(max(0, expected - state.recognized.count)...)
        }
        for track in candidates {
            guard let barcode = track.barcode else { continue }
            // A twin confirmed above counts. Any other candidate may have a twin recognized earlier
            // in this loop: under ``DuplicatePolicy/oncePerPayload`` it joins it, under the default it
            // waits like any twin.
            if state.twinSightings.removeValue(forKey: track.id) == nil {
                if let index = existingCode(for: barcode, track: track.id, present: present, in: state) {
                    state.recognizedIndexByTrack[track.id] = index
                    continue
                }
                if hasTwin(of: barcode, track: track.id, among: present, in: state) {
                    guard confirmTwin(track, barcode, measuredAt: measuredAt, time: time, in: &state) else { continue }
                    state.twinSightings[track.id] = nil
                }
            }
            // After a clear, a code still in view counts from the frame the clear took effect in.
            let code = RecognizedBarcode(barcode: linkingVerifiedAddOn(barcode, of: track, in: update, state: state),
                                         trackID: track.id, firstSeen: max(track.firstSeen, state.clearedAt ?? -.infinity),
                                         lastSeen: track.lastSeen, location: track.location)
            state.recognizedIndexByTrack[track.id] = state.recognized.count
            state.recognized.append(code)
            newly.append(code)
        }
        return newly
    }

    /// Makes `track` (reading `barcode`) the track of the recognized code at `index`: the code back in view.
    private func rejoin(_ index: Int, _ track: TrackedBarcode, _ barcode: Barcode, in state: inout State) {
        state.recognized[index].barcode = barcode
        state.recognized[index].trackID = track.id
        state.recognized[index].lastSeen = track.lastSeen
        state.recognized[index].location = track.location
        state.recognizedIndexByTrack[track.id] = index
        state.twinSightings[track.id] = nil
    }

    /// The recognized code a new track with `barcode` stands for under the duplicate policy, if any.
    /// A code that came back under its own id (``TrackerConfiguration/identityMemory``) is
    /// the code recognized under that id.
    private func existingCode(for barcode: Barcode, track: TrackID, present: Set<TrackID>, in state: State) -> Int? {
        switch configuration.duplicatePolicy {
        case .everyTrack:
            return nil
        case .oncePerPayload:
            return state.recognized.firstIndex { $0.barcode.payload == barcode.payload }
        case .separateWhenSimultaneouslyVisible:
            // Same payload and its track gone: the same label back in view.
            return state.recognized.firstIndex {
                $0.barcode.payload == barcode.payload && ($0.trackID == track || !present.contains($0.trackID))
            }
        }
    }

    /// Whether a recognized code with `barcode`'s payload stands for a track other than `track`
    /// that is among `tracks`, under ``ScanSessionConfiguration/DuplicatePolicy/separateWhenSimultaneouslyVisible``.
    private func hasTwin(of barcode: Barcode, track: TrackID, among tracks: Set<TrackID>, in state: State) -> Bool {
        configuration.duplicatePolicy == .separateWhenSimultaneouslyVisible && state.recognized.contains {
            $0.barcode.payload == barcode.payload && $0.trackID != track && tracks.contains($0.trackID)
        }
    }

    /// Counts this frame towards `track`'s confirmation as a second label when a twin
    /// (``hasTwin(of:track:among:in:)``) is measured in it too (`measuredAt`: where each track
    /// measured in this frame is) and neither may be a part of the other
    /// (``Quadrilateral/mayBeSameCode(as:partialRead:)``: one label read as two strips of rows is
    /// measured twice in every frame it is read so); returns whether the two have now been
    /// measured together as long as ``ScanSessionConfiguration/twinConfirmation`` asks. Call it
    /// at most once per track and frame.
    private func confirmTwin(_ track: TrackedBarcode, _ barcode: Barcode, measuredAt: [TrackID: Quadrilateral], time: Double,
                             in state: inout State) -> Bool {
        guard hasTwin(of: barcode, track: track.id, among: Set(measuredAt.keys), in: state) else { return false }
        let twins = state.recognized.filter { $0.barcode.payload == barcode.payload && $0.trackID != track.id }.compactMap { measuredAt[$0.trackID] }
        let partialRead = barcode.symbology.readsPartialRows
        if twins.contains(where: { track.location.mayBeSameCode(as: $0, partialRead: partialRead) }) { return false }
        let rule = configuration.twinConfirmation
        var sighting = state.twinSightings[track.id] ?? State.TwinSighting(firstTime: time, frames: 0)
        sighting.frames += 1
        state.twinSightings[track.id] = sighting
        return sighting.frames >= rule.frames && time - sighting.firstTime >= rule.seconds
    }

    private func removeRecognized(at index: Int, in state: inout State) {
        state.recognized.remove(at: index)
        state.recognizedIndexByTrack = state.recognizedIndexByTrack.filter { $0.value != index }
            .mapValues { $0 > index ? $0 - 1 : $0 }
    }
}
