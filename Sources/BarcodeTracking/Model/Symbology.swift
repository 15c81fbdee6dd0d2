/// A barcode symbology.
///
/// Raw values are the lowercase names used on the command line and in JSON
/// output (`ean13`, `upca`, `code128`, `qrcode`, `datamatrix`, …), the way
/// zxing-cpp's own tools spell them.
public enum Symbology: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    case aztec
    case codabar
    case code39
    case code93
    case code128
    /// GS1 DataBar (formerly RSS-14), including its stacked forms.
    case databar
    /// GS1 DataBar Expanded, including its stacked form.
    case databarExpanded = "databarexpanded"
    /// GS1 DataBar Limited. Not readable by zxing-cpp 1.4 (Debian 12).
    case databarLimited = "databarlimited"
    case dataMatrix = "datamatrix"
    case ean8
    case ean13
    /// The 2-digit EAN/UPC add-on, reported linked to its main code.
    case ean2
    /// The 5-digit EAN/UPC add-on, reported linked to its main code.
    case ean5
    /// Interleaved 2 of 5.
    case itf
    case maxiCode = "maxicode"
    case pdf417
    /// MicroPDF417. Not readable by zxing-cpp 1.4.
    case microPDF417 = "micropdf417"
    case qrCode = "qrcode"
    case microQRCode = "microqrcode"
    /// Rectangular Micro QR. Not readable by zxing-cpp 1.4.
    case rmqrCode = "rmqrcode"
    case upcA = "upca"
    case upcE = "upce"

    /// Human-readable name, e.g. "EAN-13".
    public var displayName: String {
        switch self {
        case .aztec: "Aztec"
        case .codabar: "Codabar"
        case .code39: "Code 39"
        case .code93: "Code 93"
        case .code128: "Code 128"
        case .databar: "GS1 DataBar"
        case .databarExpanded: "GS1 DataBar Expanded"
        case .databarLimited: "GS1 DataBar Limited"
        case .dataMatrix: "Data Matrix"
        case .ean8: "EAN-8"
        case .ean13: "EAN-13"
        case .ean2: "EAN-2 add-on"
        case .ean5: "EAN-5 add-on"
        case .itf: "ITF"
        case .maxiCode: "MaxiCode"
        case .pdf417: "PDF417"
        case .microPDF417: "MicroPDF417"
        case .qrCode: "QR Code"
        case .microQRCode: "Micro QR Code"
        case .rmqrCode: "rMQR Code"
        case .upcA: "UPC-A"
        case .upcE: "UPC-E"
        }
    }

    /// Whether the symbology is one-dimensional (a row of bars).
    public var isLinear: Bool {
        switch self {
        case .codabar, .code39, .code93, .code128, .databar, .databarExpanded, .databarLimited,
             .ean8, .ean13, .ean2, .ean5, .itf, .upcA, .upcE:
            true
        default:
            false
        }
    }

    /// Whether a read of this symbology can cover only some of the code's rows and
    /// so report a quad lower than the code: 1-D codes (zxing-cpp reads a scan line or
    /// a few) and the stacked PDF417 and MicroPDF417 (a blurred frame gives some rows).
    /// Two such reads of one payload on one spot can be far apart vertically yet one code.
    public var readsPartialRows: Bool { isLinear || self == .pdf417 || self == .microPDF417 }

    /// Whether this is an EAN/UPC add-on symbol, which never appears on its own.
    public var isAddOn: Bool { self == .ean2 || self == .ean5 }

    /// Whether an EAN-2/EAN-5 add-on can follow a code of this symbology (EAN-13, EAN-8,
    /// UPC-A, UPC-E): zxing-cpp reads an add-on only after such a code.
    public var carriesAddOns: Bool { self == .ean13 || self == .ean8 || self == .upcA || self == .upcE }

    /// Parses a name as typed by a user: the raw value, case-insensitive, with
    /// `-`, `_` and spaces ignored (`EAN-13`, `qr_code` and `QRCode` all work).
    public init?(name: String) {
        let key = String(name.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
        let aliases: [String: Symbology] = [
            "qr": .qrCode, "microqr": .microQRCode, "rmqr": .rmqrCode, "rss14": .databar,
            "rssexpanded": .databarExpanded, "databarltd": .databarLimited, "interleaved2of5": .itf,
            "dm": .dataMatrix, "code39extended": .code39,
        ]
        if let direct = Symbology(rawValue: key) {
            self = direct
        } else if let alias = aliases[key] {
            self = alias
        } else {
            return nil
        }
    }

    public var description: String { rawValue }
}
