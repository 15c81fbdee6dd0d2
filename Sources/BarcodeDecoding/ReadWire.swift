import BarcodeTracking

// The messages between a program and its zxing-cpp reader processes (see ``ReadIsolation``):
// a request carries a tightly packed luma image and the read's options, a response the raw
// symbols zxing-cpp found (or its error). Both ends are the same build of this module, so the
// format needs no versioning; it is little-endian and checked field by field, so a damaged or
// cut message is refused (`WireReader.Malformed`) instead of being believed.

/// Appends little-endian fields to a message.
struct WireWriter {
    private(set) var bytes: [UInt8]

    /// A writer that appends to `storage` emptied, keeping its capacity (a buffer used
    /// again for the next message costs no allocation, nor fresh pages to fault in).
    init(reusing storage: consuming [UInt8] = []) {
        bytes = consume storage
        bytes.removeAll(keepingCapacity: true)
    }

    /// Makes room for `count` more bytes at once, so that appending them never moves the message.
    mutating func reserve(_ count: Int) { bytes.reserveCapacity(bytes.count + count) }

    mutating func append(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ value: Int32) { append(UInt32(bitPattern: value)) }

    mutating func append(_ value: Int) { append(Int32(clamping: value)) }

    mutating func append(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ value: Bool) { bytes.append(value ? 1 : 0) }

    /// A length (UInt32) followed by the bytes.
    mutating func append<Bytes: Collection<UInt8>>(bytes data: Bytes) {
        append(UInt32(data.count))
        appendRaw(data)
    }

    /// The bytes alone, e.g. the parts of an array whose length was appended before them.
    mutating func appendRaw<Bytes: Collection<UInt8>>(_ data: Bytes) { bytes.append(contentsOf: data) }

    mutating func append(_ string: String) { append(bytes: string.utf8) }
}

/// Reads the fields a ``WireWriter`` appended, refusing anything short or out of range.
struct WireReader {
    /// The message is cut short or holds a value that no writer produces.
    struct Malformed: Error {}

    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// True when every byte has been read.
    var isAtEnd: Bool { offset == bytes.count }

