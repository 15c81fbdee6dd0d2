// The only file of this module that calls zxing-cpp (through CZXingShim).
internal import CZXingShim
import BarcodeTracking

/// The raw fields of one symbol as zxing-cpp reports them, before the
/// symbology rules of ``SymbologyRules`` turn them into ``Barcode`` values.
struct RawSymbol: Equatable {
    var symbology: Symbology
    var text: String
    var bytes: [UInt8]
    var isBinary: Bool
    var location: Quadrilateral
    var orientation: Int
    var isMirrored: Bool
    var isInverted: Bool
    var isLocatedOnly: Bool
    var symbologyIdentifier: String
    var ecLevel: String
    var addOn: String
    var sequenceSize: Int
    var sequenceIndex: Int
    var sequenceID: String

    /// The same symbol with its location moved by `offset` (frame pixels).
    func translated(by offset: Point) -> RawSymbol {
        var moved = self
        moved.location = location.translated(by: offset)
        return moved
    }
}

enum ZXing {
    /// The zxing-cpp version this package was compiled against, "major.minor.patch".
    static var version: String { String(cString: CZXingShim_version()) }

    /// zxing-cpp 1.4 format bits for each symbology it reads; others are absent.
    static let formatBits: [Symbology: Int32] = [
        .aztec: Int32(CZXingShim_format_aztec), .codabar: Int32(CZXingShim_format_codabar),
        .code39: Int32(CZXingShim_format_code39), .code93: Int32(CZXingShim_format_code93),
        .code128: Int32(CZXingShim_format_code128), .databar: Int32(CZXingShim_format_databar),
        .databarExpanded: Int32(CZXingShim_format_databar_expanded),
        .dataMatrix: Int32(CZXingShim_format_datamatrix), .ean8: Int32(CZXingShim_format_ean8),
        .ean13: Int32(CZXingShim_format_ean13), .itf: Int32(CZXingShim_format_itf),
        .maxiCode: Int32(CZXingShim_format_maxicode), .pdf417: Int32(CZXingShim_format_pdf417),
        .qrCode: Int32(CZXingShim_format_qrcode), .upcA: Int32(CZXingShim_format_upca),
        .upcE: Int32(CZXingShim_format_upce), .microQRCode: Int32(CZXingShim_format_microqrcode),
    ]

    static let symbologyForBit: [Int32: Symbology] = Dictionary(uniqueKeysWithValues: formatBits.map { ($1, $0) })

    /// Whether zxing-cpp can take an image of this geometry: it holds sizes, row strides and
    /// pixel offsets in C `int`s. The limit of what is read is the loader's pixel limit
    /// (`ImageFile.defaultPixelLimit`), far below this; a side alone has no limit of its own.
    static func canRead(width: Int, height: Int, bytesPerRow: Int) -> Bool {
        guard width > 0, height > 0, bytesPerRow >= width else { return false }
        let (bytes, overflow) = bytesPerRow.multipliedReportingOverflow(by: height)
        return !overflow && bytes <= Int(Int32.max)
    }

