extension ScanSession {
    /// Misread protection, right after the tracker: counts each track's fresh reads,
    /// marks the tracks that pass their verification rule (their payload is then
    /// established), and removes unverified tracks that sit on the same spot as an
    /// established code with another payload (misreads: counted, never adopted).
    /// Removed misreads that were reported before leave through `update.removed`.
    func verifyReads(_ update: inout TrackerUpdate, in state: inout State) {
        for lost in update.removed {
            state.decodeHistory[lost.id] = nil
            state.readCount[lost.id] = nil
            state.verified.remove(lost.id)
        }
        let readNow = Set(update.read)
        for track in update.tracks where track.state == .tracked {
            let read = readNow.contains(track.id)
            state.decodeHistory[track.id] = ((state.decodeHistory[track.id] ?? 0) << 1) | (read ? 1 : 0)
            if read { state.readCount[track.id, default: 0] += 1 }
        }
        // Codes established before this frame first: a new reading that disagrees with
        // one is a misread even when it would pass its own rule (e.g. first read, 1/1).
        var misreads = findMisreads(in: update, state: &state, excluding: [])
        for track in update.tracks where track.state == .tracked && !misreads.contains(track.id) {
            guard let barcode = track.barcode, !state.verified.contains(track.id) else { continue }
            let rule = configuration.verification(for: barcode)
            let window: UInt64 = rule.window == 64 ? ~0 : (1 << UInt64(rule.window)) - 1
            if ((state.decodeHistory[track.id] ?? 0) & window).nonzeroBitCount >= rule.required {
                state.verified.insert(track.id)
            }
        }
        // Then codes established in this frame: a misread read before the real payload.
        misreads.formUnion(findMisreads(in: update, state: &state, excluding: misreads))
        guard !misreads.isEmpty else { return }
        state.tracker.discard(misreads)
        let addedNow = Set(update.added)
        for track in update.tracks where misreads.contains(track.id) && !addedNow.contains(track.id) {
            var gone = track
            gone.state = .lost
            update.removed.append(gone)
        }
        update.tracks.removeAll { misreads.contains($0.id) }
        update.added.removeAll { misreads.contains($0) }
        update.returned.removeAll { misreads.contains($0) }
        update.updated.removeAll { misreads.contains($0) }
        update.decoded.removeAll { misreads.contains($0) }
        update.read.removeAll { misreads.contains($0) }
    }

    /// How long (seconds) an established code only predicted since its last measurement
    /// still holds its spot against other readings. Its extrapolated quad drifts: a hand-held
    /// clip's QR code predicted for half a second had slid 100 px onto a label with another
    /// payload that came back into view, and that label's reading was dropped as a misread.
    static let establishedPredictionLimit = 0.25

    /// Unverified decoded tracks on the same spot as a verified code with another payload
    /// (measured in this frame or predicted for at most ``establishedPredictionLimit``);
    /// counts their readings as prevented misreads.
    private func findMisreads(in update: TrackerUpdate, state: inout State, excluding: Set<TrackID>) -> Set<TrackID> {
        let established = update.tracks.filter {
            $0.barcode != nil && state.verified.contains($0.id) && update.time - $0.lastSeen <= Self.establishedPredictionLimit
        }
        guard !established.isEmpty else { return [] }
        var misreads: Set<TrackID> = []
        for track in update.tracks where !state.verified.contains(track.id) && !excluding.contains(track.id) {
            guard let barcode = track.barcode else { continue }
            let payload = barcode.payload
            let partial = payload.symbology.readsPartialRows
            // An EAN-2/EAN-5 add-on shares its main code's spot: never a misread of it, but one
            // of another established add-on of the same main code there (a code has one add-on).
            let addOn = payload.symbology.isAddOn
            let clash = established.contains { code in
                guard let other = code.barcode, other.symbology.isAddOn == addOn, other.payload != payload,
                      !addOn || other.associatedCode == barcode.associatedCode else { return false }
                return code.location.isSameCode(as: track.location, partialRead: partial)
            }
            guard clash else { continue }
            misreads.insert(track.id)
            // Every reading of the wrong payload was one misread kept out of the results.
            state.misreadsPrevented += max(1, state.readCount[track.id] ?? 0)
            state.decodeHistory[track.id] = nil
            state.readCount[track.id] = nil
        }
        return misreads
    }
}
