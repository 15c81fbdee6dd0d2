extension Quadrilateral {
    /// How far a code moved from its measurement `last` to this one (frame pixels), given the
    /// move its track predicted, `expected`, for a code read in rows
    /// (``Symbology/readsPartialRows``), whose reads may hold only a part of it, and as tall
    /// as `tallest` (height over width, ``Tracker/rowsAspect(_:)``, the largest measured so
    /// far; 0 when unknown): the centres' difference, except along an axis of the code (its
    /// rows, from `last`'s first corner to its second, or across them) along which the two
    /// reads do not tell how far it moved. There the move is the predicted one. That is an
    /// axis whose extent changed by more than a fifth while the other axis's changed by less
    /// than half as much (a tall 1-D code read on another band of rows, or on part of its
    /// width; not a zoom, which changes both), and the axis across the rows when both reads
    /// are bands of a code known to be taller (under 0.8 of `tallest`) whose centres moved by
    /// more than half a band from the prediction (one band, then another). The centres'
    /// difference there is up to half the code's height in one frame, a velocity a band
    /// switch on a still code made up, which carried the track's prediction off the code
    /// within a few frames and started a second track on it. (`tallest` is measured on
    /// bounding boxes, as ``Tracker/isPartOfTallCode(_:_:tallest:)`` uses it, and compared here
    /// with extents along the code's own axes: the same for a code near upright, which is
    /// where bands are read; at a large roll the third rule fires less or more readily.)
    func partialReadMove(from last: Quadrilateral, expected: Point, tallest: Double) -> Point {
        let centres = center - last.center
        guard let (u, v) = last.rowAxes else { return centres }
        // Extents along the code's rows (u) and across them (v), of `last` and of this read.
        func size(_ quad: Quadrilateral, _ axis: Point) -> Double {
            let span = quad.extent(along: axis)
            return span.high - span.low
        }
        let before = (along: size(last, u), across: size(last, v)), after = (along: size(self, u), across: size(self, v))
        func change(_ a: Double, _ b: Double) -> Double { max(a, b) > 0 ? abs(b - a) / max(a, b) : 0 }
        func component(_ p: Point, _ axis: Point) -> Double { p.x * axis.x + p.y * axis.y }
        let alongChange = change(before.along, after.along), acrossChange = change(before.across, after.across)
        var alongMove = component(centres, u), acrossMove = component(centres, v)
        let bothBands = before.across < 0.8 * tallest * before.along && after.across < 0.8 * tallest * after.along
        if alongChange > 0.2, acrossChange < alongChange / 2 {
            alongMove = component(expected, u)
        } else if acrossChange > 0.2, alongChange < acrossChange / 2 {
            acrossMove = component(expected, v)
        } else if bothBands, abs(acrossMove - component(expected, v)) > 0.5 * min(before.across, after.across) {
            acrossMove = component(expected, v)
        }
        return u * alongMove + v * acrossMove
    }
}
