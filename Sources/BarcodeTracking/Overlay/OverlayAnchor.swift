/// Where an overlay sits relative to its code's enclosing rectangle.
///
/// The row chooses the vertical placement and the column the horizontal one
/// (see `OverlayConfiguration` for the full placement rule). Raw values are the
/// names used in `--overlay` specs (`topCenter`, `bottomRight`, …).
public enum OverlayAnchor: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Above the code and left of it (diagonally off its top-left corner).
    case topLeft
    /// Above the code, horizontally centred.
    case topCenter
    /// Above the code and right of it (diagonally off its top-right corner).
    case topRight
    /// Left of the code, vertically centred.
    case centerLeft
    /// Centred on the code (the default).
    case center
    /// Right of the code, vertically centred.
    case centerRight
    /// Below the code and left of it.
    case bottomLeft
    /// Below the code, horizontally centred.
    case bottomCenter
    /// Below the code and right of it.
    case bottomRight

    /// Placement along one axis: before the code (left / above), centred on it, or after it (right / below).
    public enum Placement: Int, Hashable, Sendable {
        /// Left of the code (horizontal) or above it (vertical).
        case before = -1
        /// Centred on the code.
        case centered = 0
        /// Right of the code (horizontal) or below it (vertical).
        case after = 1
    }

    /// Horizontal placement chosen by the anchor's column.
    public var horizontal: Placement {
        switch self {
        case .topLeft, .centerLeft, .bottomLeft: .before
        case .topCenter, .center, .bottomCenter: .centered
        case .topRight, .centerRight, .bottomRight: .after
        }
    }

    /// Vertical placement chosen by the anchor's row.
    public var vertical: Placement {
        switch self {
        case .topLeft, .topCenter, .topRight: .before
        case .centerLeft, .center, .centerRight: .centered
        case .bottomLeft, .bottomCenter, .bottomRight: .after
        }
    }

    /// Parses an anchor name case-insensitively, ignoring `-`, `_` and spaces
    /// (`topCenter`, `top-center`, `TOP_CENTER`).
    public init?(name: String) {
        let key = String(name.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == key }) else { return nil }
        self = match
    }

    public var description: String { rawValue }
}