    private mutating func take(_ count: Int) throws(Malformed) -> ArraySlice<UInt8> {
        guard count >= 0, count <= bytes.count - offset else { throw Malformed() }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func uint32() throws(Malformed) -> UInt32 {
        try take(4).reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func int32() throws(Malformed) -> Int32 { Int32(bitPattern: try uint32()) }

    mutating func int() throws(Malformed) -> Int { Int(try int32()) }

    mutating func double() throws(Malformed) -> Double {
        Double(bitPattern: try take(8).reversed().reduce(0) { $0 << 8 | UInt64($1) })
    }

    mutating func bool() throws(Malformed) -> Bool {
        switch try take(1).first {
        case 0: return false
        case 1: return true
        default: throw Malformed()
        }
    }

    mutating func byteArray() throws(Malformed) -> [UInt8] {
        Array(try take(Int(try uint32())))
    }

    mutating func string() throws(Malformed) -> String {
        String(decoding: try byteArray(), as: UTF8.self)
    }
}

/// A read as a reader process receives it: the pixels of `crop` in `image`, tightly packed, and the options.
struct ReadRequest {
    static let magic: UInt32 = 0x5152_585A // "ZXRQ"

    var image: LumaImage
    /// The part of `image` read (all of it in a decoded request).
    var crop: ZXing.Crop
    var options: DecoderOptions

    /// The message, written into `storage` (emptied; its capacity is used again); the crop is
    /// written row by row straight from `image`, without row padding, unless `pixelsShared`:
    /// then the reader process finds them in its ``SharedPixels`` and the message says so.
    func encoded(reusing storage: consuming [UInt8] = [], pixelsShared: Bool = false) -> [UInt8] {
        var writer = WireWriter(reusing: consume storage)
        writer.reserve(128 + (pixelsShared ? 0 : crop.width * crop.height))
        writer.append(Self.magic)
        writer.append(crop.width)
        writer.append(crop.height)
        writer.append(options.symbologies.map(\.rawValue).sorted().joined(separator: ","))
        for flag in [options.tryHarder, options.tryRotate, options.tryInvert, options.tryDownscale,
                     options.returnLocatedOnly, options.readAddOns, options.code39FullASCII, options.zxingBinarizer,
                     options.mergesRepeatedReads] {
            writer.append(flag)
        }
        writer.append(options.maxSymbols ?? 0)
        writer.append(pixelsShared)
        if pixelsShared { return writer.bytes }
        writer.append(UInt32(crop.width * crop.height))
        for row in crop.y..<crop.y + crop.height {
            let start = row * image.bytesPerRow + crop.x
            writer.appendRaw(image.pixels[start..<start + crop.width])
        }
        return writer.bytes
    }

    /// A request to read `crop` of `image` (all of it by default).
    init(image: LumaImage, crop: ZXing.Crop? = nil, options: DecoderOptions) {
        self.image = image
        self.crop = crop ?? ZXing.Crop(x: 0, y: 0, width: image.width, height: image.height)
        self.options = options
        self.options.isolation = nil
    }

    /// The request in `bytes`, which must carry its pixels.
    init(decoding bytes: [UInt8]) throws(WireReader.Malformed) {
        var none: SharedPixels.View?
        try self.init(decoding: bytes, shared: &none)
    }

    /// The request in `bytes`; its pixels from `shared` when it says they are there.
    init(decoding bytes: [UInt8], shared: inout SharedPixels.View?) throws(WireReader.Malformed) {
        var reader = WireReader(bytes)
        guard try reader.uint32() == Self.magic else { throw WireReader.Malformed() }
        let width = try reader.int(), height = try reader.int()
        guard ZXing.canRead(width: width, height: height, bytesPerRow: width) else { throw WireReader.Malformed() }
        var symbologies = Set<Symbology>()
        for name in try reader.string().split(separator: ",") {
            guard let symbology = Symbology(rawValue: String(name)) else { throw WireReader.Malformed() }
            symbologies.insert(symbology)
        }
        var options = DecoderOptions(symbologies: symbologies)
        options.tryHarder = try reader.bool()
        options.tryRotate = try reader.bool()
        options.tryInvert = try reader.bool()
        options.tryDownscale = try reader.bool()
        options.returnLocatedOnly = try reader.bool()
        options.readAddOns = try reader.bool()
        options.code39FullASCII = try reader.bool()
        options.zxingBinarizer = try reader.bool()
        options.mergesRepeatedReads = try reader.bool()
        let maxSymbols = try reader.int()
        options.maxSymbols = maxSymbols == 0 ? nil : maxSymbols
        let pixels: [UInt8]
        if try reader.bool() {
            guard let found = shared?.pixels(width * height) else { throw WireReader.Malformed() }
            pixels = found
        } else {
            pixels = try reader.byteArray()
        }
        guard reader.isAtEnd, pixels.count == width * height,
              let image = try? LumaImage(width: width, height: height, pixels: pixels)
        else { throw WireReader.Malformed() }
        self.init(image: image, options: options)
    }
}

/// What a reader process answers: zxing-cpp's raw symbols and warning, or its error.
struct ReadResponse {
    static let magic: UInt32 = 0x5352_585A // "ZXRS"

    var outcome: Result<(symbols: [RawSymbol], warning: String?), DecodingError>

    func encoded() -> [UInt8] {
        var writer = WireWriter()
        writer.append(Self.magic)
        switch outcome {
        case .failure(let error):
            writer.append(false)
            writer.append(error.code.name)
            writer.append(error.message)
        case .success(let (symbols, warning)):
            writer.append(true)
            writer.append(warning != nil)
            writer.append(warning ?? "")
            writer.append(symbols.count)
            for symbol in symbols { Self.append(symbol, to: &writer) }
        }
        return writer.bytes
    }

    init(_ outcome: Result<(symbols: [RawSymbol], warning: String?), DecodingError>) {
        self.outcome = outcome
    }

    init(decoding bytes: [UInt8]) throws(WireReader.Malformed) {
        var reader = WireReader(bytes)
        guard try reader.uint32() == Self.magic else { throw WireReader.Malformed() }
        if try reader.bool() {
            let hasWarning = try reader.bool()
            let warning = try reader.string()
            let count = try reader.int()
            guard (0...65_536).contains(count) else { throw WireReader.Malformed() }
            var symbols: [RawSymbol] = []
            for _ in 0..<count { symbols.append(try Self.symbol(from: &reader)) }
            outcome = .success((symbols, hasWarning ? warning : nil))
        } else {
            let code = try reader.string(), message = try reader.string()
            outcome = .failure(DecodingError(DecodingError.Code(code), message))
        }
        guard reader.isAtEnd else { throw WireReader.Malformed() }
    }

    private static func append(_ symbol: RawSymbol, to writer: inout WireWriter) {
        writer.append(symbol.symbology.rawValue)
        writer.append(symbol.text)
        writer.append(bytes: symbol.bytes)
        for point in symbol.location.corners {
            writer.append(point.x)
            writer.append(point.y)
        }
        for flag in [symbol.isBinary, symbol.isMirrored, symbol.isInverted, symbol.isLocatedOnly] { writer.append(flag) }
        writer.append(symbol.orientation)
        for text in [symbol.symbologyIdentifier, symbol.ecLevel, symbol.addOn, symbol.sequenceID] { writer.append(text) }
        writer.append(symbol.sequenceSize)
        writer.append(symbol.sequenceIndex)
    }

    private static func symbol(from reader: inout WireReader) throws(WireReader.Malformed) -> RawSymbol {
        guard let symbology = Symbology(rawValue: try reader.string()) else { throw WireReader.Malformed() }
        let text = try reader.string(), bytes = try reader.byteArray()
        var corners: [Point] = []
        for _ in 0..<4 { corners.append(Point(x: try reader.double(), y: try reader.double())) }
        guard let location = Quadrilateral(corners) else { throw WireReader.Malformed() }
        let isBinary = try reader.bool(), isMirrored = try reader.bool()
        let isInverted = try reader.bool(), isLocatedOnly = try reader.bool()
        let orientation = try reader.int()
        let identifier = try reader.string(), ecLevel = try reader.string()
        let addOn = try reader.string(), sequenceID = try reader.string()
        return RawSymbol(
            symbology: symbology, text: text, bytes: bytes, isBinary: isBinary, location: location,
            orientation: orientation, isMirrored: isMirrored, isInverted: isInverted, isLocatedOnly: isLocatedOnly,
            symbologyIdentifier: identifier, ecLevel: ecLevel, addOn: addOn,
            sequenceSize: try reader.int(), sequenceIndex: try reader.int(), sequenceID: sequenceID)
    }
}
