extension Quadrilateral {
    /// The span of the quad's corners along `axis` (a unit vector, frame pixels), measured
    /// from `origin`: the lowest and highest of their projections. How far a code reaches
    /// along its own rows or across them, whatever its roll.
    package func extent(along axis: Point, from origin: Point = .zero) -> (low: Double, high: Double) {
        var low = Double.infinity, high = -Double.infinity
        for i in 0..<4 {  // Not `corners`: the tracker runs this per 1-D code and frame, allocation-free.
            let c = corner(i), projection = (c.x - origin.x) * axis.x + (c.y - origin.y) * axis.y
            low = min(low, projection)
            high = max(high, projection)
        }
        return (low, high)
    }

    /// The unit vector along a code's rows (the sum of the quad's top and bottom edges, from
    /// its first corner towards its second), and the one across them (turned by 90°: +y for
    /// an upright code), in frame pixels; `nil` when those edges cancel out. The axes of a
    /// 1-D read, whatever its roll.
    package var rowAxes: (along: Point, across: Point)? {
        let sum = (topRight - topLeft) + (bottomRight - bottomLeft)
        let length = sum.distance(to: .zero)
        guard length > 0 else { return nil }
        let along = sum * (1 / length)
        return (along, Point(x: -along.y, y: along.x))
    }

    /// Whether this quad, a read of a code read in rows, covers the same bars as `reference`
    /// (another read of it) with its centre at most `rowsApart` × the reference's length
    /// from the reference's across the rows: another band of rows of one tall code, as
    /// zxing-cpp reads a 1-D code on a scan line or a few. The same bars: the two share at
    /// least 70% of the narrower one's extent along the reference's rows, whatever the roll.
    package func isBandOfSameBars(as reference: Quadrilateral, within rowsApart: Double) -> Bool {
        guard let (u, v) = reference.rowAxes, sharesBars(with: reference, along: u) else { return false }
        let referenceAlong = reference.extent(along: u)
        let offset = center - reference.center
        return abs(offset.x * v.x + offset.y * v.y) <= rowsApart * (referenceAlong.high - referenceAlong.low)
    }

    /// Whether this quad and `reference` share at least 70% of the narrower one's extent along
    /// `rows` (the reference's rows, a unit vector): reads of the same bars, whatever the roll.
    package func sharesBars(with reference: Quadrilateral, along rows: Point) -> Bool {
        let (referenceAlong, bandAlong) = (reference.extent(along: rows), extent(along: rows))
        let shared = min(referenceAlong.high, bandAlong.high) - max(referenceAlong.low, bandAlong.low)
        return shared >= 0.7 * min(referenceAlong.high - referenceAlong.low, bandAlong.high - bandAlong.low)
    }
}
