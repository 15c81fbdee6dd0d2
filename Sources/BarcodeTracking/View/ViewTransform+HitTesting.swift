/// Hit testing: which tracked code is under a point the user touched.
extension ViewTransform {
    /// The tracked code under `viewPoint` (view points), or `nil`.
    ///
    /// A code is hit when its corners (mapped to view points) contain the point;
    /// when several do, the one with the smallest area wins (a small code on
    /// top of a big one). With `tolerance` > 0 (view points), a code whose
    /// outline is within that distance also counts, the nearest first.
    /// Lost tracks are never hit.
    public func track(at viewPoint: Point, in tracks: [TrackedBarcode], tolerance: Double = 0) -> TrackedBarcode? {
        var best: TrackedBarcode?
        var bestArea = Double.infinity
        var nearest: TrackedBarcode?
        var nearestDistance = Double.infinity
        for track in tracks where track.state != .lost {
            let quad = viewQuadrilateral(fromFrame: track.location)
            if quad.contains(viewPoint) {
                let area = quad.area
                if area < bestArea { best = track; bestArea = area }
            } else if tolerance > 0 {
                let d = Self.distance(from: viewPoint, toOutlineOf: quad)
                if d <= tolerance && d < nearestDistance { nearest = track; nearestDistance = d }
            }
        }
        return best ?? nearest
    }

    /// Distance from `p` to the nearest edge of `q` (same space as both).
    static func distance(from p: Point, toOutlineOf q: Quadrilateral) -> Double {
        func segment(_ a: Point, _ b: Point) -> Double {
            let ab = b - a, ap = p - a
            let lengthSquared = ab.x * ab.x + ab.y * ab.y
            let t = lengthSquared > 0 ? Swift.min(1, Swift.max(0, (ap.x * ab.x + ap.y * ab.y) / lengthSquared)) : 0
            return p.distance(to: a + ab * t)
        }
        return Swift.min(
            Swift.min(segment(q.topLeft, q.topRight), segment(q.topRight, q.bottomRight)),
            Swift.min(segment(q.bottomRight, q.bottomLeft), segment(q.bottomLeft, q.topLeft)))
    }
}
