public import BarcodeTracking

/// Reads barcodes with zxing-cpp; the package's ``BarcodeDetector``.
///
/// Stateless and `Sendable`: one reader may be shared between threads.
/// Locations are in frame pixels of the image passed in, even when a
/// `region` restricts the search.
public struct BarcodeReader: BarcodeDetector {
    /// The options every call uses.
    public var options: DecoderOptions

    /// The version of zxing-cpp this package was compiled against ("1.4.0" from Debian 12's
    /// `libzxing-dev`): what decodes every read, worth naming in a bug report.
    public static var zxingVersion: String { ZXing.version }

    /// Creates a reader; fails when an option names a symbology zxing-cpp 1.4 cannot read.
    public init(options: DecoderOptions = .video) throws(DecodingError) {
        if let maxSymbols = options.maxSymbols, !(1...255).contains(maxSymbols) {
            throw DecodingError(.invalidArgument, "maximum codes per frame must be 1...255, not \(maxSymbols)")
        }
        for symbology in options.symbologies where !symbology.isAddOn && ZXing.formatBits[symbology] == nil {
            throw DecodingError(.unsupportedSymbology,
                "\(symbology.displayName) is not readable by zxing-cpp 1.4; readable: \(ZXing.readable)")
        }
        self.options = options
    }

    /// Symbologies that this zxing-cpp can read (add-ons included).
    public static var readableSymbologies: [Symbology] {
        Symbology.allCases.filter { ZXing.formatBits[$0] != nil || $0.isAddOn }
    }

    /// Finds codes in `image`, or only inside `region` (frame pixels) when given.
    public func detect(in image: LumaImage, region: Rect? = nil) throws(DecodingError) -> [Detection] {
        try read(image, region: region).detections
    }

    /// Finds codes like ``detect(in:region:)`` and also reports when zxing-cpp
    /// cut a pass short, so callers can tell users that codes may be missing.
    /// With ``DecoderOptions/mergesRepeatedReads`` (``DecoderOptions/thorough``), a 1-D code
    /// read on several bands of one label is one detection whose location covers the bands;
    /// two identical labels side by side stay two.
    public func read(_ image: LumaImage, region: Rect? = nil) throws(DecodingError) -> DetectionReport {
        if let isolation = options.isolation, isolation.isolates(options) {
            let (symbols, warnings) = try isolation.read(image, region: region, options: options)
            return report(symbols, warnings: warnings)
        }
        let (symbols, warning) = try ZXing.read(image, region: region, options: options)
        return report(symbols, warnings: warning.map { [$0] } ?? [])
    }

    /// The results of zxing-cpp's `symbols`, with repeated reads of one 1-D code merged
    /// when ``DecoderOptions/mergesRepeatedReads`` asks for it.
    private func report(_ symbols: [RawSymbol], warnings: [String]) -> DetectionReport {
        let detections = SymbologyRules.detections(from: symbols)
        return DetectionReport(detections: options.mergesRepeatedReads ? RepeatedReads.merged(detections) : detections,
                               warnings: warnings)
    }

    /// ``read(_:region:)``, for ``BarcodeDetector`` users.
    public func report(in image: LumaImage, region: Rect?) throws -> DetectionReport {
        try read(image, region: region)
    }

    /// Decoded barcodes only (located-only shapes left out).
    public func barcodes(in image: LumaImage, region: Rect? = nil) throws(DecodingError) -> [Barcode] {
        try detect(in: image, region: region).compactMap(\.barcode)
    }
}
