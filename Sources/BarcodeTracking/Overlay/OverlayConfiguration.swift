/// Where an overlay goes relative to its code and how big it is.
///
/// The code's size and anchor points come from its **enclosing rectangle**, the
/// tightest axis-aligned rectangle containing its corners (or, for the oriented
/// variant, the tightest rectangle aligned with the code's own axes).
///
/// Placement rule, per axis: the anchor's column chooses the horizontal
/// placement and its row the vertical one.
/// - left column: the overlay's right edge is on the code's left edge;
///   right column: its left edge is on the code's right edge;
///   centre column: horizontally centred on the code.
/// - top row: the overlay's bottom edge is on the code's top edge;
///   bottom row: its top edge on the code's bottom edge;
///   centre row: vertically centred on the code.
/// - Offsets then move the overlay *away* from the code (non-negative values)
///   or pull it in (negative values); on a centred axis "away" is +x (right)
///   and +y (down).
///
/// Example: anchor `topCenter`, offset y `fixedPx(15)`, size x `overlay(1.5)`,
/// size y `keepRatio(0.75)` puts a box centred above the code, 15 units above
/// its top edge, 1.5× as wide as the code and 0.75× as high as it is wide.
public struct OverlayConfiguration: Hashable, Sendable, CustomStringConvertible {
    /// Where the overlay sits relative to the code; default `.center`.
    public let anchor: OverlayAnchor
    /// Horizontal offset away from the code; default `.none`.
    public let offsetX: OverlayScale
    /// Vertical offset away from the code; default `.none`.
    public let offsetY: OverlayScale
    /// The overlay's width; default `.none` (the code's width).
    public let sizeX: OverlayScale
    /// The overlay's height; default `.none` (the code's height).
    public let sizeY: OverlayScale

    /// The default: centred on the code, same size, no offset.
    public static let `default` = OverlayConfiguration(
        unchecked: .center, offsetX: .none, offsetY: .none, sizeX: .none, sizeY: .none)

    /// The largest magnitude of any value (pixels for `fixedPx`, a factor otherwise): planned
    /// rectangles stay finite (1e308 used to overflow to infinity) and far beyond any frame.
    public static let maximumMagnitude = 1_000_000.0

    /// Creates a configuration, checking it.
    ///
    /// Throws `OverlayError` with `.keepRatioOnBothAxes` when both sizes are
    /// `keepRatio`, and `.invalidValue` when a value is not finite, larger than
    /// ``maximumMagnitude`` or, for a size, not positive.
    public init(
        anchor: OverlayAnchor = .center,
        offsetX: OverlayScale = .none, offsetY: OverlayScale = .none,
        sizeX: OverlayScale = .none, sizeY: OverlayScale = .none
    ) throws(OverlayError) {
        if sizeX.isKeepRatio && sizeY.isKeepRatio {
            throw OverlayError(.keepRatioOnBothAxes,
                "size.x and size.y are both keepRatio, so neither axis has a length; give one of them as none, overlay or fixedPx")
        }
        let limit = Self.maximumMagnitude
        for (name, scale) in [("offset.x", offsetX), ("offset.y", offsetY)] where !(abs(scale.value) <= limit) {
            throw OverlayError(.invalidValue, "\(name) value \(scale.value) is out of range; use a number from -\(Int(limit)) to \(Int(limit))")
        }
        for (name, scale) in [("size.x", sizeX), ("size.y", sizeY)] {
            if case .none = scale { continue }
            guard scale.value > 0, scale.value <= limit else {
                throw OverlayError(.invalidValue, "\(name) value \(scale.value) must be a positive number up to \(Int(limit))")
            }
        }
        self.init(unchecked: anchor, offsetX: offsetX, offsetY: offsetY, sizeX: sizeX, sizeY: sizeY)
    }

    private init(unchecked anchor: OverlayAnchor, offsetX: OverlayScale, offsetY: OverlayScale, sizeX: OverlayScale, sizeY: OverlayScale) {
        self.anchor = anchor
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.sizeX = sizeX
        self.sizeY = sizeY
    }

    /// The spec form, e.g. `anchor=topCenter,offset.x=none,offset.y=fixedPx:15.0,size.x=overlay:1.5,size.y=keepRatio:0.75`.
    public var description: String {
        "anchor=\(anchor),offset.x=\(offsetX),offset.y=\(offsetY),size.x=\(sizeX),size.y=\(sizeY)"
    }
}
