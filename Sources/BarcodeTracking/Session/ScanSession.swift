import Synchronization

/// A scanning session: tracks codes frame after frame, keeps the set of
/// recognized codes, and delivers a final ``ScanSummary`` exactly once.
///
/// Feed it with ``process(_:frameNumber:time:frameSize:)`` from one thread or
/// serial queue at a time (a ``FrameProcessor`` does it on its frame-processing
/// queue); the per-frame callbacks run synchronously inside that call, so on that
/// queue. ``pause()``, ``resume()``, ``clear()`` and ``stop()`` may be called
/// from any thread. Geometry is in frame pixels, times in seconds (source clock).
public final class ScanSession: Sendable {
    /// Called for every processed frame, on the thread that called `process`
    /// (the frame-processing queue), before recognition: codes rejected here never count.
    public typealias FrameCallback = @Sendable (ScanFrameContext) -> Void
    /// Asked for each decoded, not yet rejected track of every frame (on the
    /// frame-processing queue); returning true rejects it.
    public typealias RejectionPredicate = @Sendable (TrackedBarcode) -> Bool
    /// Receives the final result, exactly once, on the thread that ended the session:
    /// the frame-processing queue on completion, end of input or error; the caller's thread on ``stop()``.
    public typealias FinishCallback = @Sendable (ScanSummary) -> Void

    /// The validated settings.
    public let configuration: ScanSessionConfiguration
    let didProcessFrame: FrameCallback?
    let shouldReject: RejectionPredicate?
    let onFinish: FinishCallback?
    let state: Mutex<State>

    struct State {
        /// Frames in which a track was measured beside a recognized code of its payload.
        struct TwinSighting {
            /// Frame time of the first of them, seconds.
            var firstTime: Double
            var frames: Int
        }
        var tracker: Tracker
        var isPaused = false
        var summary: ScanSummary?
        var recognized: [RecognizedBarcode] = []
        /// Index into `recognized` of the code each track stands for.
        var recognizedIndexByTrack: [TrackID: Int] = [:]
        /// Bit i set: the track's payload was read in the i-th latest frame it was tracked in.
        var decodeHistory: [TrackID: UInt64] = [:]
        /// Fresh reads of each track's payload so far.
        var readCount: [TrackID: Int] = [:]
        /// Tracks that passed verification: their payload is established.
        var verified: Set<TrackID> = []
        var misreadsPrevented = 0
        /// Tracks waiting to count as a second label beside a recognized code of their
        /// payload (``ScanSessionConfiguration/twinConfirmation``).
        var twinSightings: [TrackID: TwinSighting] = [:]
        var rejected: Set<TrackID> = []
        var rejectedInOrder: [TrackID] = []
        var framesProcessed = 0
        var framesDropped = 0
        var framesDroppedBySource = 0
        var framesSkipped = 0
        /// Codes forgotten by each clear not yet reported in a frame result.
        var unreportedClears: [Int] = []
        var clears = 0
        var clearedCodes = 0
        /// Time of the frame in which the latest clear took effect: codes recognized since are first seen no earlier.
        var clearedAt: Double?
    }

    /// Creates a session; throws ``TrackingError/Code-swift.struct/invalidConfiguration``
    /// when a setting is out of range.
    ///
    /// - Parameters:
    ///   - didProcessFrame: per-frame callback, on the frame-processing queue; the only place to reject codes.
    ///   - shouldReject: rejection predicate, on the frame-processing queue.
    ///   - onFinish: receives the final result exactly once (see ``FinishCallback``).
    public init(configuration: ScanSessionConfiguration = ScanSessionConfiguration(),
                didProcessFrame: FrameCallback? = nil, shouldReject: RejectionPredicate? = nil,
                onFinish: FinishCallback? = nil) throws(TrackingError) {
        try configuration.validate()
        self.configuration = configuration
        self.didProcessFrame = didProcessFrame
        self.shouldReject = shouldReject
        self.onFinish = onFinish
        self.state = Mutex(State(tracker: try Tracker(configuration: configuration.tracker)))
    }

