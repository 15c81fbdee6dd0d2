/// Clockwise rotation applied to the frame before it is shown.
public enum ViewRotation: Int, CaseIterable, Hashable, Sendable, Codable {
    /// Shown as captured.
    case none = 0
    /// Rotated 90° clockwise: the frame's top edge becomes the view's right edge.
    case clockwise90 = 90
    /// Rotated 180°.
    case clockwise180 = 180
    /// Rotated 270° clockwise (90° counter-clockwise): the frame's top edge becomes the view's left edge.
    case clockwise270 = 270

    /// A rotation from degrees clockwise (0, 90, 180, 270; multiples of 360 added are accepted, e.g. -90).
    public init(degrees: Int) throws(ViewGeometryError) {
        let normalized = ((degrees % 360) + 360) % 360
        guard let rotation = ViewRotation(rawValue: normalized) else {
            throw ViewGeometryError(.invalidRotation, "rotation \(degrees)° is not a multiple of 90°; use 0, 90, 180 or 270")
        }
        self = rotation
    }
}
