package import BarcodeTracking

/// 1-D reads of codes that the searched region's border cut.
extension TrackingEngine {
    /// `report` without its 1-D reads whose start or end lies on the border of
    /// `searched` (frame pixels, clipped to the `width` × `height` frame): the code
    /// goes on past the border, and what was read is a shorter code found in its
    /// first bars. Seen on the pallet's EAN-13 `3560070169443` cut by the frame's right
    /// edge just after its middle guard: zxing-cpp 1.4 read its left half as the UPC-E
    /// `15600703` on several frames in a row, enough to pass the 1-D verification rule.
    /// A whole code read inside the region keeps its quiet zone inside it, so it lies
    /// further in than ``cutReadMargin(width:)``; a region that cuts it reads it later in
    /// another region (tiles overlap, the whole frame is searched regularly) or once the
    /// view moves.
    static func droppingCutReads(_ report: DetectionReport, searched: Rect, width: Int, height: Int) -> DetectionReport {
        guard report.detections.contains(where: { $0.barcode?.symbology.isLinear == true }),
              let region = searched.intersection(Rect(x: 0, y: 0, width: Double(width), height: Double(height))) else {
            return report
        }
        var kept = report
        kept.detections.removeAll { $0.barcode?.symbology.isLinear == true && isCut($0.location, by: region) }
        return kept
    }

    /// Whether the middle of the quad's start side (top-left to bottom-left, in the
    /// code's own corner order) or of its end side lies within ``cutReadMargin(width:)``
    /// of a side of `region` (frame pixels).
    package static func isCut(_ quad: Quadrilateral, by region: Rect) -> Bool {
        let c = quad.corners
        let width = (c[0].distance(to: c[1]) + c[3].distance(to: c[2])) / 2
        let margin = cutReadMargin(width: width)
        return [(c[0], c[3]), (c[1], c[2])].contains { side in
            let x = (side.0.x + side.1.x) / 2, y = (side.0.y + side.1.y) / 2
            return x - region.x < margin || region.maxX - x < margin || y - region.y < margin || region.maxY - y < margin
        }
    }

    /// How close (frame pixels) to a region's border the start or end of a 1-D read of
    /// `width` pixels may lie: 3 % of its width (about 3 modules of an EAN-13, whose quiet
    /// zones are 11 and 7 modules), at least 2 pixels.
    static func cutReadMargin(width: Double) -> Double { max(2, 0.03 * width) }
}
