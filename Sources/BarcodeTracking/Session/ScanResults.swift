/// One physical code in a session's results.
public struct RecognizedBarcode: Sendable, Hashable {
    /// The latest read of the code.
    public var barcode: Barcode
    /// The track currently (or last) following the code; a code that left the view
    /// and came back under ``ScanSessionConfiguration/DuplicatePolicy/separateWhenSimultaneouslyVisible``
    /// moves to its new track.
    public var trackID: TrackID
    /// The track under which the code was recognized, as announced in
    /// ``ScanFrameResult/newlyRecognized``; unlike ``trackID`` it never changes, so
    /// reports can name each code by the id they announced it under.
    public let firstTrackID: TrackID
    /// Time (seconds, source clock) of the frame in which it was first seen.
    public var firstSeen: Double
    /// Time (seconds, source clock) of the latest frame in which it was measured.
    public var lastSeen: Double
    /// Latest measured corners, in frame pixels, canonical order.
    public var location: Quadrilateral

    /// Creates a result; `firstTrackID` defaults to `trackID`.
    public init(barcode: Barcode, trackID: TrackID, firstTrackID: TrackID? = nil, firstSeen: Double, lastSeen: Double,
                location: Quadrilateral) {
        self.barcode = barcode
        self.trackID = trackID
        self.firstTrackID = firstTrackID ?? trackID
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
        self.location = location
    }
}

/// What one processed frame produced. Geometry in frame pixels, times in seconds.
public struct ScanFrameResult: Sendable {
    /// The frame's number in source order (from 1).
    public var frameNumber: Int
    /// The frame's time on the source clock.
    public var time: Double
    /// The frame's size in frame pixels.
    public var frameSize: Size
    /// Every current track, sorted by id, with ``TrackedBarcode/isRejected`` set.
    public var tracks: [TrackedBarcode]
    /// Ids of tracks created in this frame.
    public var added: [TrackID]
    /// Of ``added``, the ids a code took back (removed earlier, read again within
    /// ``TrackerConfiguration/identityMemory``); the others are new ids.
    public var returned: [TrackID] = []
    /// Ids of tracks continued (measured or extrapolated) in this frame.
    public var updated: [TrackID]
    /// Tracks removed in this frame (`state == .lost`).
    public var removed: [TrackedBarcode]
    /// Codes that entered the recognized set in this frame (each physical code once per session).
    public var newlyRecognized: [RecognizedBarcode]
    /// Number of recognized codes after this frame.
    public var recognizedCount: Int
    /// One entry per ``ScanSession/clear()`` since the previous result, in order: how many recognized
    /// codes it forgot. The clears took effect before this frame was recognized; empty normally.
    public var clears: [Int] = []
    /// Readings held back as misreads so far in the session (see ``ScanSummary/misreadsPrevented``).
    public var misreadsPrevented: Int = 0
    /// Frames the pipeline dropped since the previous result (live sources falling behind).
    public var droppedFramesSinceLastResult: Int
    /// The frame's pixels, when the ``FrameProcessor`` was asked to deliver them
    /// (``FrameProcessorConfiguration/deliversImages``), for drawing or snapshots; `nil` otherwise.
    public var image: LumaImage?
    /// The detector's warnings for this frame (see ``DetectionReport/warnings``),
    /// set by ``FrameProcessor``; empty normally.
    public var warnings: [String] = []

    /// Creates a result.
    public init(frameNumber: Int, time: Double, frameSize: Size, tracks: [TrackedBarcode], added: [TrackID],
                updated: [TrackID], removed: [TrackedBarcode], newlyRecognized: [RecognizedBarcode],
                recognizedCount: Int, droppedFramesSinceLastResult: Int = 0) {
        self.frameNumber = frameNumber
        self.time = time
        self.frameSize = frameSize
        self.tracks = tracks
        self.added = added
        self.updated = updated
        self.removed = removed
        self.newlyRecognized = newlyRecognized
        self.recognizedCount = recognizedCount
        self.droppedFramesSinceLastResult = droppedFramesSinceLastResult
    }

    /// Whether something barcode-like is in view but not decoded: a hint to hold steady.
    public var isCodeInRange: Bool { tracks.contains { $0.barcode == nil && $0.state == .tracked } }
}

/// The final result of a session, delivered exactly once.
public struct ScanSummary: Sendable {
    /// Why a session ended.
    public enum EndReason: Sendable, Hashable, CustomStringConvertible {
        /// The expected number of codes was recognized.
        case completed
        /// The app stopped the session.
        case stopped
        /// The frame source had no more frames.
        case endOfInput
        /// The frame source (or something else) failed; the message says what and what to do.
        case failed(String)

        public var description: String {
            switch self {
            case .completed: "completed"
            case .stopped: "stopped"
            case .endOfInput: "end of input"
            case .failed(let message): "failed: \(message)"
            }
        }
    }

    /// Why the session ended.
    public var reason: EndReason
    /// Every code recognized since the latest ``ScanSession/clear()`` (all of them when there was
    /// none), in the order recognized; a code recognized again after a clear counts from the frame
    /// in which the clear took effect (``RecognizedBarcode/firstSeen`` no earlier than that frame).
    public var recognized: [RecognizedBarcode]
    /// Frames the session processed (not counting frames skipped while paused).
    public var framesProcessed: Int
    /// Frames of a live source never processed: ``framesDroppedBySource`` plus the frames
    /// the pipeline replaced by a newer one because processing was behind.
    public var framesDropped: Int
    /// Of ``framesDropped``, those the live source itself never delivered: numbers missing
    /// from its sequence (a camera driver that had no free buffer or was starved of CPU, a
    /// paced file or demo scene that fell behind the clock). The rest, `framesDropped -
    /// framesDroppedBySource`, the pipeline dropped because processing was behind.
    public var framesDroppedBySource: Int = 0
    /// Frames skipped as unusable: damaged in the source, failed detection, or out of time order.
    public var framesSkipped: Int
    /// Tracks rejected by the app during the session.
    public var rejectedTrackIDs: [TrackID]
    /// Readings held back as misreads: reads (from the frame's pixels) of a payload
    /// other than the established one of a verified code at the same spot (see
    /// ``ScanSessionConfiguration/Verification``). Each such reading counts once.
    public var misreadsPrevented: Int = 0
    /// How many times ``ScanSession/clear()`` emptied the results.
    public var clears: Int = 0
    /// How many recognized codes those clears forgot, in total.
    public var clearedCodes: Int = 0
}
