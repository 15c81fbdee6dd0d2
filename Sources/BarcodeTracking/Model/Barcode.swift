/// One decoded barcode in one frame or image.
///
/// `location` is in frame pixels of the image it was read from. The payload is
/// kept twice: `bytes` exactly as encoded in the symbol, `data` as text when
/// the payload is text.
public struct Barcode: Hashable, Sendable {
    /// The symbology the code was read as.
    public var symbology: Symbology
    /// The payload as text, or `nil` when it is binary and not valid UTF-8.
    ///
    /// GS1 codes carry ASCII 29 (GS) between variable-length fields; Codabar
    /// keeps its start and stop characters (A–D).
    public var data: String?
    /// The payload bytes exactly as encoded in the symbol.
    public var bytes: [UInt8]
    /// A derived form of the payload, when the symbology has one: the EAN-13
    /// (GTIN-13) form of a UPC-A code, the UPC-A form of a UPC-E code.
    public var extendedData: String?
    /// The symbology identifier as defined by ISO/IEC 15424 (e.g. `]C1` for GS1-128, `]Q1` for QR).
    public var symbologyIdentifier: String
    /// The error-correction level, as the symbology names it (`M`, `30%`, …), when it has one.
    public var ecLevel: String?
    /// For an EAN/UPC code read with an add-on: the add-on; for an add-on: its main code.
    public var associatedCode: AssociatedCode?
    /// Structured-append information when this symbol is one part of a sequence.
    public var structuredAppend: StructuredAppend?
    /// The code's four corners in frame pixels, the code's own top-left first, clockwise.
    public var location: Quadrilateral
    /// Rotation of the code in the frame, in degrees clockwise (0 = upright).
    public var orientation: Int
    /// Whether the code was read mirrored (QR and Data Matrix only).
    public var isMirrored: Bool
    /// Whether the code was read with light and dark swapped.
    public var isInverted: Bool

    /// Creates a barcode result.
    public init(
        symbology: Symbology, data: String?, bytes: [UInt8], extendedData: String? = nil,
        symbologyIdentifier: String = "", ecLevel: String? = nil, associatedCode: AssociatedCode? = nil,
        structuredAppend: StructuredAppend? = nil, location: Quadrilateral, orientation: Int = 0,
        isMirrored: Bool = false, isInverted: Bool = false
    ) {
        self.symbology = symbology
        self.data = data
        self.bytes = bytes
        self.extendedData = extendedData
        self.symbologyIdentifier = symbologyIdentifier
        self.ecLevel = ecLevel
        self.associatedCode = associatedCode
        self.structuredAppend = structuredAppend
        self.location = location
        self.orientation = orientation
        self.isMirrored = isMirrored
        self.isInverted = isInverted
    }

    /// Whether the payload follows GS1 rules (symbology identifier `]C1`, `]e0`, `]d2`, `]Q3`, `]J1`, …).
    public var isGS1: Bool {
        ["]C1", "]e0", "]e1", "]e2", "]d2", "]Q3", "]Q4", "]z1", "]J1"].contains(symbologyIdentifier)
    }

    /// Identity of the payload, independent of where the code is: symbology plus bytes.
    public var payload: Payload { Payload(symbology: symbology, bytes: bytes) }
}

/// The identity of a barcode's content: its symbology and exact bytes.
///
/// Two physically distinct labels can carry the same payload; trackers keep
/// them apart by geometry.
public struct Payload: Hashable, Sendable {
    /// The symbology.
    public var symbology: Symbology
    /// The payload bytes, exactly as encoded.
    public var bytes: [UInt8]

    /// Creates a payload identity.
    public init(symbology: Symbology, bytes: [UInt8]) {
        self.symbology = symbology
        self.bytes = bytes
    }
}

/// A code linked to another: an EAN-2/EAN-5 add-on and its main EAN/UPC code point to each other.
public struct AssociatedCode: Hashable, Sendable {
    /// The other code's symbology.
    public var symbology: Symbology
    /// The other code's payload text.
    public var data: String

    /// Creates a link.
    public init(symbology: Symbology, data: String) {
        self.symbology = symbology
        self.data = data
    }
}

/// Position of one symbol within a structured-append sequence.
public struct StructuredAppend: Hashable, Sendable {
    /// Zero-based index of this symbol.
    public var index: Int
    /// Number of symbols in the sequence, or `nil` when the symbology does not say.
    public var count: Int?
    /// Identifier shared by all symbols of one sequence.
    public var id: String

    /// Creates structured-append information.
    public init(index: Int, count: Int?, id: String) {
        self.index = index
        self.count = count
        self.id = id
    }
}
