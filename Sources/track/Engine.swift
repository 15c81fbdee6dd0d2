import BarcodeDecoding
import BarcodeEngine
import BarcodeTracking

/// The detection engine `track` runs (and `track bench` measures against
/// decoding every full frame, with ``configuration(frameTimeBudget:effort:locatedOnly:sectionalCode39:)``):
/// one place, so both always use the same, built from the library's presets
/// (``TrackingEngineConfiguration/init(effort:)``, ``TrackingEngineConfiguration/adaptToLiveSource(frameRate:)``).
enum Engine {
    /// The engine's detector for these decoder options. `frameTimeBudget` (seconds;
    /// for cameras and `--realtime`) lets it spend a frame's spare time on whole-frame searches
    /// and never wait for a read in a reader process past 1.2 times the budget
    /// (``TrackingEngineConfiguration/setFrameTimeBudget(_:)``);
    /// `effort` (`--effort`) sets how often it searches the whole frame; `locatedOnly`
    /// (`--located-only`) also outlines codes it cannot decode; `sectionalCode39`
    /// (`--sectional-code39`) reads Code 39 labels wider than the view in sections.
    static func detector(options: DecoderOptions, frameTimeBudget: Double? = nil, effort: TrackingEngineEffort = .balanced,
                         locatedOnly: Bool = false, sectionalCode39: Bool = false) throws(DecodingError) -> any BarcodeDetector {
        try TrackingEngine(options: options, configuration: configuration(frameTimeBudget: frameTimeBudget, effort: effort,
                                                                          locatedOnly: locatedOnly, sectionalCode39: sectionalCode39))
    }

    /// The engine's settings for these options (see ``detector(options:frameTimeBudget:effort:locatedOnly:sectionalCode39:)``);
    /// `track bench` hands them to its runner.
    static func configuration(frameTimeBudget: Double? = nil, effort: TrackingEngineEffort = .balanced, locatedOnly: Bool = false,
                              sectionalCode39: Bool = false) -> TrackingEngineConfiguration {
        var configuration = TrackingEngineConfiguration(effort: effort)
        configuration.setFrameTimeBudget(frameTimeBudget)
        configuration.locatesUndecodedCodes = locatedOnly
        configuration.readsLongCode39InSections = sectionalCode39
        return configuration
    }
}
