/// The identifier of one physical code within a session.
///
/// Unique within a session and never given to another code. A code lost and read again
/// soon after gets its id back when nothing else carries its payload
/// (``TrackerConfiguration/identityMemory``); otherwise it gets a new one.
public struct TrackID: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The number, counted from 1 within a session.
    public var rawValue: Int

    /// Wraps a number.
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static func < (a: TrackID, b: TrackID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { String(rawValue) }
}

/// Where a track stands in the current frame.
public enum TrackState: String, Sendable, Hashable, Codable {
    /// Measured in this frame: `location` comes from this frame's pixels.
    case tracked
    /// Not measured in this frame; `location` is the motion model's extrapolation.
    case predictedOnly = "predicted"
    /// Gone: not measured for longer than the coast time. Reported once, in the frame it is removed.
    case lost
}

/// One physical code followed across frames.
///
/// All geometry is in frame pixels; times are seconds on the frame source's clock.
public struct TrackedBarcode: Sendable, Hashable, Identifiable {
    /// Stable identifier for as long as the code is in view (and when it comes back
    /// within ``TrackerConfiguration/identityMemory``); never given to another code.
    public var id: TrackID
    /// The decoded barcode (its latest read), or `nil` while the code is located but not yet decoded.
    public var barcode: Barcode?
    /// Corners in frame pixels, in canonical order (the code's own top-left first, clockwise).
    /// Measured in this frame when `state == .tracked`, extrapolated otherwise.
    public var location: Quadrilateral
    /// Where the corners are expected to be `deltaTimeForPrediction` seconds after this frame (frame pixels).
    public var predictedLocation: Quadrilateral
    /// Seconds from this frame's time to the moment `predictedLocation` is for: about one measured frame interval.
    public var deltaTimeForPrediction: Double
    /// Velocity of the code's centre in frame pixels per second.
    public var velocity: Point
    /// Whether animating corner-to-corner from the previous state to this one is safe
    /// (false after a corner-order change or a jump).
    public var shouldAnimateFromPreviousToNextState: Bool
    /// Time of the first frame the code was seen in (seconds).
    public var firstSeen: Double
    /// Time of the latest frame the code was measured in (seconds).
    public var lastSeen: Double
    /// Number of frames the code was measured in.
    public var framesSeen: Int
    /// Whether it was measured in this frame, only predicted, or lost.
    public var state: TrackState
    /// Whether the app rejected this code; it stays tracked but never counts as recognized.
    public var isRejected: Bool
    /// Whether the session still waits for fresh reads of this decoded code's payload to
    /// verify it (``ScanSessionConfiguration/Verification``). ``ScanSession`` sets it on the
    /// tracks it hands a ``TrackingAwareDetector``, which should then read the code from the
    /// frame's pixels rather than only re-locate it: a re-located copy is no reading, so N-of-M
    /// would never be met. Always `false` in frame results.
    public var awaitsVerification = false

    /// Creates a tracked code.
    public init(
        id: TrackID, barcode: Barcode?, location: Quadrilateral, predictedLocation: Quadrilateral,
        deltaTimeForPrediction: Double, velocity: Point, shouldAnimateFromPreviousToNextState: Bool,
        firstSeen: Double, lastSeen: Double, framesSeen: Int, state: TrackState, isRejected: Bool = false
    ) {
        self.id = id
        self.barcode = barcode
        self.location = location
        self.predictedLocation = predictedLocation
        self.deltaTimeForPrediction = deltaTimeForPrediction
        self.velocity = velocity
        self.shouldAnimateFromPreviousToNextState = shouldAnimateFromPreviousToNextState
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
        self.framesSeen = framesSeen
        self.state = state
        self.isRejected = isRejected
    }

    /// Whether the code has been decoded (as opposed to located only).
    public var isDecoded: Bool { barcode != nil }
}
