public import Foundation

/// A JSON value as JSON has it: numbers, booleans and null kept apart (JSONSerialization on Linux
/// gives `NSNumber` for both numbers and booleans, which a schema's `type` must tell apart).
public indirect enum JSON: Decodable, Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }

    /// Parses one JSON text (a line of `--format jsonl`, a schema file).
    public static func parse(_ text: String) throws -> JSON {
        try JSONDecoder().decode(JSON.self, from: Data(text.utf8))
    }

    /// The member `key` of an object, nil for anything else.
    public subscript(key: String) -> JSON? {
        if case .object(let members) = self { members[key] } else { nil }
    }
}

/// The subset of JSON Schema (draft 2020-12) that docs/output-contract.schema.json uses: `$ref` to
/// `#/$defs/…`, `type` (a name or a list), `const`, `enum`, `properties`, `required`,
/// `additionalProperties: false`, `items`, `minItems`, `maxItems`, `minimum`, `pattern` and `oneOf`.
/// A keyword outside the subset is an error, so a schema cannot pass by being misread.
public struct JSONSchema {
    public let root: JSON

    public init(contentsOf url: URL) throws {
        root = try JSON.parse(String(contentsOf: url, encoding: .utf8))
    }

    /// What is wrong with `value` against the root schema; empty when it is valid.
    public func violations(of value: JSON) -> [String] {
        var problems: [String] = []
        check(value, against: root, at: "$", into: &problems)
        return problems
    }

    private static let understood: Set<String> = [
        "$schema", "$id", "$defs", "$ref", "title", "description", "type", "const", "enum", "properties", "required",
        "additionalProperties", "items", "minItems", "maxItems", "minimum", "pattern", "oneOf",
    ]

    private func check(_ value: JSON, against schema: JSON, at path: String, into problems: inout [String]) {
        guard case .object(let keywords) = schema else {
            problems.append("\(path): the schema here is not an object")
            return
        }
        for keyword in keywords.keys where !Self.understood.contains(keyword) {
            problems.append("\(path): schema keyword \(keyword) is outside the validator's subset")
        }
        if case .string(let reference)? = keywords["$ref"] {
            guard let target = resolve(reference) else {
                problems.append("\(path): unresolved $ref \(reference)")
                return
            }
            check(value, against: target, at: path, into: &problems)
        }
        if let type = keywords["type"] {
            let names: [String] =
                switch type {
                case .string(let name): [name]
                case .array(let list): list.compactMap { if case .string(let name) = $0 { name } else { nil } }
                default: []
                }
            if !names.contains(where: { Self.value(value, isOfType: $0) }) {
                problems.append("\(path): expected \(names.joined(separator: " or ")), found \(Self.describe(value))")
            }
        }
        if let constant = keywords["const"], constant != value {
            problems.append("\(path): expected the constant \(Self.describe(constant)), found \(Self.describe(value))")
        }
        if case .array(let allowed)? = keywords["enum"], !allowed.contains(value) {
            problems.append("\(path): \(Self.describe(value)) is not one of the allowed values")
        }
        if case .object(let members) = value {
            let properties: [String: JSON] = if case .object(let p)? = keywords["properties"] { p } else { [:] }
            if case .array(let required)? = keywords["required"] {
                for case .string(let name) in required where members[name] == nil {
                    problems.append("\(path): missing required member \(name)")
                }
            }
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                if let memberSchema = properties[name] {
                    check(member, against: memberSchema, at: "\(path).\(name)", into: &problems)
                } else if keywords["additionalProperties"] == .bool(false) {
                    problems.append("\(path): member \(name) is not in the contract")
                }
            }
        }
        if case .array(let elements) = value {
            if case .number(let least)? = keywords["minItems"], Double(elements.count) < least {
                problems.append("\(path): \(elements.count) items, at least \(Int(least)) expected")
            }
            if case .number(let most)? = keywords["maxItems"], Double(elements.count) > most {
                problems.append("\(path): \(elements.count) items, at most \(Int(most)) expected")
            }
            if let itemSchema = keywords["items"] {
                for (index, element) in elements.enumerated() {
                    check(element, against: itemSchema, at: "\(path)[\(index)]", into: &problems)
                }
            }
        }
        if case .number(let minimum)? = keywords["minimum"], case .number(let number) = value, number < minimum {
            problems.append("\(path): \(number) is below the minimum \(minimum)")
        }
        if case .string(let pattern)? = keywords["pattern"], case .string(let text) = value,
            text.range(of: pattern, options: .regularExpression) == nil
        {
            problems.append("\(path): \(Self.describe(value)) does not match \(pattern)")
        }
        if case .array(let alternatives)? = keywords["oneOf"] {
            var matching = 0
            var closest: [String]?
            for alternative in alternatives {
                var own: [String] = []
                check(value, against: alternative, at: path, into: &own)
                if own.isEmpty { matching += 1 } else if closest == nil || own.count < closest!.count { closest = own }
            }
            if matching == 0 {
                problems.append(
                    "\(path): matches none of the alternatives; the closest says: "
                        + (closest ?? []).joined(separator: "; "))
            } else if matching > 1 {
                problems.append("\(path): matches \(matching) alternatives, exactly one expected")
            }
        }
    }

    private func resolve(_ reference: String) -> JSON? {
        let prefix = "#/$defs/"
        guard reference.hasPrefix(prefix) else { return nil }
        return root["$defs"]?[String(reference.dropFirst(prefix.count))]
    }

    private static func value(_ value: JSON, isOfType name: String) -> Bool {
        switch (name, value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array),
            ("object", .object):
            true
        case ("integer", .number(let number)): number == number.rounded()
        default: false
        }
    }

    private static func describe(_ value: JSON) -> String {
        switch value {
        case .null: "null"
        case .bool(let b): String(b)
        case .number(let n): String(n)
        case .string(let s): "\"\(s)\""
        case .array(let a): "an array of \(a.count)"
        case .object: "an object"
        }
    }
}
