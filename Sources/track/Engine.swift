import BarcodeDecoding
import BarcodeEngine
import BarcodeTracking

/// The detection engine `track` runs (and `track bench` measures against
/// decoding every full frame): one place, so both always use the same.
enum Engine {
    /// The engine's detector for these decoder options.
    static func detector(options: DecoderOptions) throws(DecodingError) -> any BarcodeDetector {
        try TrackingEngine(options: options)
    }

    /// The baseline: every full frame decoded with the same options, no tracking help.
    static func baseline(options: DecoderOptions) throws(DecodingError) -> BarcodeReader {
        try BarcodeReader(options: options)
    }
}
