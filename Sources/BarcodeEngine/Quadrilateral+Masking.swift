import BarcodeTracking

extension Quadrilateral {
    /// The quad with each corner moved outwards along both of its sides, so that
    /// every side lies about `margin` frame pixels further out (exact for rectangles,
    /// whatever their tilt and aspect).
    func grown(by margin: Double) -> Quadrilateral {
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

    /// Where the horizontal line at `y` (frame pixels) crosses the quad: the
    /// x range between its outermost crossings, `nil` when it misses. For a convex
    /// quad that is exactly the part of the line inside it.
    func span(atY y: Double) -> ClosedRange<Double>? {
        let c = corners
        var low = Double.infinity, high = -Double.infinity
        for i in 0..<4 {
            let a = c[i], b = c[(i + 1) % 4]
            guard (a.y <= y && b.y >= y) || (b.y <= y && a.y >= y) else { continue }
            let x = a.y == b.y ? min(a.x, b.x) : a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y)
            let x2 = a.y == b.y ? max(a.x, b.x) : x
            low = min(low, x)
            high = max(high, x2)
        }
        return low <= high ? low...high : nil
    }
}
