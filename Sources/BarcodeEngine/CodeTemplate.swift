import BarcodeTracking

/// Finds where a code's appearance moved between frames, by normalized cross-correlation.
///
/// A template is a sparse grid of luma samples over a code's bounding box
/// (at most 32 across its longer side), taken from the frame it was last
/// decoded in, kept at two densities. `locate` first climbs from the expected
/// position with the fine grid (2-pixel, then 1-pixel steps): a prediction a
/// few pixels off costs 18 placements. Only when that finds no good match does it
/// search the whole window on a 4-pixel lattice with the coarse grid and refine
/// the best lattice point the same way. Translation at a given scale (the caller
/// tries the scale the tracker predicts, then a little either side, for zoom);
/// rotation is picked up by the next decode.
struct CodeTemplate: Sendable {
    /// Samples of the box every `step` pixels: zero mean, unit norm, row-major.
    struct Grid: Sendable {
        let step: Int
        let columns: Int
        let rows: Int
        let values: [Float]

        init?(image: LumaImage, x0: Int, y0: Int, width: Int, height: Int, step: Int) {
            let columns = (width - 1) / step + 1, rows = (height - 1) / step + 1
            guard columns >= 4, rows >= 2 else { return nil }
            var values = [Float](repeating: 0, count: columns * rows)
            image.pixels.withUnsafeBufferPointer { px in
                for r in 0..<rows {
                    let base = (y0 + r * step) * image.bytesPerRow + x0
                    for c in 0..<columns { values[r * columns + c] = Float(px[base + c * step]) }
                }
            }
            let mean = values.reduce(0, +) / Float(values.count)
            var norm: Float = 0
            for i in values.indices { values[i] -= mean; norm += values[i] * values[i] }
            norm = norm.squareRoot()
            // Less than ~10 grey levels of contrast: nothing to lock on to.
            guard norm / Float(values.count).squareRoot() > 10 else { return nil }
            for i in values.indices { values[i] /= norm }
            self.step = step
            self.columns = columns
            self.rows = rows
            self.values = values
        }

