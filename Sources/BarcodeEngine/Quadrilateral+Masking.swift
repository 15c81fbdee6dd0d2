import BarcodeTracking

extension Quadrilateral {
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
