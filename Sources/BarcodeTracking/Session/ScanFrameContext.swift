import Synchronization

/// What the per-frame callback receives: the frame's tracks, and the one place
/// where codes may be rejected.
///
/// Valid only while the callback runs (on the frame-processing queue); calling
/// ``reject(_:)`` after the callback returned throws
/// ``TrackingError/Code-swift.struct/rejectionOutsideCallback``.
public final class ScanFrameContext: Sendable {
    /// The frame's number in source order.
    public let frameNumber: Int
    /// The frame's time in seconds (source clock).
    public let time: Double
    /// The frame's tracks (frame pixels), with rejections made before this callback already flagged.
    public let tracks: [TrackedBarcode]

    private let state = Mutex(State())

    private struct State {
        var isActive = true
        var rejected: [TrackID] = []
    }

    init(frameNumber: Int, time: Double, tracks: [TrackedBarcode]) {
        self.frameNumber = frameNumber
        self.time = time
        self.tracks = tracks
    }

    /// Rejects the code with `id`: it stays tracked and flagged
    /// (``TrackedBarcode/isRejected``) but never enters the recognized set, never counts
    /// toward the expected number, and leaves the results if it was already there.
    ///
    /// Returns whether `id` is one of this frame's tracks (unknown ids change nothing).
    /// Throws when called after the callback returned.
    @discardableResult
    public func reject(_ id: TrackID) throws(TrackingError) -> Bool {
        let known = tracks.contains { $0.id == id }
        let accepted = state.withLock { state -> Bool in
            guard state.isActive else { return false }
            if known { state.rejected.append(id) }
            return true
        }
        guard accepted else {
            throw TrackingError(.rejectionOutsideCallback,
                "track \(id) was rejected after the per-frame callback of frame \(frameNumber) returned; " +
                "reject codes only inside the callback (or use the shouldReject predicate)")
        }
        return known
    }

    /// Ends the callback window and returns the rejected ids.
    func close() -> [TrackID] {
        state.withLock { state in
            state.isActive = false
            return state.rejected
        }
    }
}
