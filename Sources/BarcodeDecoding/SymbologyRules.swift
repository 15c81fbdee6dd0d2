import BarcodeTracking

/// The symbology rules users expect of results (REFERENCE.md "Session results"):
///
/// - UPC-A is reported as UPC-A; its EAN-13 (GTIN-13) form is `extendedData`.
/// - UPC-E carries its expansion to UPC-A in `extendedData`.
/// - An EAN-2/EAN-5 add-on is reported as its own ``Barcode`` (symbology
///   `ean2`/`ean5`), and it and its main code point to each other through
///   `associatedCode`.
/// - GS1 payloads (e.g. Code 128 with FNC1 first, `]C1`) keep ASCII 29 (GS)
///   between fields; Codabar keeps its start/stop characters.
/// - Text is only reported when the bytes are text; binary payloads keep
///   their exact bytes with `data == nil` when they are not valid UTF-8.
public enum SymbologyRules {
    /// Expands a UPC-E code (8 digits: number system, 6 digits, check digit)
    /// to its 12-digit UPC-A form; `nil` when the input is not 8 digits.
    public static func expandUPCE(_ upce: String) -> String? {
        let d = Array(upce)
        guard d.count == 8, d.allSatisfy(\.isASCIIDigit) else { return nil }
        let ns = d[0], check = d[7]
        let m = Array(d[1...6])
        let body: [Character]
        switch m[5] {
        case "0", "1", "2": body = [m[0], m[1], m[5], "0", "0", "0", "0", m[2], m[3], m[4]]
        case "3": body = [m[0], m[1], m[2], "0", "0", "0", "0", "0", m[3], m[4]]
        case "4": body = [m[0], m[1], m[2], m[3], "0", "0", "0", "0", "0", m[4]]
        default: body = [m[0], m[1], m[2], m[3], m[4], "0", "0", "0", "0", m[5]]
        }
        return String([ns] + body + [check])
    }

    /// The EAN-13 (GTIN-13) form of a 12-digit UPC-A code: a leading zero.
    public static func ean13Form(ofUPCA upca: String) -> String? {
        upca.count == 12 && upca.allSatisfy(\.isASCIIDigit) ? "0" + upca : nil
    }

    /// Turns zxing-cpp's raw symbols into results: add-ons split off and linked,
    /// derived forms filled in, located-only symbols returned as detections without a barcode.
    static func detections(from symbols: [RawSymbol]) -> [Detection] {
        var out: [Detection] = []
        out.reserveCapacity(symbols.count)
        for symbol in symbols {
            if symbol.isLocatedOnly {
                out.append(Detection(location: symbol.location, symbologyHint: symbol.symbology))
                continue
            }
            let (main, addOn) = barcodes(from: symbol)
            out.append(Detection(barcode: main))
            if let addOn { out.append(Detection(barcode: addOn)) }
        }
        return out
    }

    static func barcodes(from s: RawSymbol) -> (Barcode, Barcode?) {
        var text = s.text
        var bytes = s.bytes
        var addOnBarcode: Barcode?
        var association: AssociatedCode?
        if !s.addOn.isEmpty, text.hasSuffix(s.addOn) {
            text = String(text.dropLast(s.addOn.count)).trimmingTrailingSpace()
            bytes = Array(text.utf8)
            let addOnSymbology: Symbology = s.addOn.count == 2 ? .ean2 : .ean5
            association = AssociatedCode(symbology: addOnSymbology, data: s.addOn)
            addOnBarcode = Barcode(
                symbology: addOnSymbology, data: s.addOn, bytes: Array(s.addOn.utf8),
                symbologyIdentifier: s.addOn.count == 2 ? "]E1" : "]E2",
                associatedCode: AssociatedCode(symbology: s.symbology, data: text),
                location: s.location, orientation: s.orientation, isInverted: s.isInverted)
        }
        let data: String? = s.isBinary ? String(validating: bytes, as: UTF8.self) : text
        var extended: String?
        switch s.symbology {
        case .upcA: extended = ean13Form(ofUPCA: text)
        case .upcE: extended = expandUPCE(text)
        default: extended = nil
        }
        let sequence: StructuredAppend? = s.sequenceIndex >= 0 && s.sequenceSize != -1
            ? StructuredAppend(index: s.sequenceIndex, count: s.sequenceSize > 0 ? s.sequenceSize : nil, id: s.sequenceID)
            : nil
        let main = Barcode(
            symbology: s.symbology, data: data, bytes: bytes, extendedData: extended,
            symbologyIdentifier: s.symbologyIdentifier, ecLevel: s.ecLevel.isEmpty ? nil : s.ecLevel,
            associatedCode: association, structuredAppend: sequence, location: s.location,
            orientation: s.orientation, isMirrored: s.isMirrored, isInverted: s.isInverted)
        return (main, addOnBarcode)
    }
}

extension String {
    fileprivate func trimmingTrailingSpace() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
