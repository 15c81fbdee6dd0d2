import BarcodeTracking

/// The outline of the dark print in a group of code-like cells, as a quadrilateral (frame
/// pixels): where a 2-D symbol that zxing-cpp cannot read as it is lies, so that it can be
/// read upright (``RectifiedCode``).
///
/// zxing-cpp 1.4 reads few 2-D symbols seen at a slant (the Aztec clip: neither symbol in
/// most frames where zxing-cpp 3.1 reads both), and a tracked code can only be read upright
/// once it was decoded. The cells of a symbol (``CodeLikenessMap/outlines(in:hiding:minimumCells:)``)
/// hold its dark modules: their convex hull, cut down to four corners, is the symbol's quad
/// to within a module or two, close enough for an upright read (frame 300 of the Aztec clip:
/// the outline's corners 13 pixels from zxing-cpp 3.1's on average, the large symbol read
/// upright from it with corners 3 pixels from them, and not read as it is).
enum RegionOutline {
    /// The quad of the dark print in `outline`'s cells of `image`, or `nil` when there is
    /// too little contrast, or the quad is too small (under `minimumSide` pixels a side) to
    /// need reading upright.
    ///
    /// Pixels are sampled every 4 pixels in each cell; a pixel is dark below the midpoint of
    /// the 5th and 95th percentile of the samples (print on paper: two well-separated levels).
    /// The corners of the box of each cell's dark samples (cells with 3 or more) make a hull,
    /// cut down to four corners by dropping, one at a time, the corner whose removal loses the
    /// least area. Only the group's cells count: a printed frame line or text beside the symbol
    /// lies in cells of too few edges to belong to it.
    static func quad(in image: LumaImage, outline: CodeLikenessMap.Outline, minimumSide: Double = 40) -> Quadrilateral? {
        let step = 4
        var histogram = [Int](repeating: 0, count: 256)
        // Cells with fewer than 4 of their 8 neighbours in the group stick out of it (print
        // touching the symbol, a line running off it): left out, they cannot pull a corner.
        let origins = Set(outline.cells.map { Point(x: $0.x, y: $0.y) })
        let solid = outline.cells.filter { cell in
            var neighbours = 0
            for dy in -1...1 {
                for dx in -1...1 where dx != 0 || dy != 0 {
                    if origins.contains(Point(x: cell.x + Double(dx) * cell.width, y: cell.y + Double(dy) * cell.height)) { neighbours += 1 }
                }
            }
            return neighbours >= 4
        }
        let cells: [(x0: Int, y0: Int, x1: Int, y1: Int)] = solid.compactMap { cell in
            let x0 = max(0, Int(cell.x)), y0 = max(0, Int(cell.y))
            let x1 = min(image.width, Int(cell.maxX)), y1 = min(image.height, Int(cell.maxY))
            return x0 < x1 && y0 < y1 ? (x0, y0, x1, y1) : nil
        }
        image.pixels.withUnsafeBufferPointer { px in
            for c in cells {
                for y in stride(from: c.y0, to: c.y1, by: step) {
                    for x in stride(from: c.x0, to: c.x1, by: step) { histogram[Int(px[y * image.bytesPerRow + x])] += 1 }
                }
            }
        }
        let samples = histogram.reduce(0, +)
        func percentile(_ p: Double) -> Int {
            var seen = 0
            for (level, count) in histogram.enumerated() {
                seen += count
                if Double(seen) >= p * Double(samples) { return level }
            }
            return 255
        }
        let dark = percentile(0.05), light = percentile(0.95)
        guard samples > 0, light - dark >= 32 else { return nil }
        let threshold = UInt8((dark + light) / 2)
        var points: [Point] = []
        image.pixels.withUnsafeBufferPointer { px in
            for c in cells {
                var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min, count = 0
                for y in stride(from: c.y0, to: c.y1, by: step) {
                    for x in stride(from: c.x0, to: c.x1, by: step) where px[y * image.bytesPerRow + x] < threshold {
                        minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                        count += 1
                    }
                }
                guard count >= 3 else { continue }
                let (left, right) = (Double(minX), Double(maxX + step)), (top, bottom) = (Double(minY), Double(maxY + step))
                points += [Point(x: left, y: top), Point(x: right, y: top), Point(x: right, y: bottom), Point(x: left, y: bottom)]
            }
        }
        var hull = convexHull(points)
        guard hull.count >= 4 else { return nil }
        while hull.count > 4 {
            // The corner whose triangle with its neighbours is smallest.
            let smallest = hull.indices.min { triangleArea(hull, $0) < triangleArea(hull, $1) }!
            hull.remove(at: smallest)
        }
        guard let quad = Quadrilateral(hull) else { return nil }
        let c = quad.corners
        guard (0..<4).allSatisfy({ c[$0].distance(to: c[($0 + 1) % 4]) >= minimumSide }) else { return nil }
        return quad
    }

    /// Twice the area of the triangle corner `i` of `polygon` makes with its neighbours.
    private static func triangleArea(_ polygon: [Point], _ i: Int) -> Double {
        let n = polygon.count
        let a = polygon[(i + n - 1) % n], b = polygon[i], c = polygon[(i + 1) % n]
        return abs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y))
    }

    /// The convex hull of `points`, its corners in order around it (Andrew's monotone chain).
    static func convexHull(_ points: [Point]) -> [Point] {
        let sorted = points.sorted { $0.x < $1.x || $0.x == $1.x && $0.y < $1.y }
        guard sorted.count >= 3 else { return sorted }
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        var lower: [Point] = [], upper: [Point] = []
        for p in sorted {
            while lower.count >= 2, cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2, cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }
}
