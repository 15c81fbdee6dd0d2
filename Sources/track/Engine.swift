import BarcodeDecoding
import BarcodeEngine
import BarcodeTracking
import Foundation

/// The detection engine `track` runs (and `track bench` measures against
/// decoding every full frame): one place, so both always use the same.
enum Engine {
    /// The engine's detector for these decoder options.
    static func detector(options: DecoderOptions) throws(DecodingError) -> any BarcodeDetector {
        var c = TrackingEngineConfiguration()
        let env = ProcessInfo.processInfo.environment  // EXPERIMENT-ONLY
        if let v = env["X_WHOLE"].flatMap(Int.init) { c.wholeFrameInterval = v }
        if let v = env["X_CAND"].flatMap(Int.init) { c.candidateRegionsPerFrame = v }
        if let v = env["X_TILE"].flatMap(Int.init) { c.discoveryInterval = v; c.relaxedDiscoveryInterval = v }
        if let v = env["X_STRIP"].flatMap(Int.init) { c.linearDiscoveryInterval = v; c.relaxedLinearDiscoveryInterval = v }
        if let v = env["X_RETRY"].flatMap(Int.init) { c.candidateRetryFrames = v }
        if let v = env["X_BUDGET"].flatMap(Double.init) { c.candidateAreaBudget = v }
        if let v = env["X_REDECODE"].flatMap(Int.init) { c.redecodeInterval = v }
        return try TrackingEngine(options: options, configuration: c)
    }

    /// The baseline: every full frame decoded with the same options, no tracking help.
    static func baseline(options: DecoderOptions) throws(DecodingError) -> BarcodeReader {
        try BarcodeReader(options: options)
    }
}
