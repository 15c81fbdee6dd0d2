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
    ) -> ViewScanAreaGuides {
        let poi = viewPoint(fromFrame: pointOfInterest)
        var selection: SelectionGuide?
        if let radius = selectionRadius {
            // scaleX/scaleY apply after rotation, so they already are the view's own axes.
            selection = .ellipse(center: poi, radiusX: radius * scaleX, radiusY: radius * scaleY)
        } else if let rectangle = selectionRectangle {
            selection = .rectangle(viewRect(fromFrame: rectangle))
        }
        return ViewScanAreaGuides(scanArea: viewRect(fromFrame: scanArea), pointOfInterest: poi, selection: selection)
    }
}

extension ViewTransform {
    /// Maps a ``ScanArea``'s guides (``ScanArea/guides(in:)``, frame pixels) to view points.
    public func viewGuides(_ guides: ScanAreaGuides) -> ViewScanAreaGuides {
        switch guides.selection {
        case .none:
            return scanAreaGuides(scanArea: guides.scanArea, pointOfInterest: guides.pointOfInterest)
        case .circle(_, let radius):
            return scanAreaGuides(scanArea: guides.scanArea, pointOfInterest: guides.pointOfInterest, selectionRadius: radius)
        case .rectangle(let rect):
            return scanAreaGuides(scanArea: guides.scanArea, pointOfInterest: guides.pointOfInterest, selectionRectangle: rect)
        }
    }
}
