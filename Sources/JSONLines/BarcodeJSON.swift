package import BarcodeTracking

/// JSON fragments shared by every output of `track`.
package enum BarcodeJSON {
    /// `[[x,y],[x,y],[x,y],[x,y]]` in frame pixels, the code's top-left first, clockwise.
    package static func quad(_ q: Quadrilateral) -> JSONValue {
        .array(q.corners.map { .array([.number($0.x, decimals: 2), .number($0.y, decimals: 2)]) })
    }

    /// Adds `symbology`, `data` (when text) and `bytes` (base64, only when the payload is not valid UTF-8).
    package static func addPayload(of barcode: Barcode, to object: inout JSONObject) {
        object.add("symbology", .string(barcode.symbology.rawValue))
        if let data = barcode.data {
            object.add("data", .string(data))
        } else {
            object.add("bytes", .string(Base64.encode(barcode.bytes)))
        }
    }

    /// Adds what zxing-cpp 1.4 reports beyond the payload, each only when it has a value:
    /// `extendedData` (UPC-A and UPC-E in EAN-13 form, the GTIN-14 of a DataBar, the
    /// bracketed form of a DataBar Expanded), `symbologyIdentifier` (ISO/IEC 15424, e.g.
    /// `]E0`, `]Q1`), `ecLevel` (QR `L`/`M`/`Q`/`H`, Aztec and PDF417 levels as zxing
    /// names them) and the link between an EAN/UPC code and its EAN-2/EAN-5 add-on:
    /// `addOn` on the main code, `addOnOf` on the add-on, each `{"symbology":…,"data":…}`.
    /// zxing-cpp 1.4 reports one position for a code and its add-on together, so the
    /// add-on has no quad of its own: the link says so with `"quad":"shared"`.
    package static func addDetails(of barcode: Barcode, to object: inout JSONObject) {
        object.add("extendedData", barcode.extendedData.map { .string($0) })
        if !barcode.symbologyIdentifier.isEmpty { object.add("symbologyIdentifier", .string(barcode.symbologyIdentifier)) }
        object.add("ecLevel", barcode.ecLevel.map { .string($0) })
        if let other = barcode.associatedCode {
            var link = JSONObject()
            link.add("symbology", .string(other.symbology.rawValue))
            link.add("data", .string(other.data))
            link.add("quad", .string("shared"))
            object.add(barcode.symbology.isAddOn ? "addOnOf" : "addOn", .object(link))
        }
    }

    /// A printable form of a payload for text output: control characters shown as `<GS>`, `<0x01>`.
    package static func printable(_ barcode: Barcode) -> String {
        guard let data = barcode.data else { return "<\(barcode.bytes.count) binary bytes>" }
        var out = ""
        for scalar in data.unicodeScalars {
            switch scalar.value {
            case 29: out += "<GS>"
            case 0..<32, 127: out += "<0x" + String(scalar.value, radix: 16) + ">"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
