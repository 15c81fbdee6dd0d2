import BarcodeTracking

/// Where a frame holds something that looks like a barcode even when it cannot be
/// read: bars or modules that are blurred, too small or too far away to decode.
///
/// The frame is cut into square cells (``cellSize`` frame pixels). In each cell,
/// luma differences ``lag`` pixels apart are sampled on a 2-pixel lattice along x
/// and along y. A cell is code-like when, along one axis, both rising and falling
/// differences of at least the frame's threshold are frequent: bars and modules
/// alternate dark and light, even after motion blur has cut their contrast, while a
/// label's edge is one step. The threshold follows the frame's own texture (twice
/// the 80th percentile of all differences, 16...48), so sensor noise and grainy
/// backgrounds, which fill most of a frame, stay under it. Code-like cells with up
/// to three empty cells between them across, or one down, form a group (the wide
/// bars of a blurred horizontal 1-D code leave gaps of a few cells; codes on a
/// pallet sit further apart); each group of at least ``minimumCells`` cells that fills a
/// quarter of its box is one outline, the bounding box of its cells.
/// Unlike ``CodeLikenessMap`` (which picks places worth decoding, and wants sharp
/// edges) it is tuned to keep blurred 1-D codes in one piece.
struct CodeOutlineMap {
    static let cellSize = 16
    static let lag = 3
    /// Share of samples along one axis that must rise, and also fall, by the threshold.
    static let alternatingShare = 0.08
    static let minimumCells = 4

    let columns: Int, rows: Int
    /// Code-like cells, row-major.
    let codeLike: [Bool]

    /// Measures `image` inside `bounds` (frame pixels).
    init(_ image: LumaImage, bounds: Rect) {
        let cell = Self.cellSize, lag = Self.lag
        let threshold = Self.threshold(image, bounds: bounds)
        let columns = max(1, image.width / cell), rows = max(1, image.height / cell)
        self.columns = columns
        self.rows = rows
        var codeLike = [Bool](repeating: false, count: columns * rows)
        let stride = image.bytesPerRow, width = image.width, height = image.height
        let x0 = max(0, Int(bounds.x) / cell), x1 = min(columns, Int((bounds.maxX / Double(cell)).rounded(.up)))
        let y0 = max(0, Int(bounds.y) / cell), y1 = min(rows, Int((bounds.maxY / Double(cell)).rounded(.up)))
        image.pixels.withUnsafeBufferPointer { px in
            for row in y0..<max(y0, y1) {
                for column in x0..<max(x0, x1) {
                    var riseX = 0, fallX = 0, riseY = 0, fallY = 0, samples = 0
                    var y = row * cell
                    while y < (row + 1) * cell, y + lag < height {
                        var x = column * cell
                        let base = y * stride
                        while x < (column + 1) * cell, x + lag < width {
                            let p = Int(px[base + x])
                            let dx = Int(px[base + x + lag]) - p, dy = Int(px[base + lag * stride + x]) - p
                            if dx >= threshold { riseX += 1 } else if dx <= -threshold { fallX += 1 }
                            if dy >= threshold { riseY += 1 } else if dy <= -threshold { fallY += 1 }
                            samples += 1
                            x += 2
                        }
                        y += 2
                    }
                    let needed = max(1, Int(Double(samples) * Self.alternatingShare))
                    codeLike[row * columns + column] = min(riseX, fallX) >= needed || min(riseY, fallY) >= needed
                }
            }
        }
        self.codeLike = codeLike
    }

    /// Twice the 80th percentile of the absolute differences (lag ``lag``) sampled
    /// every 4 pixels inside `bounds`, clamped to 16...48.
    static func threshold(_ image: LumaImage, bounds: Rect) -> Int {
        var histogram = [Int](repeating: 0, count: 256)
        var total = 0
        let stride = image.bytesPerRow
        let xs = max(0, Int(bounds.x))..<max(0, min(image.width - lag, Int(bounds.maxX)))
        let ys = max(0, Int(bounds.y))..<max(0, min(image.height - lag, Int(bounds.maxY)))
        image.pixels.withUnsafeBufferPointer { px in
            for y in Swift.stride(from: ys.lowerBound, to: ys.upperBound, by: 4) {
                for x in Swift.stride(from: xs.lowerBound, to: xs.upperBound, by: 4) {
                    let p = Int(px[y * stride + x])
                    histogram[abs(Int(px[y * stride + x + lag]) - p)] += 1
                    histogram[abs(Int(px[(y + lag) * stride + x]) - p)] += 1
                    total += 2
                }
            }
        }
        var seen = 0
        for (value, count) in histogram.enumerated() {
            seen += count
            if seen * 5 >= total * 4 { return min(48, max(16, 2 * value)) }
        }
        return 48
    }

    /// The outlines (frame pixels, clipped to `bounds`) of code-like groups whose
    /// cells' centres lie outside every quad of `hidden`, largest first.
    func outlines(in bounds: Rect, hiding hidden: [Quadrilateral]) -> [Rect] {
        let size = Double(Self.cellSize)
        var live = codeLike
        for index in live.indices where live[index] {
            let center = Point(x: (Double(index % columns) + 0.5) * size, y: (Double(index / columns) + 0.5) * size)
            if hidden.contains(where: { $0.grown(by: size / 2).contains(center) }) { live[index] = false }
        }
        var found: [(rect: Rect, cells: Int)] = []
        for group in CellGroup.groups(of: live, columns: columns, rows: rows, reach: (4, 2)) where group.count >= Self.minimumCells {
            let box = Rect(x: Double(group.minColumn) * size, y: Double(group.minRow) * size,
                           width: Double(group.maxColumn - group.minColumn + 1) * size,
                           height: Double(group.maxRow - group.minRow + 1) * size)
            // A code fills most of its box; scattered texture does not.
            guard Double(group.count) >= 0.25 * (box.width / size) * (box.height / size),
                  box.area <= 0.25 * bounds.area, let clipped = box.intersection(bounds) else { continue }
            found.append((clipped, group.count))
        }
        return found.sorted { $0.cells > $1.cells }.map(\.rect)
    }
}
