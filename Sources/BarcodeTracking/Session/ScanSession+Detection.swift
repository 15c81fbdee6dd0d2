extension ScanSession {
    /// Runs `detector` on `frame` the way the pipeline does: inside the scan
    /// area, and with the current tracks when the detector can use them
    /// (``TrackingAwareDetector``). Call it on the frame-processing queue,
    /// right before ``process(_:frameNumber:time:frameSize:)`` for the same frame.
    public func detect(in frame: Frame, using detector: any BarcodeDetector) throws -> [Detection] {
        try report(in: frame, using: detector).detections
    }

    /// Like ``detect(in:using:)``, with the detector's warnings (see ``DetectionReport``).
    public func report(in frame: Frame, using detector: any BarcodeDetector) throws -> DetectionReport {
        let size = Size(width: Double(frame.image.width), height: Double(frame.image.height))
        let region = detectionRegion(for: size)
        guard let aware = detector as? any TrackingAwareDetector else {
            return try detector.report(in: frame.image, region: region)
        }
        // Codes still short of their N-of-M reads are marked, so that the detector reads them
        // again instead of only re-locating them (a copy of the track's payload is no reading).
        let expected = state.withLock { state in
            var tracks = state.tracker.currentTracks
            for i in tracks.indices where tracks[i].barcode != nil && !state.verified.contains(tracks[i].id) {
                tracks[i].awaitsVerification = true
            }
            return tracks
        }
        return try aware.report(in: frame, region: region, expected: expected)
    }

    /// Names `next`, the frame that will be detected after the one about to be, to
    /// `detector` when it can start work on it early (``TrackingAwareDetector/prepare(next:)``).
    /// Call on the frame-processing queue, right before ``report(in:using:)`` for the current frame.
    public func prepare(next: Frame, using detector: any BarcodeDetector) {
        (detector as? any TrackingAwareDetector)?.prepare(next: next)
    }
}
