/// Debug guides for the scan area and the location selection, in view points.
///
/// Built by `ViewTransform.scanAreaGuides(...)` from plain frame-pixel geometry,
/// so any scan-area model can use it.
public struct ViewScanAreaGuides: Hashable, Sendable {
    /// The scan area after margins, in view points.
    public var scanArea: Rect
    /// The point of interest, in view points.
    public var pointOfInterest: Point
    /// The location-selection shape, in view points, when one is set.
    public var selection: SelectionGuide?

    /// Creates guides.
    public init(scanArea: Rect, pointOfInterest: Point, selection: SelectionGuide?) {
        self.scanArea = scanArea
        self.pointOfInterest = pointOfInterest
        self.selection = selection
    }
}

/// The shape of a location selection, in view points.
public enum SelectionGuide: Hashable, Sendable {
    /// A radius selection. A circle in frame pixels; in view points an ellipse
    /// whose radii differ only with `.stretch` content mode.
    case ellipse(center: Point, radiusX: Double, radiusY: Double)
    /// A rectangular selection.
    case rectangle(Rect)
}
