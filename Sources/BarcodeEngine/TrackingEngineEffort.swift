/// How hard a ``TrackingEngine`` looks for new codes on frames it does not search whole,
/// trading speed for how soon a code is first reported; ``TrackingEngineConfiguration/init(effort:)``
/// turns it into settings (`track --effort` uses the same).
public enum TrackingEngineEffort: String, CaseIterable, Sendable {
    /// The whole frame every 6th frame while codes are tracked (12th while the view is
    /// steady) and every 2nd while none is, every other time at half size (also while every
    /// tracked code is lost, where the other efforts search at full size): fastest; a large
    /// code waits up to 5 frames (11 in a steady view).
    case fast
    /// The whole frame every 3rd frame (the default; every 6th while the view is steady: no
    /// new code for 2 s and the codes tracked barely moving), every other time at half size
    /// (but every frame at full size while every tracked code is lost):
    /// a large code waits up to 2 frames (5), the smallest readable ones up to 5 (11) when
    /// neither a code-like region nor a strip or tile finds them first.
    case balanced
    /// The whole frame on every frame at full resolution, as decoding every frame does,
    /// plus the engine's own searches: slower than decoding every frame, and finds nearly all
    /// it finds, not all: a tracked 1-D code is painted out of that search at its prediction,
    /// and a lost one is read again in a window, where zxing-cpp thresholds each row by the
    /// window's part of it.
    case thorough

    /// Frames between whole-frame searches (``TrackingEngineConfiguration/wholeFrameInterval``).
    public var wholeFrameInterval: Int {
        switch self {
        case .fast: 6
        case .balanced: 3
        case .thorough: 1
        }
    }

    /// Frames between whole-frame searches while the view is steady
    /// (``TrackingEngineConfiguration/relaxedWholeFrameInterval``): twice the other interval,
    /// but every frame for thorough.
    public var relaxedWholeFrameInterval: Int { self == .thorough ? 1 : 2 * wholeFrameInterval }

    /// Frames between whole-frame searches while nothing is tracked
    /// (``TrackingEngineConfiguration/idleWholeFrameInterval``).
    public var idleWholeFrameInterval: Int { self == .fast ? 2 : 1 }

    /// Every how many-th whole-frame search is at full resolution, the others on the frame
    /// at half size (``TrackingEngineConfiguration/fullResolutionWholeFrameInterval``):
    /// every one for thorough, every 2nd otherwise.
    public var fullResolutionWholeFrameInterval: Int { self == .thorough ? 1 : 2 }
}
