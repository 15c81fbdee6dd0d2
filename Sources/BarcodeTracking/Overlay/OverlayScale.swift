/// One of an overlay's four scaled values (offset x/y, size x/y): a scale type plus a value.
///
/// Lengths are in the target space of the plan: frame pixels when planning on
/// frames (the command line), view points when planning through a `ViewTransform`.
public enum OverlayScale: Hashable, Sendable, Codable, CustomStringConvertible {
    /// No offset, or no size change (the code's own size on that axis).
    case none
    /// A multiple of the code's enclosing-rectangle size on that axis.
    case overlay(Double)
    /// A fixed length in the target space (frame pixels or view points).
    case fixedPx(Double)
    /// For a size: a multiple of the overlay's other axis (width = k × height).
    /// For an offset: a multiple of the overlay's own size on that axis.
    case keepRatio(Double)

    /// The scale type's name as used in `--overlay` specs: `none`, `overlay`, `fixedPx`, `keepRatio`.
    public var typeName: String {
        switch self {
        case .none: "none"
        case .overlay: "overlay"
        case .fixedPx: "fixedPx"
        case .keepRatio: "keepRatio"
        }
    }

    /// The value; 0 for `.none`.
    public var value: Double {
        switch self {
        case .none: 0
        case .overlay(let v), .fixedPx(let v), .keepRatio(let v): v
        }
    }

    /// Whether this is `.keepRatio`.
    public var isKeepRatio: Bool {
        if case .keepRatio = self { return true }
        return false
    }

    /// `type:value`, the spec form (`none` alone for `.none`).
    public var description: String {
        if case .none = self { return "none" }
        return "\(typeName):\(value)"
    }
}
