public import BarcodeTracking

/// An overlay configuration plus expiry length, as given on the command line
/// (`track --overlay SPEC`).
///
/// SPEC is comma-separated `key=value` pairs. Keys: `anchor`, `offset.x`,
/// `offset.y`, `size.x`, `size.y`, `expiry`. Scale values are `type:value`
/// with type `none`, `overlay`, `fixedPx` or `keepRatio` (`none` may stand
/// alone); `anchor` takes an anchor name (`topCenter`, …); `expiry` takes
/// seconds (`1.5` or `1.5s`). Missing keys keep their defaults. Example:
/// `anchor=topCenter,offset.y=fixedPx:15,size.x=overlay:1.5,size.y=keepRatio:0.75`.
public struct OverlaySpecification: Hashable, Sendable, CustomStringConvertible {
    /// The keys a spec may contain, in canonical order.
    public static let keys = ["anchor", "offset.x", "offset.y", "size.x", "size.y", "expiry"]

    /// Where the overlays go.
    public var configuration: OverlayConfiguration
    /// How long an undetected code keeps its overlays.
    public var expiry: OverlayExpiry

    /// Creates a specification from its parts.
    public init(configuration: OverlayConfiguration = .default, expiry: OverlayExpiry = .default) {
        self.configuration = configuration
        self.expiry = expiry
    }

    /// Parses a `--overlay` spec.
    ///
    /// Throws `OverlayError` whose message names the bad key or value:
    /// `.unknownKey`, `.malformedSpec`, or the configuration's own errors
    /// (`.keepRatioOnBothAxes`, `.invalidValue`, `.expiryOutOfRange`).
    public init(parsing spec: String) throws(OverlayError) {
        let trimmed = spec.trimmingWhitespace()
        guard !trimmed.isEmpty else {
            throw OverlayError(.malformedSpec,
                "the overlay spec is empty; give comma-separated key=value pairs, e.g. 'anchor=topCenter,size.x=overlay:1.5'")
        }
        var anchor = OverlayAnchor.center
        var scales: [String: OverlayScale] = [:]
        var expirySeconds: Double?
        var seen: Set<String> = []
        for rawItem in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let item = String(rawItem).trimmingWhitespace()
            guard let equals = item.firstIndex(of: "=") else {
                throw OverlayError(.malformedSpec,
                    "overlay spec item '\(item)' is not key=value; keys are \(Self.keys.joined(separator: ", "))")
            }
            let key = String(item[..<equals]).trimmingWhitespace()
            let value = String(item[item.index(after: equals)...]).trimmingWhitespace()
            guard let canonical = Self.keys.first(where: { $0.lowercased() == key.lowercased() }) else {
                throw OverlayError(.unknownKey,
                    "unknown overlay key '\(key)'; keys are \(Self.keys.joined(separator: ", "))")
            }
            guard seen.insert(canonical).inserted else {
                throw OverlayError(.malformedSpec, "overlay key '\(canonical)' is given twice; give each key once")
            }
            switch canonical {
            case "anchor":
                guard let parsed = OverlayAnchor(name: value) else {
                    throw OverlayError(.malformedSpec,
                        "anchor '\(value)' is not an anchor; use one of \(OverlayAnchor.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                anchor = parsed
            case "expiry":
                var number = value
                if number.hasSuffix("s") { number.removeLast() }
                guard let seconds = Double(number.trimmingWhitespace()), seconds.isFinite else {
                    throw OverlayError(.malformedSpec, "expiry '\(value)' is not a number of seconds; e.g. expiry=1.5")
                }
                expirySeconds = seconds
            default:
                scales[canonical] = try Self.parseScale(value, key: canonical)
            }
        }
        configuration = try OverlayConfiguration(
            anchor: anchor, offsetX: scales["offset.x"] ?? .none, offsetY: scales["offset.y"] ?? .none,
            sizeX: scales["size.x"] ?? .none, sizeY: scales["size.y"] ?? .none)
        expiry = try expirySeconds.map { (s) throws(OverlayError) in try OverlayExpiry(seconds: s) } ?? .default
    }

    /// Parses one `type:value` scale for `key` (used in error messages).
    public static func parseScale(_ text: String, key: String) throws(OverlayError) -> OverlayScale {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let type = String(parts[0]).trimmingWhitespace().lowercased()
        let valueText = parts.count > 1 ? String(parts[1]).trimmingWhitespace() : nil
        if type == "none" { return .none }
        let types = "none, overlay, fixedPx or keepRatio"
        guard ["overlay", "fixedpx", "keepratio"].contains(type) else {
            throw OverlayError(.malformedSpec, "\(key): unknown scale type '\(parts[0])' in '\(text)'; use \(types), e.g. \(key)=overlay:1.5")
        }
        guard let valueText, let value = Double(valueText), value.isFinite else {
            throw OverlayError(.malformedSpec,
                "\(key): '\(text)' needs a finite number after the type, e.g. \(key)=\(parts[0]):1.5")
        }
        switch type {
        case "overlay": return .overlay(value)
        case "fixedpx": return .fixedPx(value)
        default: return .keepRatio(value)
        }
    }

    /// The canonical spec text; parsing it gives back an equal specification.
    public var description: String { "\(configuration),expiry=\(expiry.seconds)" }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    fileprivate func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let first = s.first, first.isWhitespace { s.removeFirst() }
        while let last = s.last, last.isWhitespace { s.removeLast() }
        return String(s)
    }
}
