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
