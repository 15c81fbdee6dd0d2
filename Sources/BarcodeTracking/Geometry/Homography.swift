/// A projective map of the plane (3×3 matrix, row-major, acting on `(x, y, 1)`).
///
/// The photo scenes map photo-plane pixels to frame pixels with it, and the engine maps
/// a code's rectified image back to frame pixels; the units of both spaces are whatever
/// the caller's points are in.
public struct Homography: Sendable, Hashable {
    /// The nine entries, row-major: `m[0...2]` is the first row.
    public private(set) var m: [Double]

    /// Creates a homography from nine finite row-major entries; `nil` for any other count or a NaN/infinity.
    public init?(_ entries: [Double]) {
        guard entries.count == 9, entries.allSatisfy(\.isFinite) else { return nil }
        m = entries
    }

    /// Wraps nine entries the caller has computed (count checked in debug builds only).
    package init(unchecked entries: [Double]) {
        assert(entries.count == 9)
        m = entries
    }

    /// The map taking the unit square's corners (0, 0), (1, 0), (1, 1), (0, 1) to `quad`'s
    /// top-left, top-right, bottom-right and bottom-left corners (Heckbert's closed form);
    /// `nil` when three corners are collinear.
    public init?(unitSquareTo quad: Quadrilateral) {
        let (p0, p1, p2, p3) = (quad.topLeft, quad.topRight, quad.bottomRight, quad.bottomLeft)
        let sx = p0.x - p1.x + p2.x - p3.x, sy = p0.y - p1.y + p2.y - p3.y
        if abs(sx) < 1e-9, abs(sy) < 1e-9 {
            self.init([p1.x - p0.x, p2.x - p1.x, p0.x, p1.y - p0.y, p2.y - p1.y, p0.y, 0, 0, 1])
        } else {
            let dx1 = p1.x - p2.x, dx2 = p3.x - p2.x, dy1 = p1.y - p2.y, dy2 = p3.y - p2.y
            let det = dx1 * dy2 - dx2 * dy1
            guard abs(det) > 1e-12 else { return nil }
            let g = (sx * dy2 - dx2 * sy) / det, h = (dx1 * sy - sx * dy1) / det
            self.init([p1.x - p0.x + g * p1.x, p3.x - p0.x + h * p3.x, p0.x,
                       p1.y - p0.y + g * p1.y, p3.y - p0.y + h * p3.y, p0.y, g, h, 1])
        }
        guard inverse != nil else { return nil }
    }

    /// The identity map.
    public static let identity = Homography(unchecked: [1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// Maps `p`; points on the horizon (w ≈ 0) come out as huge coordinates, not NaN.
    public func apply(_ p: Point) -> Point {
        let w = m[6] * p.x + m[7] * p.y + m[8]
        let d = abs(w) < 1e-12 ? (w < 0 ? -1e-12 : 1e-12) : w
        return Point(x: (m[0] * p.x + m[1] * p.y + m[2]) / d, y: (m[3] * p.x + m[4] * p.y + m[5]) / d)
    }

    /// The depth sign of `p`: positive when `p` lies in front of the camera (the map is usable there).
    public func w(_ p: Point) -> Double { m[6] * p.x + m[7] * p.y + m[8] }

    /// `self` after `other`: `(self ∘ other)(p) == self.apply(other.apply(p))`.
    public func composed(after other: Homography) -> Homography {
        var r = [Double](repeating: 0, count: 9)
        for i in 0..<3 {
            for j in 0..<3 {
                r[i * 3 + j] = m[i * 3] * other.m[j] + m[i * 3 + 1] * other.m[3 + j] + m[i * 3 + 2] * other.m[6 + j]
            }
        }
        return Homography(unchecked: r)
    }

    /// The inverse map (adjugate over determinant); `nil` when the matrix is singular.
    public var inverse: Homography? {
        let a = m
        let c00 = a[4] * a[8] - a[5] * a[7], c01 = a[5] * a[6] - a[3] * a[8], c02 = a[3] * a[7] - a[4] * a[6]
        let det = a[0] * c00 + a[1] * c01 + a[2] * c02
        guard abs(det) > 1e-300, det.isFinite else { return nil }
        let inv = [
            c00, a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
            c01, a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
            c02, a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3],
        ]
        return Homography(unchecked: inv.map { $0 / det })
    }

    /// Maps every corner of `quad`, keeping the code's own corner order.
    public func apply(_ quad: Quadrilateral) -> Quadrilateral {
        Quadrilateral(topLeft: apply(quad.topLeft), topRight: apply(quad.topRight),
                      bottomRight: apply(quad.bottomRight), bottomLeft: apply(quad.bottomLeft))
    }

    /// Local magnification at `p`: output pixels per input pixel (square root of the Jacobian's determinant).
    public func scale(at p: Point) -> Double {
        let w = self.w(p)
        let x = apply(p)
        // d(out)/d(in) = (A - out ⊗ h) / w, with A the top-left 2×2 block and h the bottom row.
        let j00 = (m[0] - x.x * m[6]) / w, j01 = (m[1] - x.x * m[7]) / w
        let j10 = (m[3] - x.y * m[6]) / w, j11 = (m[4] - x.y * m[7]) / w
        return abs(j00 * j11 - j01 * j10).squareRoot()
    }
}
