extension Tracker {
    /// Marks in `converged` (parallel to `tracks`) each track that was measured in this
    /// frame on the same spot as an older track measured in this frame with the same
    /// payload: their boxes overlap by at least ``convergedOverlap`` (intersection over
    /// union). Two labels never cover half of each other and both stay readable, so such
    /// tracks are one code followed twice: seen when a read of a few of a 1-D code's rows
    /// lay just outside the track's lagging measurement and started a second track, after
    /// which both followed the code side by side. The younger one (the larger id: tracks
    /// are sorted by id) is removed and the older one keeps the code.
    mutating func markConvergedTracks(_ detections: [Detection]) {
        converged.removeAll(keepingCapacity: true)
        converged.append(contentsOf: repeatElement(false, count: tracks.count))
        for newer in tracks.indices where motions[newer].match >= 0 {
            guard let symbology = motions[newer].payloadSymbology else { continue }
            let location = detections[motions[newer].match].location
            for older in 0..<newer where motions[older].match >= 0 && !converged[older]
                && motions[older].payloadKey == motions[newer].payloadKey
                && motions[older].payloadSymbology == symbology
                && motions[older].payloadBytes == motions[newer].payloadBytes {
                if detections[motions[older].match].location.boundingBox.iou(location.boundingBox) >= Self.convergedOverlap {
                    converged[newer] = true
                    break
                }
            }
        }
    }

    /// The intersection over union of two measurements' boxes from which two tracks of
    /// one payload are one code. The two tracks seen on one UPC-A overlapped by 0.63 on
    /// their first frame together and by more after; two 40 px labels passing each other
    /// 15 px apart overlap by at most 0.45 and stay two codes.
    static let convergedOverlap = 0.5
}