    /// Every recognized code so far, in the order recognized.
    public var recognized: [RecognizedBarcode] { state.withLock { $0.recognized } }
    /// The tracks of the latest processed frame, keyed by id.
    public var trackedCodes: [TrackID: TrackedBarcode] {
        state.withLock { state in
            Dictionary(uniqueKeysWithValues: state.tracker.currentTracks.map { track in
                var track = track
                track.isRejected = state.rejected.contains(track.id)
                return (track.id, track)
            })
        }
    }
    /// Whether frames are currently ignored.
    public var isPaused: Bool { state.withLock { $0.isPaused } }
    /// Whether the final result has been delivered.
    public var isFinished: Bool { state.withLock { $0.summary != nil } }
    /// The final result, once delivered.
    public var summary: ScanSummary? { state.withLock { $0.summary } }

    /// Stops processing frames until ``resume()``; tracks keep their ids, and those
    /// not seen for longer than the coast time are removed on the next frame.
    public func pause() { state.withLock { $0.isPaused = true } }
    /// Processes frames again after ``pause()``.
    public func resume() { state.withLock { $0.isPaused = false } }

    /// Starts the count over: forgets recognized codes and rejections. Codes still
    /// in view are recognized again (and reported as newly recognized) in the next
    /// frame, first seen in that frame. Track ids keep counting. The next frame's result
    /// reports the clear (``ScanFrameResult/clears``) and the summary counts it
    /// (``ScanSummary/clears``). No effect after the session finished.
    public func clear() {
        state.withLock { state in
            guard state.summary == nil else { return }
            state.unreportedClears.append(state.recognized.count)
            state.clears += 1
            state.clearedCodes += state.recognized.count
            state.recognized.removeAll()
            state.recognizedIndexByTrack.removeAll()
            state.twinSightings.removeAll()
            state.rejected.removeAll()
            state.rejectedInOrder.removeAll()
        }
    }

    /// Ends the session with ``ScanSummary/EndReason/stopped`` (when not already ended).
    public func stop() { finish(.stopped) }

    /// Ends the session and delivers the final result, exactly once per session:
    /// returns the summary and calls `onFinish` (on this thread) the first time,
    /// returns `nil` afterwards.
    @discardableResult
    public func finish(_ reason: ScanSummary.EndReason) -> ScanSummary? {
        let summary = state.withLock { state -> ScanSummary? in
            guard state.summary == nil else { return nil }
            let summary = ScanSummary(
                reason: reason, recognized: state.recognized, framesProcessed: state.framesProcessed,
                framesDropped: state.framesDropped, framesDroppedBySource: state.framesDroppedBySource,
                framesSkipped: state.framesSkipped,
                rejectedTrackIDs: state.rejectedInOrder, misreadsPrevented: state.misreadsPrevented,
                clears: state.clears, clearedCodes: state.clearedCodes)
            state.summary = summary
            return summary
        }
        if let summary { onFinish?(summary) }
        return summary
    }

    /// The region (frame pixels) a detector needs to search, or `nil` for the whole frame.
    public func detectionRegion(for frameSize: Size) -> Rect? {
        let area = configuration.scanArea.area(in: frameSize)
        return area == Rect(x: 0, y: 0, width: frameSize.width, height: frameSize.height) ? nil : area
    }

    /// Counts frames of a live source that were never processed, `bySource` of them never
    /// delivered by the source (the rest dropped by the pipeline, processing behind).
    func noteDroppedFrames(_ count: Int, bySource: Int) {
        state.withLock { state in
            state.framesDropped += count
            state.framesDroppedBySource += bySource
        }
    }
    /// Counts frames that could not be used (damaged, failed detection, out of time order).
    func noteSkippedFrames(_ count: Int) { state.withLock { $0.framesSkipped += count } }
}
