import ArgumentParser
import BarcodeEngine

/// `--effort`: how hard the engine looks for new codes on frames it has not
/// searched whole, trading speed for how soon a code is first reported.
enum EngineEffort: String, CaseIterable, ExpressibleByArgument {
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
    /// it finds (95-100% of its reads on the photo scenes and real clips), not all:
    /// a tracked 1-D code is painted out of that search at its prediction, and a lost one is
    /// read again in a window, where zxing-cpp thresholds each row by the window's part of it.
    case thorough

    /// Frames between whole-frame searches (``TrackingEngineConfiguration/wholeFrameInterval``).
    var wholeFrameInterval: Int {
        switch self {
        case .fast: 6
        case .balanced: 3
        case .thorough: 1
        }
    }

    /// Frames between whole-frame searches while the view is steady
    /// (``TrackingEngineConfiguration/relaxedWholeFrameInterval``): twice the other interval,
    /// but every frame for thorough.
    var relaxedWholeFrameInterval: Int { self == .thorough ? 1 : 2 * wholeFrameInterval }

    /// Frames between whole-frame searches while nothing is tracked
    /// (``TrackingEngineConfiguration/idleWholeFrameInterval``).
    var idleWholeFrameInterval: Int { self == .fast ? 2 : 1 }

    /// Every how many-th whole-frame search is at full resolution, the others on the frame
    /// at half size (``TrackingEngineConfiguration/fullResolutionWholeFrameInterval``):
    /// every one for thorough, every 2nd otherwise.
    var fullResolutionWholeFrameInterval: Int { self == .thorough ? 1 : 2 }

    /// The `--effort` help text.
    static let help = ArgumentHelp(
        "How often the engine searches the whole frame for new codes: fast (every 6th frame; every 2nd while nothing is tracked), balanced (every 3rd, the default), both twice as seldom while the view is steady and at half size every other time (balanced at full size on every frame while every tracked code is lost), or thorough (every frame, full size). With a camera or --realtime it also searches whole whenever the frame's spare time allows.",
        valueName: "fast|balanced|thorough")
}
