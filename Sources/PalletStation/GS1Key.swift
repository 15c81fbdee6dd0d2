public import BarcodeTracking

/// A payload in the form a manifest is matched on: GS1 identification keys in one
/// canonical form, so that one key written several ways is one key.
///
/// - An SSCC matches with or without its application identifier 00, with or without
///   parentheses: `(00)340123450000000016`, `00340123450000000016` and
///   `340123450000000016` are one key.
/// - A GTIN matches in any of its lengths, padded to GTIN-14: the EAN-13
///   `4006381333931`, the GTIN-14 `04006381333931` and `(01)04006381333931` are one
///   key, and so are a UPC-A and its EAN-13 form with a leading 0.
/// - Anything else is matched as written, spaces at either end trimmed.
public struct GS1Key: Hashable, Sendable, CustomStringConvertible {
    /// What kind of key it is.
    public enum Kind: String, Hashable, Sendable {
        /// Serial Shipping Container Code: 18 digits.
        case sscc
        /// Global Trade Item Number, as GTIN-14.
        case gtin
        /// Not a GS1 key: the payload as written.
        case text
    }

    /// The kind of key.
    public let kind: Kind
    /// The canonical value: 18 digits for an SSCC, 14 for a GTIN, else the trimmed payload.
    public let value: String

    /// The key of a payload as written in a manifest or read from a code. Besides the
    /// forms above, 20 digits starting `00` are an SSCC with its AI and 16 digits
    /// starting `01` a GTIN-14 with its AI, as GS1-128 and DataBar reads give them.
    public init(payload: String) {
        let trimmed = payload.trimmingSpaces
        if let (kind, value) = Self.parenthesised(trimmed) ?? Self.digits(trimmed) {
            self.kind = kind
            self.value = value
        } else {
            self.kind = .text
            self.value = trimmed
        }
    }

    /// The key of a read code: a UPC-E by its EAN-13 form (``Barcode/extendedData``),
    /// a binary payload by its bytes in hexadecimal.
    public init(barcode: Barcode) {
        if barcode.symbology == .upcE, let expanded = barcode.extendedData {
            self.init(payload: expanded)
        } else {
            self.init(payload: barcode.data ?? barcode.bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined())
        }
    }

    /// `sscc:…`, `gtin:…` or the text itself.
    public var description: String { kind == .text ? value : "\(kind.rawValue):\(value)" }

    /// `(00)…` or `(01)…` alone, as a manifest or a label's human-readable line writes it.
    private static func parenthesised(_ text: String) -> (Kind, String)? {
        guard text.hasPrefix("("), text.count >= 4 else { return nil }
        let ai = text.dropFirst().prefix(2)
        let rest = text.dropFirst(3)
        guard rest.first == ")" else { return nil }
        return digits(String(ai) + rest.dropFirst())
    }

    private static func digits(_ text: String) -> (Kind, String)? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        switch text.count {
        case 20 where text.hasPrefix("00"): return (.sscc, String(text.dropFirst(2)))
        case 18: return (.sscc, text)
        case 16 where text.hasPrefix("01"): return (.gtin, String(text.dropFirst(2)))
        case 14, 13, 12, 8:
            return (.gtin, String(repeating: "0", count: 14 - text.count) + text)
        default: return nil
        }
    }
}

extension String {
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars = scalars.dropFirst() }
        while let last = scalars.last, last.isWhitespace { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
