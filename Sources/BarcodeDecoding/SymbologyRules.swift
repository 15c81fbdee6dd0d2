import BarcodeTracking

/// The symbology rules users expect of results (REFERENCE.md "Session results"):
///
/// - UPC-A is reported as UPC-A; its EAN-13 (GTIN-13) form is `extendedData`.
/// - UPC-E carries its expansion, in EAN-13 (GTIN-13) form, in `extendedData`.
/// - GS1 DataBar reports the full element string (`01` + GTIN-14) as `data`
///   and the GTIN-14 as `extendedData`; DataBar Expanded reports the element
///   string (AIs and values, ASCII 29 after variable-length fields) as `data`
///   and the human-readable form with parentheses as `extendedData`.
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

    /// Converts a GS1 human-readable interpretation, `(01)09501101530003(10)AB-123`,
    /// into the element string the symbol encodes: AIs and values concatenated,
    /// with ASCII 29 (GS) after every variable-length value that is not last.
    /// Returns `nil` when the text is not in that form.
    public static func gs1ElementString(fromHRI hri: String) -> String? {
        var result = ""
        var rest = Substring(hri)
        var previousWasVariable = false
        while !rest.isEmpty {
            guard rest.first == "(", let close = rest.firstIndex(of: ")") else { return nil }
            let ai = rest[rest.index(after: rest.startIndex)..<close]
            guard (2...4).contains(ai.count), ai.allSatisfy(\.isASCIIDigit) else { return nil }
            let valueEnd = rest[close...].dropFirst().firstIndex(of: "(") ?? rest.endIndex
            let value = rest[rest.index(after: close)..<valueEnd]
            if previousWasVariable { result.append("\u{1D}") }
            result += ai + value
            previousWasVariable = !predefinedLengthPrefixes.contains(String(ai.prefix(2)))
            rest = rest[valueEnd...]
        }
        return result.isEmpty ? nil : result
    }

    /// AI prefixes whose values have a predefined length (GS1 General Specifications, figure 7.8.5-2):
    /// no separator follows them.
    static let predefinedLengthPrefixes: Set<String> = [
        "00", "01", "02", "03", "04", "11", "12", "13", "14", "15", "16", "17", "18", "19", "20",
        "31", "32", "33", "34", "35", "36", "41",
    ]

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
        var data: String? = s.isBinary ? String(validating: bytes, as: UTF8.self) : text
        var extended: String?
        switch s.symbology {
        case .upcA: extended = ean13Form(ofUPCA: text)
        case .upcE: extended = expandUPCE(text).flatMap(ean13Form(ofUPCA:))
        case .databar where text.count == 14:
            extended = text
            data = "01" + text
            bytes = Array(data!.utf8)
        case .databarExpanded where text.hasPrefix("("):
            if let elements = gs1ElementString(fromHRI: text) {
                extended = text
                data = elements
                bytes = Array(elements.utf8)
            }
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
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
