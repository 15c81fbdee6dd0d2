public import BarcodeTracking

/// Scan-area debug guides drawn onto frames (frame pixels).
extension FrameAnnotator {
    /// Draws the scan area (after margins), the point of interest as a small cross and, when
    /// given, the location selection (a circle of `selectionRadius`, or `selectionRectangle`),
    /// all in frame pixels, in `style.guideColor`.
    public func drawGuides(
        on image: inout RGBImage, scanArea: Rect, pointOfInterest: Point,
        selectionRadius: Double? = nil, selectionRectangle: Rect? = nil
    ) {
        let color = style.guideColor, width = style.lineWidth
        image.stroke(scanArea, color: color, thickness: width)
        let arm = 4 * Swift.max(1, width)
        image.drawLine(from: pointOfInterest - Point(x: arm, y: 0), to: pointOfInterest + Point(x: arm, y: 0), color: color, thickness: width)
        image.drawLine(from: pointOfInterest - Point(x: 0, y: arm), to: pointOfInterest + Point(x: 0, y: arm), color: color, thickness: width)
        if let radius = selectionRadius, radius > 0 {
            image.strokeEllipse(center: pointOfInterest, radiusX: radius, radiusY: radius, color: color, thickness: width)
        } else if let rectangle = selectionRectangle {
            image.stroke(rectangle, color: color, thickness: width)
        }
    }
}
