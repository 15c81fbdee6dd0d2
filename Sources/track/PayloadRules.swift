import ArgumentParser
import BarcodeDecoding
import BarcodeTracking

/// `--accept` and `--reject`: which decoded codes count, by payload, for the
/// session's rejection predicate (run on the frame-processing queue, like a library
/// user's). A rejected code stays tracked and drawn, marked `"rejected":true`, and
/// never counts toward `--expect`.
struct PayloadRules: Sendable {
    /// One rule: a regular expression searched in the payload (`^…$` to match it
    /// whole), for one symbology or for all.
    struct Rule: Sendable {
        var symbology: Symbology?
        var pattern: String
        // Regex is not Sendable (it holds a lazily compiled program). Safe here: after
        // init the rules are read only by the session's predicate, which runs on the one
        // serial frame-processing queue, so no two threads ever match with it at once.
        nonisolated(unsafe) let regex: Regex<AnyRegexOutput>

        /// Parses `REGEX` or `SYMBOLOGY:REGEX`.
        ///
        /// Text before the first colon made only of letters, digits, `-` and `_` names a
        /// symbology, and an unknown name is refused (a misspelt `eam13:` would otherwise
        /// become a pattern that matches nothing, silently). Anything else before the colon
        /// (`^`, `(?i`, `\d`, …) makes the whole argument a regular expression; a payload word
        /// followed by a colon is matched with the colon escaped: `https\:`.
        init(parsing argument: String, option: String) throws {
            var text = Substring(argument)
            if let colon = argument.firstIndex(of: ":"), Self.isName(argument[..<colon]) {
                let name = String(argument[..<colon])
                guard let symbology = Symbology(name: name) else {
                    let names = BarcodeReader.readableSymbologies.map(\.rawValue).joined(separator: ", ")
                    throw ValidationError("\(option) '\(argument)': unknown symbology '\(name)' before the colon; choose from: \(names) "
                                          + "(to match '\(name):' in the payload, escape the colon: '\(name)\\:')")
                }
                self.symbology = symbology
                text = argument[argument.index(after: colon)...]
            }
            pattern = String(text)
            guard !pattern.isEmpty else { throw ValidationError("\(option) needs a regular expression, e.g. \(option) '^00\\d{18}$'") }
            do { regex = try Regex(pattern) } catch {
                throw ValidationError("\(option) '\(pattern)' is not a valid regular expression: \(error)")
            }
        }

        /// Whether `text` reads as a symbology name rather than as part of a regular expression.
        private static func isName(_ text: Substring) -> Bool {
            !text.isEmpty && text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
        }

        func matches(_ barcode: Barcode) -> Bool {
            if let symbology, symbology != barcode.symbology { return false }
            let text = barcode.data ?? String(decoding: barcode.bytes, as: UTF8.self)
            return (try? regex.firstMatch(in: text)) != nil
        }
    }

    var accept: [Rule] = []
    var reject: [Rule] = []

    var isEmpty: Bool { accept.isEmpty && reject.isEmpty }

    /// The session's rejection predicate for these rules; `nil` when there are none.
    var predicate: ScanSession.RejectionPredicate? {
        guard !isEmpty else { return nil }
        let rules = self
        return { track in track.barcode.map(rules.rejects) ?? false }
    }

    /// Whether `barcode` is rejected: it matches a `--reject` rule, or `--accept` rules
    /// are given and it matches none of them.
    func rejects(_ barcode: Barcode) -> Bool {
        if reject.contains(where: { $0.matches(barcode) }) { return true }
        return !accept.isEmpty && !accept.contains(where: { $0.matches(barcode) })
    }
}
