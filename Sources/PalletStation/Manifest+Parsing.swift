import BarcodeTracking
import Foundation

extension Manifest {
    /// The columns (CSV) or keys (JSON lines) a manifest may have, case-insensitive; the
    /// first name of each is the documented one. Other columns are ignored, so a
    /// shipment notice exported with more columns can be used as it is.
    static let columnNames: [Column: [String]] = [
        .payload: ["payload", "code", "data", "barcode"],
        .symbology: ["symbology", "type"],
        .quantity: ["quantity", "qty", "count"],
        .pallet: ["pallet", "reference", "shipment", "sscc"],
    ]

    enum Column: CaseIterable { case payload, symbology, quantity, pallet }

    /// Reads a manifest file: CSV with a header line (columns `payload`, optional
    /// `symbology`, `quantity`, `pallet`), or JSON lines (one object a line with the same
    /// keys), told apart by the first character that is not a space (`{` for JSON).
    /// Blank lines are skipped. Throws ``StationError`` naming the file and line of the
    /// first bad row, so a bad manifest is refused before any frame is read.
    public init(contentsOf path: String) throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw StationError(.badManifest, "cannot read the manifest \(path): \((error as NSError).localizedDescription); check the path and its permissions", path: path)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw StationError(.badManifest, "the manifest \(path) is not UTF-8 text; save it as UTF-8 CSV or JSON lines", path: path)
        }
        do {
            try self.init(parsing: text)
        } catch let error as StationError {
            throw StationError(.badManifest, "manifest \(path), \(error.message)", path: path)
        }
    }

    /// Parses a manifest's text (CSV with a header, or JSON lines); errors name the line.
    public init(parsing text: String) throws {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        let isJSON = text.first { !$0.isWhitespace } == "{"
        var entries: [LineEntry] = []
        if isJSON {
            for (index, line) in lines.enumerated() where !line.trimmingSpaces.isEmpty {
                entries.append(try Self.jsonEntry(line, line: index + 1))
            }
        } else {
            guard let headerIndex = lines.firstIndex(where: { !$0.trimmingSpaces.isEmpty }) else {
                throw StationError(.badManifest, "it is empty; give a header line (payload,symbology,quantity,pallet) and a line per code")
            }
            let header = try Self.columns(of: CSVRow.fields(lines[headerIndex], line: headerIndex + 1))
            for index in lines.indices.dropFirst(headerIndex + 1) where !lines[index].trimmingSpaces.isEmpty {
                entries.append(try Self.csvEntry(CSVRow.fields(lines[index], line: index + 1), header: header, line: index + 1))
            }
        }
        guard !entries.isEmpty else {
            throw StationError(.badManifest, "it lists no codes; give a line per expected code")
        }
        try self.init(lineEntries: entries)
    }

    private static func columns(of header: [String]) throws -> [Column: Int] {
        var found: [Column: Int] = [:]
        for (position, name) in header.enumerated() {
            let lowered = name.trimmingSpaces.lowercased()
            if let column = Column.allCases.first(where: { columnNames[$0]!.contains(lowered) }), found[column] == nil {
                found[column] = position
            }
        }
        guard found[.payload] != nil else {
            throw StationError(.badManifest, "line 1: the header names no payload column (one of \(columnNames[.payload]!.joined(separator: ", "))); the first line must be a header such as payload,symbology,quantity,pallet")
        }
        return found
    }

    private static func csvEntry(_ fields: [String], header: [Column: Int], line: Int) throws -> LineEntry {
        func field(_ column: Column) -> String? {
            guard let position = header[column], position < fields.count else { return nil }
            let value = fields[position].trimmingSpaces
            return value.isEmpty ? nil : value
        }
        return try entry(payload: field(.payload), symbology: field(.symbology), quantity: field(.quantity),
                         pallet: field(.pallet), line: line)
    }

    private static func jsonEntry(_ text: String, line: Int) throws -> LineEntry {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
            throw StationError(.badManifest, "line \(line): not a JSON object; write one object a line, e.g. {\"payload\":\"4006381333931\",\"quantity\":2}")
        }
        func value(_ column: Column) throws -> String? {
            let lowered = Dictionary(object.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
            guard let raw = columnNames[column]!.lazy.compactMap({ lowered[$0] }).first, !(raw is NSNull) else { return nil }
            if let string = raw as? String { return string }
            if let number = raw as? NSNumber, column == .quantity || column == .pallet { return number.stringValue }
            throw StationError(.badManifest, "line \(line): \(columnNames[column]![0]) must be a string")
        }
        return try entry(payload: value(.payload), symbology: value(.symbology), quantity: value(.quantity),
                         pallet: value(.pallet), line: line)
    }

    private static func entry(payload: String?, symbology: String?, quantity: String?, pallet: String?, line: Int) throws -> LineEntry {
        guard let payload, !payload.trimmingSpaces.isEmpty else {
            throw StationError(.badManifest, "line \(line): no payload; give every line a payload")
        }
        var parsedSymbology: Symbology?
        if let symbology {
            guard let known = Symbology(rawValue: symbology.lowercased()) else {
                throw StationError(.badManifest, "line \(line): unknown symbology '\(symbology)'; use one of \(Symbology.allCases.map(\.rawValue).joined(separator: ", ")) or leave it empty")
            }
            parsedSymbology = known
        }
        var count = 1
        if let quantity {
            guard let number = Int(quantity), number >= 1 else {
                throw StationError(.badManifest, "line \(line): quantity '\(quantity)' is not a whole number of at least 1")
            }
            count = number
        }
        return LineEntry(entry: Entry(payload: payload.trimmingSpaces, symbology: parsedSymbology, quantity: count, pallet: pallet),
                         line: line)
    }

    /// Checks each entry naming its line before ``init(entries:)`` merges them.
    private init(lineEntries entries: [LineEntry]) throws {
        if let first = entries.first {
            for item in entries {
                try Self.check(item.entry, against: first.entry, where: "line \(item.line)")
            }
        }
        try self.init(entries: entries.map(\.entry))
    }

    private struct LineEntry {
        var entry: Entry
        var line: Int
    }
}

/// One CSV line split into fields (RFC 4180 quoting: `"a,b"` and `""` for a quote).
enum CSVRow {
    static func fields(_ text: String, line: Int) throws -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var iterator = text.makeIterator()
        var atFieldStart = true
        while let character = iterator.next() {
            if quoted {
                if character == "\"" {
                    var lookahead = iterator
                    if lookahead.next() == "\"" {
                        field.append("\"")
                        iterator = lookahead
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "," {
                fields.append(field)
                field = ""
                atFieldStart = true
                continue
            } else if character == "\"" && atFieldStart {
                quoted = true
            } else {
                field.append(character)
            }
            atFieldStart = false
        }
        guard !quoted else {
            throw StationError(.badManifest, "line \(line): a quoted field is not closed; close it with \" (a quote inside is written \"\")")
        }
        fields.append(field)
        return fields
    }
}
