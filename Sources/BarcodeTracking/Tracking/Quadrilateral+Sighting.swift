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
    /// 1-D codes and PDF417), the two overlap across at least 70 % of the narrower
    /// one's width (a read of a few rows reports their full width but only those rows'
    /// height). Geometry decides, never the payload alone:
    /// a sheet of identical labels a few pixels apart holds as many codes as labels.
    /// The engine's discovery and the tracker's repeat-sighting rule both use it.
    package func isSameCode(as other: Quadrilateral, partialRead: Bool) -> Bool {
        let box = boundingBox, otherBox = other.boundingBox
        let margin = max(4, 0.1 * min(box.width, box.height))
        // Cheap rejection first: most pairs are far apart.
        guard otherBox.intersects(Rect(x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin,
                                       height: box.height + 2 * margin)) else { return false }
        if grown(by: margin).contains(other.center) || other.contains(center) { return true }
        guard partialRead, let overlap = otherBox.intersection(box) else { return false }
        return overlap.width >= 0.7 * min(otherBox.width, box.width)
    }
}