        /// Correlation of the grid placed with its first sample at (x, y), its sample
        /// spacing stretched by `scale` (the code grew or shrank since the template was
        /// taken); `nil` off the image or on a flat area.
        func score(at x: Int, _ y: Int, scale: Float = 1, in px: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int) -> Float? {
            let span = { (count: Int) in Int((Float((count - 1) * step) * scale).rounded()) }
            guard x >= 0, y >= 0, x + span(columns) < width, y + span(rows) < height else { return nil }
            // Sample offsets along each axis, worked out once per placement (at most 33 each).
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: columns + rows) { offsets -> Float? in
                for index in 0..<max(columns, rows) {
                    let offset = scale == 1 ? index * step : Int((Float(index * step) * scale).rounded())
                    if index < columns { offsets[index] = offset }
                    if index < rows { offsets[columns + index] = offset * stride }
                }
                // Sums of luma in integers (exact in any order); the dot product in four
                // partial sums, so that four samples' multiply-adds overlap instead of each
                // waiting for the one before.
                var sum = 0, sumSq = 0
                var dot = SIMD4<Float>()
                values.withUnsafeBufferPointer { t in
                    var k = 0
                    for r in 0..<rows {
                        let base = y * stride + offsets[columns + r] + x
                        var c = 0
                        while c + 4 <= columns {
                            let v = SIMD4<UInt8>(px[base + offsets[c]], px[base + offsets[c + 1]],
                                                 px[base + offsets[c + 2]], px[base + offsets[c + 3]])
                            let wide = SIMD4<Int>(truncatingIfNeeded: v)
                            sum += wide.wrappedSum()
                            sumSq += (wide &* wide).wrappedSum()
                            dot += SIMD4<Float>(v) * SIMD4<Float>(t[k], t[k + 1], t[k + 2], t[k + 3])
                            c += 4
                            k += 4
                        }
                        while c < columns {
                            let v = Int(px[base + offsets[c]])
                            sum += v
                            sumSq += v * v
                            dot[0] += Float(v) * t[k]
                            c += 1
                            k += 1
                        }
                    }
                }
                let count = values.count
                let variance = Float(sumSq * count - sum * sum) / Float(count)
                guard variance > 1 else { return nil }
                return dot.sum() / variance.squareRoot()
            }
        }
    }

    /// Top-left of the sampled box in the frame it was taken from (frame pixels).
    let origin: Point
    let fine: Grid
    let coarse: Grid

    /// Samples `box` (frame pixels) of `image`; `nil` when the box has no contrast or leaves the image.
    init?(image: LumaImage, box: Rect) {
        let x0 = Int(box.x.rounded()), y0 = Int(box.y.rounded())
        let w = Int(box.width.rounded()), h = Int(box.height.rounded())
        guard w >= 8, h >= 8, x0 >= 0, y0 >= 0, x0 + w <= image.width, y0 + h <= image.height else { return nil }
        // At most 32 samples across the longer side for the fine grid, half that for the coarse one.
        let step = max(1, (max(w, h) + 31) / 32)
        guard let fine = Grid(image: image, x0: x0, y0: y0, width: w, height: h, step: step),
              let coarse = Grid(image: image, x0: x0, y0: y0, width: w, height: h, step: step * 2) else { return nil }
        self.origin = Point(x: Double(x0), y: Double(y0))
        self.fine = fine
        self.coarse = coarse
    }

    /// The best match within `radius` pixels of `expected` (where the template's
    /// origin should be now), with its correlation (-1...1), for the code seen
    /// `scale` times as large as in the template's frame. A match near `expected`
    /// scoring at least `accept` ends the search early.
    ///
    /// `along` (a 1-D code: the direction of its bars, as a step of whole pixels, at most 1
    /// on either axis) climbs on along the bars after each climb, in steps of the fine grid's
    /// spacing, 2 and 1 pixels, for as long as a step scores higher, never further than `radius` from
    /// `expected`: a 1-D code moving along its bars scores high a long way from where it is
    /// (its bars look the same shifted along themselves; only its ends tell), and the climb's
    /// 3 pixels left such a code's box up to 24 pixels behind it in a whip pan (a UPC-E of the
    /// third set of photo clips). Only along them: across its bars a 1-D code scores high
    /// again a few modules away, and climbing on there would wander.
    func locate(in image: LumaImage, around expected: Point, radius: Int, scale: Double = 1,
                accept: Float = 0.9, along: (dx: Int, dy: Int)? = nil) -> (origin: Point, score: Float)? {
        let stretch = Float(scale)
        let ex = Int(expected.x.rounded()), ey = Int(expected.y.rounded())
        let lattice = 4
        return image.pixels.withUnsafeBufferPointer { px -> (Point, Float)? in
            func score(_ grid: Grid, _ x: Int, _ y: Int) -> Float? {
                grid.score(at: x, y, scale: stretch, in: px, width: image.width, height: image.height, stride: image.bytesPerRow)
            }
            /// Hill-climbs with the fine grid from (x, y): the best of the 3 × 3
            /// placements 2 pixels apart, then of those 1 pixel apart around it; then on
            /// along a 1-D code's bars (`along`).
            func refine(_ x: Int, _ y: Int) -> (x: Int, y: Int, score: Float)? {
                var best: (x: Int, y: Int, score: Float)?
                for spacing in [2, 1] {
                    let (cx, cy) = best.map { ($0.x, $0.y) } ?? (x, y)
                    for dy in -1...1 {
                        for dx in -1...1 {
                            let x1 = cx + dx * spacing, y1 = cy + dy * spacing
                            if let s = score(fine, x1, y1), s > (best?.score ?? -2) { best = (x1, y1, s) }
                        }
                    }
                }
                if let along, var climbed = best {
                    // Steps of the grid's own spacing first: along the bars the score only
                    // changes where a row of samples crosses the code's end, a step apart.
                    for spacing in fine.step > 2 ? [fine.step, 2, 1] : [2, 1] {
                        var moved = true
                        while moved {
                            moved = false
                            let from = climbed
                            for sign in [1, -1] {
                                let x1 = from.x + sign * along.dx * spacing, y1 = from.y + sign * along.dy * spacing
                                guard abs(x1 - ex) <= radius, abs(y1 - ey) <= radius, let s = score(fine, x1, y1),
                                      s > climbed.score else { continue }
                                (climbed, moved) = ((x1, y1, s), true)
                            }
                        }
                    }
                    best = climbed
                }
                return best
            }
            let near = refine(ex, ey)
            if let near, near.score >= accept { return (Point(x: Double(near.x), y: Double(near.y)), near.score) }
            var seed: (x: Int, y: Int, score: Float)?
            for dy in stride(from: -radius, through: radius, by: lattice) {
                for dx in stride(from: -radius, through: radius, by: lattice) {
                    if let s = score(coarse, ex + dx, ey + dy), s > (seed?.score ?? -2) { seed = (ex + dx, ey + dy, s) }
                }
            }
            let found = seed.flatMap { refine($0.x, $0.y) }
            guard let best = [near, found].compactMap({ $0 }).max(by: { $0.score < $1.score }) else { return nil }
            return (Point(x: Double(best.x), y: Double(best.y)), best.score)
        }
    }
}
