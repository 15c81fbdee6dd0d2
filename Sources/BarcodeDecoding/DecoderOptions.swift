public import BarcodeTracking

/// How zxing-cpp searches a frame.
///
/// The defaults suit live video: every symbology, no rotation search, no
/// inversion pass. ``thorough`` is the still-image mode.
public struct DecoderOptions: Sendable, Hashable {
    /// Symbologies to look for; empty means every symbology zxing-cpp reads.
    public var symbologies: Set<Symbology>
    /// Spend more time looking (denser line scans, more binarizer attempts).
    public var tryHarder: Bool
    /// Also try the image rotated by 90° (1D codes lying sideways).
    public var tryRotate: Bool
    /// Also try the image with light and dark swapped (white-on-black codes).
    public var tryInvert: Bool
    /// Also try a downscaled copy (large or blurry codes).
    public var tryDownscale: Bool
    /// Report code-like shapes that were located but did not decode.
    public var returnLocatedOnly: Bool
    /// Read EAN-2/EAN-5 add-ons next to EAN/UPC codes.
    public var readAddOns: Bool
    /// Maximum number of codes reported per call, 1...255; `nil` for no limit.
    public var maxSymbols: Int?
    /// Decode Code 39 as Full ASCII (`+A` → `a`, `%J` → `?`) whenever the symbol is
    /// valid Full ASCII, as current zxing-cpp does by default. Default true.
    public var code39FullASCII = true
    /// Binarize 2-D reads with zxing-cpp's own code instead of this package's
    /// vectorised copy of it. Both make the same black matrix, bit for bit (tested),
    /// so the same codes are read at the same corners; zxing-cpp's takes about three
    /// times as long (about 1 ms against 0.3 ms on a 1024 × 576 frame). Default false;
    /// set it to time zxing-cpp as shipped (`track bench`'s baseline does).
    public var zxingBinarizer = false
    /// Report a 1-D code that zxing-cpp read on several bands of one label (or in several
    /// passes) once, with a location covering the bands (see ``BarcodeReader/read(_:region:)``).
    /// True in ``thorough``; false in ``video``, whose reads feed the tracking engine, which
    /// matches reads to codes itself.
    public var mergesRepeatedReads = false
    /// Reads in helper processes that may crash or hang without taking this program
    /// along (see ``ReadIsolation``); `nil` (the default) reads in this process.
    public var isolation: ReadIsolation?

    /// Creates options; see each property for its meaning.
    public init(
        symbologies: Set<Symbology> = [], tryHarder: Bool = false, tryRotate: Bool = false,
        tryInvert: Bool = false, tryDownscale: Bool = false, returnLocatedOnly: Bool = false,
        readAddOns: Bool = true, maxSymbols: Int? = nil
    ) {
        self.symbologies = symbologies
        self.tryHarder = tryHarder
        self.tryRotate = tryRotate
        self.tryInvert = tryInvert
        self.tryDownscale = tryDownscale
        self.returnLocatedOnly = returnLocatedOnly
        self.readAddOns = readAddOns
        self.maxSymbols = maxSymbols
    }

    /// The thorough still-image mode: all orientations, inverted, downscaled.
    public static let thorough: DecoderOptions = {
        var options = DecoderOptions(tryHarder: true, tryRotate: true, tryInvert: true, tryDownscale: true)
        options.mergesRepeatedReads = true
        return options
    }()

    /// Fast settings for video frames.
    public static let video = DecoderOptions(tryHarder: false, tryRotate: false, tryDownscale: true)
}
