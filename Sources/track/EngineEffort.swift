import ArgumentParser
import BarcodeEngine

/// `--effort`: how hard the engine looks for new codes on frames it has not
/// searched whole, trading speed for how soon a code is first reported.
enum EngineEffort: String, CaseIterable, ExpressibleByArgument {
    /// The whole frame every 6th frame while codes are tracked and every 2nd while none
    /// is: fastest; a code waits up to 5 frames.
    case fast
    /// The whole frame every 3rd frame (the default): a code waits up to 2 frames.
    case balanced
    /// The whole frame on every frame, as decoding every frame does, plus the
    /// engine's own searches: finds at least what the baseline finds, and is slower.
    case thorough

    /// Frames between whole-frame searches (``TrackingEngineConfiguration/wholeFrameInterval``).
    var wholeFrameInterval: Int {
        switch self {
        case .fast: 6
        case .balanced: 3
        case .thorough: 1
        }
    }

    /// Frames between whole-frame searches while nothing is tracked
    /// (``TrackingEngineConfiguration/idleWholeFrameInterval``).
    var idleWholeFrameInterval: Int { self == .fast ? 2 : 1 }

    /// The `--effort` help text.
    static let help = ArgumentHelp(
        "How often the engine searches the whole frame for new codes: fast (every 6th frame; every 2nd while nothing is tracked), balanced (every 3rd, the default) or thorough (every frame). With a camera or --realtime it also searches whole whenever the frame's spare time allows.",
        valueName: "fast|balanced|thorough")
}
