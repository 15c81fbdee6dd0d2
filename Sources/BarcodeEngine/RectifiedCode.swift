import BarcodeTracking

/// A code's quad resampled to an upright square, and the map back to frame pixels.
struct RectifiedCode {
    /// The square image: the quad fills its middle, with a quiet-zone border around it.
    var image: LumaImage
    /// Rectified pixels → frame pixels.
    var toFrame: Homography

    /// Resamples `quad` (frame pixels) of `frame` into a square `side` pixels wide plus
    /// `border` pixels on every side (bilinear; points outside the frame are white, a
    /// quiet zone, not edge pixels drawn out into streaks). zxing-cpp 1.4 misses many 2-D
    /// codes seen at a slant (the Aztec clip: of 22 slanted sightings zxing-cpp 3.1 reads,
    /// `track scan`'s thorough search reads none as they are, 21 upright, and all 22 from
    /// the quad of 15 frames earlier); the tracker knows the quad, so a tracked code can be
    /// read upright. `nil` for a degenerate quad.
    init?(_ frame: LumaImage, quad: Quadrilateral, side: Int, border: Int) {
        guard side >= 8, border >= 0, let square = Homography(unitSquareTo: quad) else { return nil }
        let size = side + 2 * border, s = 1 / Double(side), b = Double(border)
        // Pixel centres: rectified (x + 0.5, y + 0.5) → unit square → frame.
        guard let toFrame = Homography([s, 0, -b * s, 0, s, -b * s, 0, 0, 1]).map({ square.composed(after: $0) }) else { return nil }
        var pixels = [UInt8](repeating: 255, count: size * size)
        let stride = frame.bytesPerRow, lastX = frame.width - 1, lastY = frame.height - 1
        // The map is exact every `run` pixels along a row (one division each) and stepped
        // linearly in between, in 16.16 fixed point: within a 256th of a pixel of the exact map
        // for any quad a tracker follows, and the bilinear blend runs in 8-bit fixed point
        // (weights in 256ths): within one grey level of the blend in doubles at the exact
        // points, in about a third of the time of a division and a blend in doubles per pixel.
        let run = 8, one = 65536.0
        // Sample coordinates less half a pixel (pixel centres), in 16.16; a point is inside the
        // frame (else white, a quiet zone) while they lie within half a pixel outside its edges.
        let (lowX, highX) = (-32768, lastX * 65536 + 32768), (lowY, highY) = (-32768, lastY * 65536 + 32768)
        let m = toFrame.m
        let (m0, m1, m2, m3, m4, m5, m6, m7, m8) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        /// Frame coordinates less half a pixel, 16.16, of the map at numerators `nx`, `ny`, `nw`.
        func fixed(_ nx: Double, _ ny: Double, _ nw: Double) -> (Int, Int) {
            let inverse = 1 / (abs(nw) < 1e-12 ? (nw < 0 ? -1e-12 : 1e-12) : nw)
            let limit = 1e9
            return (Int(max(-limit, min(limit, (nx * inverse - 0.5) * one)).rounded()),
                    Int(max(-limit, min(limit, (ny * inverse - 0.5) * one)).rounded()))
        }
        frame.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { out in
                for y in 0..<size {
                    let ry = Double(y) + 0.5
                    let nx0 = m0 * 0.5 + m1 * ry + m2, ny0 = m3 * 0.5 + m4 * ry + m5, nw0 = m6 * 0.5 + m7 * ry + m8
                    var (u, v) = fixed(nx0, ny0, nw0)
                    var x = 0
                    while x < size {
                        let count = min(run, size &- x), far = Double(x &+ count)
                        let (u1, v1) = fixed(nx0 + m0 * far, ny0 + m3 * far, nw0 + m6 * far)
                        let du = (u1 &- u) / count, dv = (v1 &- v) / count
                        for i in x..<(x &+ count) {
                            defer { u &+= du; v &+= dv }
                            guard u >= lowX, u <= highX, v >= lowY, v <= highY else { continue }
                            let cu = min(max(u, 0), lastX << 16), cv = min(max(v, 0), lastY << 16)
                            let x0 = cu >> 16, y0 = cv >> 16
                            let ax = ((cu & 0xFFFF) &+ 128) >> 8, ay = ((cv & 0xFFFF) &+ 128) >> 8
                            let x1 = x0 < lastX ? x0 &+ 1 : x0, row0 = y0 &* stride, row1 = (y0 < lastY ? y0 &+ 1 : y0) &* stride
                            let top = Int(source[row0 &+ x0]) &* (256 &- ax) &+ Int(source[row0 &+ x1]) &* ax
                            let bottom = Int(source[row1 &+ x0]) &* (256 &- ax) &+ Int(source[row1 &+ x1]) &* ax
                            out[y &* size &+ i] = UInt8(truncatingIfNeeded: (top &* (256 &- ay) &+ bottom &* ay &+ 32768) >> 16)
                        }
                        (u, v) = (u1, v1)
                        x &+= count
                    }
                }
            }
        }
        guard let filled = try? LumaImage(width: size, height: size, pixels: pixels) else { return nil }
        self.image = filled
        self.toFrame = toFrame
    }

    /// `quad` read upright at about its own size: the square as wide as its longest edge (at
    /// most 400 pixels), with an eighth of that as border (the quad is the tracker's
    /// prediction for this frame, a little off at most); `nil` for a quad under 16 pixels.
    /// Resampling is most of an upright read's cost (about 16 ns a pixel on the 2-vCPU VM with
    /// the blend in doubles; the stepped, fixed-point loop spends about two thirds of that:
    /// 4.3% → 3.2% of `track --input`'s CPU on the Aztec clip, by `perf`; with the map exact
    /// only every 8 pixels, 5.6% → 3.6% on an Intel Xeon VM), so the border is kept small: a
    /// quarter made 2.25 times the square's pixels. The Aztec clip's following took
    /// 0.54-0.64 ms a frame with that border, 0.36-0.42 ms with this one, 0.27-0.29 ms with
    /// the stepped loop (AMD EPYC VM); 0.69-0.71 → 0.57-0.62 ms with the map stepped between
    /// exact points (Intel Xeon VM, `track bench --input`).
    /// `largest` caps the square's side (pixels) lower: for a read that may well find nothing,
    /// or a tracked code read at a share of its size (``TrackingEngine/uprightScales``).
    init?(_ frame: LumaImage, around quad: Quadrilateral, largest: Int = 400) {
        let side = min(largest, Self.side(of: quad))
        guard side >= 16 else { return nil }
        self.init(frame, quad: quad, side: side, border: side / 8)
    }

    /// The square's side (pixels) for `quad` (frame pixels) at its own size: its longest
    /// edge, at most 400.
    static func side(of quad: Quadrilateral) -> Int {
        let c = quad.corners
        return Int(min(400, zip(c, c.dropFirst() + c.prefix(1)).map { $0.distance(to: $1) }.max() ?? 0))
    }

    /// `quad` (rectified pixels) in frame pixels, corner order kept.
    func inFrame(_ quad: Quadrilateral) -> Quadrilateral { toFrame.apply(quad) }
}

