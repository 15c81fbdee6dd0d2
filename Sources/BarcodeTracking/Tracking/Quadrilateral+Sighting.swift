extension Quadrilateral {
    /// The quad with each corner moved outwards along both of its sides, so that
    /// every side lies about `margin` frame pixels further out (exact for rectangles,
    /// whatever their tilt and aspect).
    package func grown(by margin: Double) -> Quadrilateral {
        let c = corners
        func unit(_ from: Point, _ to: Point) -> (Double, Double) {
            let dx = to.x - from.x, dy = to.y - from.y, length = (dx * dx + dy * dy).squareRoot()
            return length > 0 ? (dx / length, dy / length) : (0, 0)
        }
        let moved = (0..<4).map { i -> Point in
            let p = c[i], toNext = unit(p, c[(i + 1) % 4]), toPrevious = unit(p, c[(i + 3) % 4])
            return Point(x: p.x - (toNext.0 + toPrevious.0) * margin, y: p.y - (toNext.1 + toPrevious.1) * margin)
        }
        return Quadrilateral(topLeft: moved[0], topRight: moved[1], bottomRight: moved[2], bottomLeft: moved[3])
    }

    /// Whether a read located at `other` is a second sighting of the code measured
    /// at this quad (frame pixels) rather than another label: one contains the
    /// other's centre (this quad grown by a tenth of its smaller side, at least 4
    /// pixels, for a measurement a little off the code); or, for a read that can cover
    /// only some of the code's rows (`partialRead`: ``Symbology/readsPartialRows``,
    /// 1-D codes and PDF417), the two lie in one column (one row) of the frame, sharing
    /// at least 70 % of the narrower one's width (height), and either overlap or are
    /// a strip of rows beside a part of the code: a gap of at most that margin between
    /// them, and one of them under 60 % of the other's extent across the gap (a read of
    /// a few rows reports their full width but only those rows' height, and the
    /// measurement of a partly read code can be the other rows). Geometry decides, never
    /// the payload alone: a sheet of identical labels a few pixels apart holds as many
    /// codes as labels (two whole labels are alike in size, and do not overlap).
    /// The engine's discovery and the tracker's repeat-sighting rule both use it.
    package func isSameCode(as other: Quadrilateral, partialRead: Bool) -> Bool {
        let box = boundingBox, otherBox = other.boundingBox
        let margin = max(4, 0.1 * min(box.width, box.height))
        // Cheap rejection first: most pairs are far apart.
        guard otherBox.intersects(Rect(x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin,
                                       height: box.height + 2 * margin)) else { return false }
        if grown(by: margin).contains(other.center) || other.contains(center) { return true }
        guard partialRead else { return false }
        // Rows run along x for an upright code; along y for one turned by 90° (only a
        // strip of rows counts there, so that labels side by side stay apart).
        return Self.arePartsOfOneCode(along: (box.x, box.maxX), (otherBox.x, otherBox.maxX),
                                      across: (box.y, box.maxY), (otherBox.y, otherBox.maxY), gap: margin, overlapSuffices: true)
            || Self.arePartsOfOneCode(along: (box.y, box.maxY), (otherBox.y, otherBox.maxY),
                                      across: (box.x, box.maxX), (otherBox.x, otherBox.maxX), gap: margin, overlapSuffices: false)
    }

    /// Whether codes of one payload measured at this quad and at `other` (frame pixels) in one
    /// frame may be one label rather than two: ``isSameCode(as:partialRead:)``, or, for reads
    /// that can cover only some of the code's rows (`partialRead`), a strip of rows beside the
    /// rest across a gap of up to a third of the larger one's extent across the rows. A crumpled
    /// or creased label reads as strips with the crease unread between them (an EAN-13 cut from
    /// a photo of a crumpled bag: strips 21-36 and 41 pixels high, 3-6 pixels apart, along the
    /// same 240 pixels); two whole labels are alike in size.
    package func mayBeSameCode(as other: Quadrilateral, partialRead: Bool) -> Bool {
        if isSameCode(as: other, partialRead: partialRead) { return true }
        guard partialRead else { return false }
        let box = boundingBox, otherBox = other.boundingBox
        return Self.arePartsOfOneCode(along: (box.x, box.maxX), (otherBox.x, otherBox.maxX),
                                      across: (box.y, box.maxY), (otherBox.y, otherBox.maxY),
                                      gap: max(box.height, otherBox.height) / 3, overlapSuffices: true)
            || Self.arePartsOfOneCode(along: (box.y, box.maxY), (otherBox.y, otherBox.maxY),
                                      across: (box.x, box.maxX), (otherBox.x, otherBox.maxX),
                                      gap: max(box.width, otherBox.width) / 3, overlapSuffices: false)
    }

    /// Whether two boxes, given as their extents along the code's rows (`along`) and
    /// across them (`across`), frame pixels, are parts of one stacked or 1-D code: they
    /// share at least 70 % of the narrower extent along, and across they overlap
    /// (enough when `overlapSuffices`) or leave at most `gap` between them, with one
    /// under 60 % of the other's extent across (a strip of rows beside the rest).
    private static func arePartsOfOneCode(along a: (Double, Double), _ b: (Double, Double),
                                          across c: (Double, Double), _ d: (Double, Double),
                                          gap: Double, overlapSuffices: Bool) -> Bool {
        let shared = min(a.1, b.1) - max(a.0, b.0)
        guard shared >= 0.7 * min(a.1 - a.0, b.1 - b.0) else { return false }
        let apart = max(c.0, d.0) - min(c.1, d.1)
        if apart <= 0 && overlapSuffices { return true }
        let extents = (c.1 - c.0, d.1 - d.0)
        return apart <= gap && min(extents.0, extents.1) < 0.6 * max(extents.0, extents.1)
    }
}
