/// A tiny ordered JSON object writer: the output contract fixes key order,
/// which Foundation's encoders do not guarantee.
package struct JSONObject {
    private var fields: [String] = []

    package init() {}

    package mutating func add(_ key: String, _ value: JSONValue) {
        fields.append("\(JSONValue.quote(key)):\(value.text)")
    }

    package mutating func add(_ key: String, _ value: JSONValue?) {
        if let value { add(key, value) }
    }

    package var text: String { "{" + fields.joined(separator: ",") + "}" }
}

/// A JSON value rendered to text.
package struct JSONValue {
    package let text: String

    package static let null = JSONValue(text: "null")

    package static func string(_ s: String) -> JSONValue { JSONValue(text: quote(s)) }
    package static func int(_ i: Int) -> JSONValue { JSONValue(text: String(i)) }
    package static func bool(_ b: Bool) -> JSONValue { JSONValue(text: b ? "true" : "false") }
    package static func object(_ o: JSONObject) -> JSONValue { JSONValue(text: o.text) }
    package static func array(_ items: [JSONValue]) -> JSONValue {
        JSONValue(text: "[" + items.map(\.text).joined(separator: ",") + "]")
    }

    /// A number rounded to `decimals` places, written without a trailing `.0`.
    package static func number(_ x: Double, decimals: Int = 3) -> JSONValue {
        // JSON has no infinities or NaN: the contract writes null rather than invalid text.
        guard x.isFinite else { return .null }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        // Beyond 2^53 a Double has no fraction to round, and x * scale could overflow to infinity.
        guard abs(x) < 9.0e15 else { return JSONValue(text: String(x)) }
        let rounded = (x * scale).rounded() / scale
        if rounded == rounded.rounded(), abs(rounded) < 1e15 {
            return JSONValue(text: String(Int(rounded)))
        }
        return JSONValue(text: String(rounded))
    }

    package static func quote(_ s: String) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
