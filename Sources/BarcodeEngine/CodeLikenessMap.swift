import BarcodeTracking

/// Where a frame probably holds barcodes, from the density of strong edges.
///
/// The frame is cut into square cells (``cellSize`` frame pixels). In each cell,
/// luma differences two pixels apart are sampled on a 2-pixel lattice, along x
/// and along y; a cell is code-like when a large share of them are strong edges:
/// bars and modules are dense high-contrast edges, while paper, walls and most
/// print are not. Neighbouring code-like cells (8-connected) form candidate
/// regions, returned in frame pixels, best first. It costs about a quarter of a
/// pass over the frame's pixels, a small fraction of one zxing-cpp search.
struct CodeLikenessMap {
    /// Cell side in frame pixels.
    let cellSize: Int
    /// Cells across and down.
    let columns: Int, rows: Int
    /// Share (0...1) of strong-edge samples per cell, row-major.
    let density: [Float]

    /// A luma difference at least this large is a strong edge.
    static let edgeThreshold = 40
    /// A cell is code-like at this share of strong edges or more.
    static let codeLikeDensity: Float = 0.22

    /// Measures the whole of `image`; cells are `cellSize` frame pixels square.
    init(_ image: LumaImage, cellSize: Int = 16) {
        let columns = max(1, image.width / cellSize), rows = max(1, image.height / cellSize)
        self.cellSize = cellSize
        self.columns = columns
        self.rows = rows
        var density = [Float](repeating: 0, count: columns * rows)
        let threshold = Self.edgeThreshold, cell = cellSize, stride = image.bytesPerRow
        let width = image.width, height = image.height
        image.pixels.withUnsafeBufferPointer { px in
            for row in 0..<rows {
                let y0 = row * cell
                for column in 0..<columns {
                    let x0 = column * cell
                    var strong = 0, samples = 0
                    var y = y0
                    while y < y0 + cell, y + 2 < height {
                        var x = x0
                        let base = y * stride
                        while x < x0 + cell, x + 2 < width {
                            let p = Int(px[base + x])
                            if abs(Int(px[base + x + 2]) - p) >= threshold { strong += 1 }
                            if abs(Int(px[base + 2 * stride + x]) - p) >= threshold { strong += 1 }
                            samples += 2
                            x += 2
                        }
                        y += 2
                    }
                    density[row * columns + column] = samples > 0 ? Float(strong) / Float(samples) : 0
                }
            }
        }
        self.density = density
    }

    /// Candidate regions (frame pixels, clipped to `bounds`), highest summed density
    /// first: groups of at least `minimumCells` code-like cells whose centres lie
    /// outside every quad of `hidden`, each grown by one cell on every side.
    func candidates(in bounds: Rect, hiding hidden: [Quadrilateral], minimumCells: Int = 2) -> [(region: Rect, score: Float)] {
        var codeLike = [Bool](repeating: false, count: density.count)
        let size = Double(cellSize)
        for index in density.indices where density[index] >= Self.codeLikeDensity {
            let center = Point(x: (Double(index % columns) + 0.5) * size, y: (Double(index / columns) + 0.5) * size)
            guard bounds.contains(center) else { continue }
            codeLike[index] = !hidden.contains { $0.boundingBox.contains(center) && $0.contains(center) }
        }
        var found: [(region: Rect, score: Float)] = []
        let density = density
        for group in CellGroup.groups(of: codeLike, columns: columns, rows: rows, reach: (1, 1), weight: { density[$0] })
        where group.count >= minimumCells {
            let region = Rect(x: Double(group.minColumn - 1) * size, y: Double(group.minRow - 1) * size,
                              width: Double(group.maxColumn - group.minColumn + 3) * size,
                              height: Double(group.maxRow - group.minRow + 3) * size)
            if let clipped = region.intersection(bounds) { found.append((clipped, group.score)) }
        }
        return found.sorted { $0.score > $1.score }
    }
}