extension Quadrilateral {
    /// How far the quad is from a rectangle (any rotation): the largest of the cosines of
    /// its corner angles (0 for a rectangle, 0.17 for corners 10° off square) and of the
    /// relative length differences of its opposite edges.
    var slant: Double {
        let c = corners
        var worst = 0.0
        for i in 0..<4 {
            let previous = c[(i + 3) % 4] - c[i], next = c[(i + 1) % 4] - c[i]
            let lengths = (previous.x * previous.x + previous.y * previous.y).squareRoot()
                * (next.x * next.x + next.y * next.y).squareRoot()
            guard lengths > 0 else { return 1 }
            worst = max(worst, abs(previous.x * next.x + previous.y * next.y) / lengths)
        }
        for i in 0..<2 {
            let a = c[i].distance(to: c[i + 1]), b = c[i + 2].distance(to: c[(i + 3) % 4])
            worst = max(worst, abs(a - b) / max(a, b, 1e-9))
        }
        return worst
    }

    /// The longest side over the shortest: about 1 for a square symbol seen at a moderate
    /// slant, 3 and more for a 1-D code or a line of text.
    var elongation: Double {
        let c = corners
        let sides = (0..<4).map { c[$0].distance(to: c[($0 + 1) % 4]) }
        return (sides.max() ?? 0) / max(sides.min() ?? 0, 1e-9)
    }
}
