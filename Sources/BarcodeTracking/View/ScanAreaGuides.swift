/// Debug guides for the scan area and the location selection, in view points.
///
/// Built by `ViewTransform.scanAreaGuides(...)` from plain frame-pixel geometry,
/// so any scan-area model can use it.
public struct ScanAreaGuides: Hashable, Sendable {
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

extension ViewTransform {
    /// Maps scan-area geometry from frame pixels to view points for drawing guides.
    ///
    /// - Parameters:
    ///   - scanArea: the scan area after margins, frame pixels.
    ///   - pointOfInterest: frame pixels.
    ///   - selectionRadius: radius of a radius selection around the point of interest, frame pixels.
    ///   - selectionRectangle: a rectangular selection, frame pixels. Used when `selectionRadius` is `nil`.
    public func scanAreaGuides(
        scanArea: Rect, pointOfInterest: Point, selectionRadius: Double? = nil, selectionRectangle: Rect? = nil
    ) -> ScanAreaGuides {
        let poi = viewPoint(fromFrame: pointOfInterest)
        var selection: SelectionGuide?
        if let radius = selectionRadius {
            // scaleX/scaleY apply after rotation, so they already are the view's own axes.
            selection = .ellipse(center: poi, radiusX: radius * scaleX, radiusY: radius * scaleY)
        } else if let rectangle = selectionRectangle {
            selection = .rectangle(viewRect(fromFrame: rectangle))
        }
        return ScanAreaGuides(scanArea: viewRect(fromFrame: scanArea), pointOfInterest: poi, selection: selection)
    }
}
