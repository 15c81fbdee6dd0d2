import BarcodeDecoding
import BarcodeEngine
import BarcodeTracking

/// The detection engine `track` runs (and `track bench` measures against
/// decoding every full frame, with ``configuration(frameTimeBudget:effort:locatedOnly:sectionalCode39:)``):
/// one place, so both always use the same.
enum Engine {
    /// The engine's detector for these decoder options. `frameTimeBudget` (seconds;
    /// for cameras and `--realtime`) lets it spend a frame's spare time on whole-frame searches
    /// and never wait for a read in a reader process past 1.2 times the budget (0.9 of the
    /// frame interval: ``TrackingEngineConfiguration/lateReadTime``);
    /// `effort` (`--effort`) sets how often it searches the whole frame; `locatedOnly`
    /// (`--located-only`) also outlines codes it cannot decode; `sectionalCode39`
    /// (`--sectional-code39`) reads Code 39 labels wider than the view in sections.
    static func detector(options: DecoderOptions, frameTimeBudget: Double? = nil, effort: EngineEffort = .balanced,
                         locatedOnly: Bool = false, sectionalCode39: Bool = false) throws(DecodingError) -> any BarcodeDetector {
        try TrackingEngine(options: options, configuration: configuration(frameTimeBudget: frameTimeBudget, effort: effort,
                                                                          locatedOnly: locatedOnly, sectionalCode39: sectionalCode39))
    }

    /// The engine's settings for these options (see ``detector(options:frameTimeBudget:effort:locatedOnly:sectionalCode39:)``);
    /// `track bench` hands them to its runner.
    static func configuration(frameTimeBudget: Double? = nil, effort: EngineEffort = .balanced, locatedOnly: Bool = false,
                              sectionalCode39: Bool = false) -> TrackingEngineConfiguration {
        var configuration = TrackingEngineConfiguration()
        configuration.frameTimeBudget = frameTimeBudget
        // The budget is three quarters of the frame interval: a frame waits for its reads in
        // reader processes up to 0.9 of the interval, then carries them over.
        configuration.lateReadTime = frameTimeBudget.map { min(10, $0 * 1.2) }
        configuration.wholeFrameInterval = effort.wholeFrameInterval
        configuration.relaxedWholeFrameInterval = effort.relaxedWholeFrameInterval
        configuration.idleWholeFrameInterval = effort.idleWholeFrameInterval
        configuration.fullResolutionWholeFrameInterval = effort.fullResolutionWholeFrameInterval
        configuration.lostWholeFrameAtFullResolution = effort != .fast
        configuration.locatesUndecodedCodes = locatedOnly
        configuration.readsLongCode39InSections = sectionalCode39
        return configuration
    }

    /// The budget `track` gives a live source's frames: three quarters of the frame
    /// interval, leaving the rest to tracking, output and the capture thread.
    static func frameTimeBudget(frameRate: Double) -> Double? {
        frameRate.isFinite && frameRate > 0 ? min(10, max(0.001, 0.75 / frameRate)) : nil
    }
}