    /// Reads symbols from `image`, optionally only inside `region` (frame pixels).
    /// `warning` says when zxing-cpp cut a pass short (some codes may be missing).
    /// `minLineCount` over 0: the rows a 1-D symbol must be read on (zxing-cpp's default: 2).
    static func read(_ image: LumaImage, region: Rect?, options: DecoderOptions,
                     minLineCount: Int = 0) throws(DecodingError) -> (symbols: [RawSymbol], warning: String?) {
        guard canRead(width: image.width, height: image.height, bytesPerRow: image.bytesPerRow) else {
            throw DecodingError(.invalidArgument,
                "a \(image.width)x\(image.height) image (\(image.bytesPerRow) bytes a row) is too large for zxing-cpp: at most \(Int32.max) bytes in all")
        }
        var raw = CZXingShim_read_options()
        raw.min_line_count = Int32(clamping: minLineCount)
        raw.formats = try formatMask(options.symbologies)
        raw.try_harder = options.tryHarder
        raw.try_rotate = options.tryRotate
        raw.try_invert = options.tryInvert
        raw.try_downscale = options.tryDownscale
        raw.return_errors = options.returnLocatedOnly
        raw.read_addons = options.readAddOns
        raw.codabar_start_stop = true
        raw.code39_full_ascii = options.code39FullASCII
        raw.zxing_binarizer = options.zxingBinarizer
        raw.max_symbols = Int32(clamping: options.maxSymbols ?? 0)
        if let region {
            guard let crop = crop(region, in: image) else { return ([], nil) }
            raw.crop_x = Int32(crop.x)
            raw.crop_y = Int32(crop.y)
            raw.crop_width = Int32(crop.width)
            raw.crop_height = Int32(crop.height)
        }
        var status: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let results = image.pixels.withUnsafeBufferPointer { pixels in
            CZXingShim_read_luma(
                pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.bytesPerRow),
                &raw, &status, &message, message.count)
        }
        guard let results else { throw error(status: status, message: message) }
        defer { CZXingShim_results_destroy(results) }
        var symbols: [RawSymbol] = []
        var warnings = CZXingShim_results_warning(results).map { [String(cString: $0)] } ?? []
        let count = CZXingShim_results_count(results)
        symbols.reserveCapacity(count)
        for index in 0..<count {
            guard let symbol = CZXingShim_results_at(results, index)?.pointee,
                  let symbology = symbologyForBit[symbol.format] else { continue }
            let rawBytes = symbol.raw_bytes.map { [UInt8](UnsafeBufferPointer(start: $0, count: symbol.raw_bytes_length)) } ?? []
            let (repaired, warning) = AztecOverrun.repaired(convert(symbol, symbology: symbology), rawBytes: rawBytes)
            if let repaired { symbols.append(repaired) }
            // The same symbol found in several passes carries the same warning once.
            if let warning, !warnings.contains(warning) { warnings.append(warning) }
        }
        return (symbols, warnings.isEmpty ? nil : warnings.joined(separator: "; "))
    }

    /// The whole pixels a read of `region` (frame pixels) covers: the region's part inside
    /// the image, widened to whole pixels.
    struct Crop {
        var x: Int, y: Int, width: Int, height: Int
    }

    /// The crop a read of `region` makes of `image`; `nil` when they do not overlap by a whole pixel.
    static func crop(_ region: Rect, in image: LumaImage) -> Crop? {
        guard let visible = region.intersection(image.bounds), visible.width >= 1, visible.height >= 1 else { return nil }
        let x = Int(visible.x.rounded(.down)), y = Int(visible.y.rounded(.down))
        return Crop(x: x, y: y, width: Int(visible.maxX.rounded(.up)) - x, height: Int(visible.maxY.rounded(.up)) - y)
    }

    /// Renders `text` with zxing-cpp's MultiFormatWriter as a luma image
    /// (black modules 0, white 255) of at least `width` x `height` pixels.
    static func write(
        _ text: String, as symbology: Symbology, width: Int, height: Int, margin: Int?, ecLevel: Int?,
        binary: Bool = false
    ) throws(DecodingError) -> LumaImage {
        guard let bit = formatBits[symbology] else {
            throw DecodingError(.unsupportedSymbology, "\(symbology.displayName) cannot be written by zxing-cpp 1.4")
        }
        var status: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        guard let bitmap = CZXingShim_write(
            bit, text, Int32(clamping: width), Int32(clamping: height), Int32(clamping: margin ?? -1),
            Int32(clamping: ecLevel ?? -1), binary, &status, &message, message.count)
        else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw DecodingError(.unencodable, "cannot encode \"\(text)\" as \(symbology.displayName): \(reason)")
        }
        defer { CZXingShim_bitmap_destroy(bitmap) }
        let w = Int(bitmap.pointee.width), h = Int(bitmap.pointee.height)
        let pixels = [UInt8](UnsafeBufferPointer(start: bitmap.pointee.pixels, count: w * h))
        do {
            return try LumaImage(width: w, height: h, pixels: pixels)
        } catch {
            throw DecodingError(.library, "zxing-cpp rendered an empty symbol for \"\(text)\": \(error.message)")
        }
    }

    private static func formatMask(_ symbologies: Set<Symbology>) throws(DecodingError) -> Int32 {
        var mask: Int32 = 0
        for symbology in symbologies where !symbology.isAddOn {
            guard let bit = formatBits[symbology] else {
                throw DecodingError(.unsupportedSymbology,
                    "\(symbology.displayName) is not readable by zxing-cpp 1.4; choose from: \(readable)")
            }
            mask |= bit
        }
        return mask
    }

    static var readable: String { Symbology.allCases.filter { formatBits[$0] != nil }.map(\.rawValue).joined(separator: ", ") }

    private static func error(status: Int32, message: [CChar]) -> DecodingError {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case Int32(CZXingShim_error_invalid_argument): return DecodingError(.invalidArgument, text)
        case Int32(CZXingShim_error_out_of_memory): return DecodingError(.outOfMemory, text)
        default: return DecodingError(.library, text)
        }
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    private static func convert(_ s: CZXingShim_symbol, symbology: Symbology) -> RawSymbol {
        let c = s.corners
        let corners = [
            Point(x: Double(c.0), y: Double(c.1)), Point(x: Double(c.2), y: Double(c.3)),
            Point(x: Double(c.4), y: Double(c.5)), Point(x: Double(c.6), y: Double(c.7)),
        ]
        let textBytes = s.text.map { UnsafeRawBufferPointer(start: $0, count: s.text_length) }
        let bytes = s.bytes.map { [UInt8](UnsafeBufferPointer(start: $0, count: s.bytes_length)) } ?? []
        return RawSymbol(
            symbology: symbology,
            text: textBytes.map { String(decoding: $0, as: UTF8.self) } ?? "",
            bytes: bytes,
            isBinary: s.content_type == 1 || s.content_type == 2 || s.content_type == 5,
            location: Quadrilateral(corners)!,
            orientation: Int(s.orientation),
            isMirrored: s.is_mirrored,
            isInverted: s.is_inverted,
            isLocatedOnly: s.has_error,
            symbologyIdentifier: string(s.symbology_identifier),
            ecLevel: string(s.ec_level),
            addOn: string(s.addon),
            sequenceSize: Int(s.sequence_size),
            sequenceIndex: Int(s.sequence_index),
            sequenceID: string(s.sequence_id))
    }
}
