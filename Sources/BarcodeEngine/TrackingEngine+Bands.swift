import BarcodeTracking

extension TrackingEngine {
    /// Ends along the rows of two bands of one code lie within this share of the code's width.
    static let bandEndTolerance = 0.08

    /// Whether `found`, a 1-D read by discovery of a payload that `known` (measured in the
    /// frame) carries too, is another band of rows of that code rather than a code of its
    /// own (``isCovered(_:by:in:)`` asks): its ends along the rows within
    /// ``bandEndTolerance`` of the code's width of the measured read's, and the rows
    /// between the two bands (frame pixels of `image`) carrying the same bars as the measured
    /// band, row after row (``barsContinue(from:across:in:)``).
    ///
    /// zxing-cpp reports a 1-D code as the band of rows it read; a code with tall bars
    /// read on one band by following and on another by a code-like region (which holds
    /// the whole code) would otherwise start a second track on it: the bench's symbology
    /// sheet under a whip pan, a 272 × 132 pixel code read at rows 63-131 and 0-36 of it,
    /// two ID switches. Identical labels stacked one above the other stay apart: between
    /// their bands lie the digits and quiet zones, not bars.
    static func isAnotherBand(_ found: Quadrilateral, of known: Quadrilateral, in image: LumaImage) -> Bool {
        let k = known.corners
        let along = k[1] - k[0]
        let width = (along.x * along.x + along.y * along.y).squareRoot()
        guard width >= 8 else { return false }
        let u = Point(x: along.x / width, y: along.y / width)
        var v = Point(x: -u.y, y: u.x)
        let down = k[3] - k[0]
        if down.x * v.x + down.y * v.y < 0 { v = Point(x: -v.x, y: -v.y) }
        func extent(_ quad: Quadrilateral, _ axis: Point) -> (Double, Double) { quad.extent(along: axis, from: k[0]) }
        let (knownAlong, foundAlong) = (extent(known, u), extent(found, u))
        let tolerance = max(4, bandEndTolerance * width)
        guard abs(knownAlong.0 - foundAlong.0) <= tolerance, abs(knownAlong.1 - foundAlong.1) <= tolerance else { return false }
        let (knownAcross, foundAcross) = (extent(known, v), extent(found, v))
        let gapStart = min(knownAcross.1, foundAcross.1), gapEnd = max(knownAcross.0, foundAcross.0)
        guard gapEnd - gapStart <= width else { return false }
        guard gapEnd - gapStart > 2 else { return true }
        let span = (max(knownAlong.0, foundAlong.0), min(knownAlong.1, foundAlong.1))
        // From the measured band's row nearest the gap to the found band's, 8 pixels or less
        // a step: each row carries the bars of the one before (a slant, a curve or a rolling
        // shutter moves them a little from row to row, never a lot within 8 rows).
        let (start, end) = knownAcross.1 <= foundAcross.0
            ? (knownAcross.1 - 2, foundAcross.0 + 2) : (knownAcross.0 + 2, foundAcross.1 - 2)
        let steps = max(2, Int((abs(end - start) / 8).rounded(.up)))
        var row = Line(origin: k[0], along: u, across: v, span: span, at: start)
        for step in 1...steps {
            let next = start + (end - start) * Double(step) / Double(steps)
            guard barsContinue(from: row, across: next, in: image) else { return false }
            row.at = next
        }
        return true
    }

    /// A row of a code: from `origin` along `along` over `span` (pixels), `at` pixels across.
    struct Line {
        var origin: Point, along: Point, across: Point
        var span: (Double, Double)
        var at: Double

        /// `count` luma samples along the row (nearest pixel; outside the image, nothing).
        func samples(_ count: Int, in image: LumaImage) -> [Double]? {
            var values: [Double] = []
            values.reserveCapacity(count)
            for i in 0..<count {
                let t = span.0 + (span.1 - span.0) * (Double(i) + 0.5) / Double(count)
                let x = Int(origin.x + along.x * t + across.x * at), y = Int(origin.y + along.y * t + across.y * at)
                guard x >= 0, y >= 0, x < image.width, y < image.height else { return nil }
                values.append(Double(image[x, y]))
            }
            return values
        }
    }

    /// Whether the row `across` pixels across carries the bars of `row`: their luma
    /// profiles correlate by 0.7 or more, shifted by up to 2 samples, and both rows have
    /// contrast at all (white paper or a line of digits between two labels does not).
    static func barsContinue(from row: Line, across: Double, in image: LumaImage) -> Bool {
        let count = max(16, min(512, Int(row.span.1 - row.span.0)))
        var other = row
        other.at = across
        guard let reference = row.samples(count, in: image), let profile = other.samples(count, in: image) else { return false }
        return (-2...2).contains { shift in correlation(reference, profile, shift: shift) >= 0.7 }
    }

    /// Pearson correlation of `a` and `b` shifted by `shift` samples, over their overlap;
    /// 0 where either is flat (luma spread under 10).
    static func correlation(_ a: [Double], _ b: [Double], shift: Int) -> Double {
        let range = max(0, -shift)..<min(a.count, b.count - shift)
        guard range.count >= 8 else { return 0 }
        let xs = range.map { a[$0] }, ys = range.map { b[$0 + shift] }
        let n = Double(xs.count)
        let (mx, my) = (xs.reduce(0, +) / n, ys.reduce(0, +) / n)
        var (sxy, sxx, syy) = (0.0, 0.0, 0.0)
        for (x, y) in zip(xs, ys) {
            sxy += (x - mx) * (y - my); sxx += (x - mx) * (x - mx); syy += (y - my) * (y - my)
        }
        guard sxx / n >= 100, syy / n >= 100 else { return 0 }
        return sxy / (sxx * syy).squareRoot()
    }
}
