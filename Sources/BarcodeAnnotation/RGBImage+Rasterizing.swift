public import BarcodeTracking

/// Vector drawing onto an `RGBImage`. All geometry is in frame pixels of the
/// image; shapes partly or wholly outside the image are clipped, never a crash.
///
/// A pixel is covered by a filled shape when its centre (x + 0.5, y + 0.5) is inside it.
extension RGBImage {
    /// Fills a quadrilateral (convex or concave, not self-intersecting) with `color` at `opacity` (0...1).
    public mutating func fill(_ quad: Quadrilateral, color: RGBColor, opacity: Double = 1) {
        fillPolygon(quad.topLeft, quad.topRight, quad.bottomRight, quad.bottomLeft, color: color, opacity: opacity)
    }

    /// Fills an axis-aligned rectangle with `color` at `opacity` (0...1).
    public mutating func fill(_ rect: Rect, color: RGBColor, opacity: Double = 1) {
        fill(Quadrilateral(rect), color: color, opacity: opacity)
    }

    /// Draws a straight line `thickness` pixels wide (≥ 1) with square ends extended by half the thickness,
    /// so that outlines joined at their corners have no gaps.
    public mutating func drawLine(from a: Point, to b: Point, color: RGBColor, thickness: Double = 1, opacity: Double = 1) {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
        let half = Swift.max(1, thickness) / 2
        let d = b - a
        let length = (d.x * d.x + d.y * d.y).squareRoot()
        let u = length > 0 ? Point(x: d.x / length, y: d.y / length) : Point(x: 1, y: 0)
        let n = Point(x: -u.y * half, y: u.x * half)
        let start = a - u * half, end = b + u * half
        fillPolygon(start + n, end + n, end - n, start - n, color: color, opacity: opacity)
    }

    /// Draws the four edges of `quad`.
    public mutating func stroke(_ quad: Quadrilateral, color: RGBColor, thickness: Double = 1, opacity: Double = 1) {
        drawLine(from: quad.topLeft, to: quad.topRight, color: color, thickness: thickness, opacity: opacity)
        drawLine(from: quad.topRight, to: quad.bottomRight, color: color, thickness: thickness, opacity: opacity)
        drawLine(from: quad.bottomRight, to: quad.bottomLeft, color: color, thickness: thickness, opacity: opacity)
        drawLine(from: quad.bottomLeft, to: quad.topLeft, color: color, thickness: thickness, opacity: opacity)
    }

    /// Draws the four edges of `quad` dashed: `dash` pixels drawn, `dash` pixels left, along each edge.
    public mutating func strokeDashed(_ quad: Quadrilateral, dash: Double, color: RGBColor, thickness: Double = 1, opacity: Double = 1) {
        let corners = quad.corners
        let step = Swift.max(1, dash)
        for k in 0..<4 {
            let a = corners[k], b = corners[(k + 1) % 4]
            let d = b - a
            let length = (d.x * d.x + d.y * d.y).squareRoot()
            guard length.isFinite, length > 0 else { continue }
            var start = 0.0
            while start < length {
                let end = Swift.min(length, start + step)
                drawLine(from: a + d * (start / length), to: a + d * (end / length), color: color, thickness: thickness, opacity: opacity)
                start += 2 * step
            }
        }
    }

    /// Draws the four edges of an axis-aligned rectangle.
    public mutating func stroke(_ rect: Rect, color: RGBColor, thickness: Double = 1, opacity: Double = 1) {
        stroke(Quadrilateral(rect), color: color, thickness: thickness, opacity: opacity)
    }

    /// Draws the outline of an axis-aligned ellipse (a circle when `radiusX == radiusY`), about
    /// `thickness` pixels wide, centred on `center`. Radii in frame pixels.
    public mutating func strokeEllipse(center: Point, radiusX: Double, radiusY: Double, color: RGBColor,
                                       thickness: Double = 1, opacity: Double = 1) {
        guard center.x.isFinite, center.y.isFinite, radiusX.isFinite, radiusY.isFinite, radiusX > 0, radiusY > 0 else { return }
        let half = Swift.max(1, thickness) / 2
        let left = Swift.max(0, Self.index((center.x - radiusX - half).rounded(.down), limit: width))
        let right = Swift.min(width - 1, Self.index((center.x + radiusX + half).rounded(.up), limit: width))
        let top = Swift.max(0, Self.index((center.y - radiusY - half).rounded(.down), limit: height))
        let bottom = Swift.min(height - 1, Self.index((center.y + radiusY + half).rounded(.up), limit: height))
        guard left <= right, top <= bottom else { return }
        let smaller = Swift.min(radiusX, radiusY)
        for row in top...bottom {
            let dy = (Double(row) + 0.5 - center.y) / radiusY
            for column in left...right {
                let dx = (Double(column) + 0.5 - center.x) / radiusX
                // Distance from the ring, approximated in units of the smaller radius.
                if abs((dx * dx + dy * dy).squareRoot() - 1) * smaller <= half {
                    blend(x: column, y: row, color: color, opacity: opacity)
                }
            }
        }
    }

    /// Scanline fill with the even-odd rule over the polygon a-b-c-d; each pixel is painted at most once
    /// per call, so translucent fills are uniform.
    private mutating func fillPolygon(_ a: Point, _ b: Point, _ c: Point, _ d: Point, color: RGBColor, opacity: Double) {
        let xs = [a.x, b.x, c.x, d.x], ys = [a.y, b.y, c.y, d.y]
        guard xs.allSatisfy(\.isFinite), ys.allSatisfy(\.isFinite) else { return }
        let top = Swift.max(0, Self.index((ys.min()! - 0.5).rounded(.up), limit: height))
        let bottom = Swift.min(height - 1, Self.index((ys.max()! - 0.5).rounded(.down), limit: height))
        guard top <= bottom else { return }
        var crossings: [Double] = []
        crossings.reserveCapacity(4)
        for row in top...bottom {
            let yc = Double(row) + 0.5
            crossings.removeAll(keepingCapacity: true)
            for i in 0..<4 {
                let j = (i + 1) % 4
                let (y0, y1) = (ys[i], ys[j])
                // Half-open in y so a vertex shared by two edges counts once.
                if (y0 <= yc && yc < y1) || (y1 <= yc && yc < y0) {
                    crossings.append(xs[i] + (yc - y0) * (xs[j] - xs[i]) / (y1 - y0))
                }
            }
            crossings.sort()
            var k = 0
            while k + 1 < crossings.count {
                let first = Swift.max(0, Self.index((crossings[k] - 0.5).rounded(.up), limit: width))
                let last = Swift.min(width - 1, Self.index((crossings[k + 1] - 0.5).rounded(.up), limit: width) - 1)
                if first <= last {
                    for column in first...last { blend(x: column, y: row, color: color, opacity: opacity) }
                }
                k += 2
            }
        }
    }

    /// `value` as an Int, clamped to -1...limit + 1 first so huge coordinates cannot trap the conversion.
    private static func index(_ value: Double, limit: Int) -> Int {
        Int(Swift.min(Swift.max(value, -1), Double(limit) + 1))
    }
}
