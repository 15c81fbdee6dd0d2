/// Four corners of a code, in frame pixels unless the API says otherwise.
///
/// Corner order is the code's own: `topLeft` is the corner that is top left
/// when the code is upright, then clockwise. For a code rotated by 180° in the
/// frame, `topLeft` is therefore at the bottom right of the frame.
public struct Quadrilateral: Hashable, Sendable, Codable {
    /// The code's own top-left corner.
    public var topLeft: Point
    /// The code's own top-right corner.
    public var topRight: Point
    /// The code's own bottom-right corner.
    public var bottomRight: Point
    /// The code's own bottom-left corner.
    public var bottomLeft: Point

    /// Creates a quadrilateral from its corners, in the code's own clockwise order.
    public init(topLeft: Point, topRight: Point, bottomRight: Point, bottomLeft: Point) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// Creates a quadrilateral from exactly four corners (top-left first, clockwise).
    /// Returns `nil` when `corners` does not hold four points.
    public init?(_ corners: [Point]) {
        guard corners.count == 4 else { return nil }
        self.init(topLeft: corners[0], topRight: corners[1], bottomRight: corners[2], bottomLeft: corners[3])
    }

    /// An axis-aligned quadrilateral covering `rect`.
    public init(_ rect: Rect) {
        self.init(
            topLeft: Point(x: rect.x, y: rect.y), topRight: Point(x: rect.maxX, y: rect.y),
            bottomRight: Point(x: rect.maxX, y: rect.maxY), bottomLeft: Point(x: rect.x, y: rect.maxY))
    }

    /// The corners, top-left first, clockwise.
    public var corners: [Point] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// The mean of the four corners.
    public var center: Point {
        Point(
            x: (topLeft.x + topRight.x + bottomRight.x + bottomLeft.x) / 4,
            y: (topLeft.y + topRight.y + bottomRight.y + bottomLeft.y) / 4)
    }

    /// The enclosing rectangle: the tightest axis-aligned rectangle containing the corners.
    public var boundingBox: Rect {
        let xs = (min(min(topLeft.x, topRight.x), min(bottomRight.x, bottomLeft.x)),
                  max(max(topLeft.x, topRight.x), max(bottomRight.x, bottomLeft.x)))
        let ys = (min(min(topLeft.y, topRight.y), min(bottomRight.y, bottomLeft.y)),
                  max(max(topLeft.y, topRight.y), max(bottomRight.y, bottomLeft.y)))
        return Rect(x: xs.0, y: ys.0, width: xs.1 - xs.0, height: ys.1 - ys.0)
    }

    /// Area by the shoelace formula (absolute value), in squared units.
    public var area: Double {
        let c = corners
        var sum = 0.0
        for i in 0..<4 {
            let a = c[i], b = c[(i + 1) % 4]
            sum += a.x * b.y - b.x * a.y
        }
        return abs(sum) / 2
    }

    /// The same shape moved by `offset`.
    public func translated(by offset: Point) -> Quadrilateral {
        mapped { $0 + offset }
    }

    /// The same shape with every coordinate multiplied by `factor` (about the origin),
    /// e.g. from a reduced image's pixels to the full image's.
    public func scaled(by factor: Double) -> Quadrilateral {
        mapped { $0 * factor }
    }

    /// The same corners, in the same order, each moved by `transform` (for instance from the
    /// pixels of an image stretched along x to the frame's).
    public func mapped(_ transform: (Point) -> Point) -> Quadrilateral {
        Quadrilateral(
            topLeft: transform(topLeft), topRight: transform(topRight),
            bottomRight: transform(bottomRight), bottomLeft: transform(bottomLeft))
    }

    /// The same corners, relabelled so that the corner now called `topLeft`
    /// was at index `steps` (clockwise) before. `rotatedLabels(by: 0)` is `self`.
    public func rotatedLabels(by steps: Int) -> Quadrilateral {
        let c = corners
        let s = ((steps % 4) + 4) % 4
        return Quadrilateral(topLeft: c[s], topRight: c[(s + 1) % 4], bottomRight: c[(s + 2) % 4], bottomLeft: c[(s + 3) % 4])
    }

    /// Whether `point` lies inside the (convex or concave, non-self-intersecting) quadrilateral or on its edge.
    public func contains(_ point: Point) -> Bool {
        let c = corners
        var inside = false
        var j = 3
        for i in 0..<4 {
            let a = c[i], b = c[j]
            if (a.y > point.y) != (b.y > point.y) {
                let crossX = a.x + (point.y - a.y) * (b.x - a.x) / (b.y - a.y)
                if point.x <= crossX { inside.toggle() }
            }
            j = i
        }
        return inside
    }
}
