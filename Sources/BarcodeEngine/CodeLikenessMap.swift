import BarcodeTracking

/// Where a frame probably holds barcodes, from the density of strong edges.
///
/// The frame is cut into square cells (``cellSize`` frame pixels). In each cell,
/// on every other row, each pixel's luma is compared with the pixels two to its
/// right and two below; a cell is code-like when a large share of them are strong edges:
/// bars and modules are dense high-contrast edges, while paper, walls and most
/// print are not. Neighbouring code-like cells (8-connected) form candidate
/// regions, returned in frame pixels, best first. It reads half the frame's rows,
/// 16 pixels at a time: a small fraction of one zxing-cpp search.
struct CodeLikenessMap {
    /// Cell side in frame pixels.
    let cellSize: Int
    /// Cells across and down.
    let columns: Int, rows: Int
    /// Share (0...1) of strong-edge samples per cell, row-major.
    let density: [Float]
    /// Share (0...1) of each cell's strong edges that are across (a pixel against the one 2
    /// to its right) rather than down, row-major; 0 where a cell has none. Upright bars have
    /// edges across only (1); 2-D modules, print and texture about as many each way (~0.5).
    let acrossShare: [Float]

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
        var density = [Float](repeating: 0, count: columns * rows), acrossShare = density
        image.pixels.withUnsafeBufferPointer { px in
            for row in 0..<rows {
                for column in 0..<columns {
                    (density[row * columns + column], acrossShare[row * columns + column])
                        = Self.density(px, x0: column * cellSize, y0: row * cellSize, cell: cellSize,
                                       width: image.width, height: image.height, stride: image.bytesPerRow)
                }
            }
        }
        self.density = density
        self.acrossShare = acrossShare
    }

    /// Share of strong edges in one cell: on every other row, each pixel against
    /// the one 2 pixels right and the one 2 pixels down; and the share of those that are
    /// across (``acrossShare``). Sixteen pixels at a time where the cell is 16 wide and the
    /// row has room; one by one otherwise.
    private static func density(_ px: UnsafeBufferPointer<UInt8>, x0: Int, y0: Int, cell: Int, width: Int, height: Int,
                                stride: Int) -> (density: Float, across: Float) {
        var strong = 0, across = 0, samples = 0
        let lastY = min(y0 + cell, height - 2)
        guard let start = px.baseAddress, y0 < lastY else { return (0, 0) }
        if cell == 16, x0 + 18 <= width {
            let threshold = SIMD16<UInt8>(repeating: UInt8(edgeThreshold))
            let one = SIMD16<UInt8>(repeating: 1), none = SIMD16<UInt8>()
            var acrossCounts = SIMD16<UInt8>(), downCounts = SIMD16<UInt8>()
            for y in Swift.stride(from: y0, to: lastY, by: 2) {
                let here = UnsafeRawPointer(start + y * stride + x0)
                let a = here.loadUnaligned(as: SIMD16<UInt8>.self)
                let right = (here + 2).loadUnaligned(as: SIMD16<UInt8>.self)
                let down = (here + 2 * stride).loadUnaligned(as: SIMD16<UInt8>.self)
                acrossCounts &+= none.replacing(with: one, where: Self.difference(a, right) .>= threshold)
                downCounts &+= none.replacing(with: one, where: Self.difference(a, down) .>= threshold)
                samples += 32
            }
            // At most 8 rows (a 16-pixel cell) per lane: no overflow of 8 bits.
            across = Int(SIMD16<UInt16>(truncatingIfNeeded: acrossCounts).wrappedSum())
            strong = across + Int(SIMD16<UInt16>(truncatingIfNeeded: downCounts).wrappedSum())
        } else {
            let threshold = edgeThreshold
            for y in Swift.stride(from: y0, to: lastY, by: 2) {
                let base = y * stride
                for x in x0..<min(x0 + cell, width - 2) {
                    let p = Int(px[base + x])
                    if abs(Int(px[base + x + 2]) - p) >= threshold { strong += 1; across += 1 }
                    if abs(Int(px[base + 2 * stride + x]) - p) >= threshold { strong += 1 }
                    samples += 2
                }
            }
        }
        guard samples > 0 else { return (0, 0) }
        return (Float(strong) / Float(samples), strong > 0 ? Float(across) / Float(strong) : 0)
    }

    /// |a − b| lane by lane. Written with `replacing(with:where:)`, which the optimizer
    /// inlines, where the generic `pointwiseMax`/`pointwiseMin` stayed calls.
    @inline(__always)
    private static func difference(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>) -> SIMD16<UInt8> {
        let larger = b .> a
        return a.replacing(with: b, where: larger) &- b.replacing(with: a, where: larger)
    }

    /// The share of the strong edges that run across (``acrossShare``) in the code-like cells
    /// (``codeLikeDensity``) whose centres lie in `rect` (frame pixels), each cell weighted by
    /// its density; 0 when there is none. About 1 for upright bars, about 0.5 for square
    /// modules, print and texture.
    func acrossShare(in rect: Rect) -> Float {
        let size = Double(cellSize)
        let firstColumn = max(0, Int((rect.x / size - 0.5).rounded(.up))), lastColumn = min(columns - 1, Int((rect.maxX / size - 0.5).rounded(.down)))
        let firstRow = max(0, Int((rect.y / size - 0.5).rounded(.up))), lastRow = min(rows - 1, Int((rect.maxY / size - 0.5).rounded(.down)))
        guard firstColumn <= lastColumn, firstRow <= lastRow else { return 0 }
        var across: Float = 0, weight: Float = 0
        for row in firstRow...lastRow {
            for column in firstColumn...lastColumn {
                let index = row * columns + column
                guard density[index] >= Self.codeLikeDensity else { continue }
                across += acrossShare[index] * density[index]
                weight += density[index]
            }
        }
        return weight > 0 ? across / weight : 0
    }

    /// Candidate regions (frame pixels, clipped to `bounds`), highest summed density
    /// first: groups of at least `minimumCells` code-like cells whose centres lie
    /// outside every quad of `hidden`, each grown through the faint cells around it
    /// (``CellGroup/grown(through:columns:rows:visits:)``) and by one cell on every side, and
    /// regions that overlap merged into one.
    ///
    /// The growth is for codes blurred in part: a motion-blurred 1-D code or a large symbol
    /// keeps the code-like density only in pieces, whose regions each held a piece of the
    /// code and never all of it (the photo clips filmed anew with other seeds: a UPC-E
    /// 172 × 154 pixels in four regions of 48-80 pixels, read by decoding every frame on
    /// three frames the engine missed). Faint cells are those of ``outlineDensity``, as a
    /// symbol's outline; the merged regions still count against the area budget.
    func candidates(in bounds: Rect, hiding hidden: [Quadrilateral], minimumCells: Int = 2) -> [(region: Rect, score: Float)] {
        let faint = cells(from: Self.outlineDensity, in: bounds, hiding: hidden)
        let density = density
        let codeLike = faint.indices.map { faint[$0] && density[$0] >= Self.codeLikeDensity }
        let size = Double(cellSize)
        var found: [(region: Rect, score: Float)] = []
        var visits = CellGroup.Visits(count: faint.count)
        for group in CellGroup.groups(of: codeLike, columns: columns, rows: rows, reach: (1, 1), weight: { density[$0] },
                                      keepingCells: true)
        where group.count >= minimumCells {
            let cells = group.grown(through: faint, columns: columns, rows: rows, visits: &visits)
            let region = Rect(x: Double(cells.minColumn - 1) * size, y: Double(cells.minRow - 1) * size,
                              width: Double(cells.maxColumn - cells.minColumn + 3) * size,
                              height: Double(cells.maxRow - cells.minRow + 3) * size)
            if let clipped = region.intersection(bounds) { found.append((clipped, group.score)) }
        }
        return Self.merged(found)
    }

    /// The parts of `box` (frame pixels) worth a 2-D read: the candidate regions within it
    /// (``candidates(in:hiding:minimumCells:)``, one code-like cell enough) grown by
    /// ``partMargin`` and clipped to it, overlapping ones joined; `box` itself when they
    /// cover most of it, none when it holds no code-like cell outside `hidden`.
    func codeLikeParts(of box: Rect, hiding hidden: [Quadrilateral]) -> [Rect] {
        let m = Self.partMargin
        let parts = candidates(in: box, hiding: hidden, minimumCells: 1).compactMap {
            Rect(x: $0.region.x - m, y: $0.region.y - m, width: $0.region.width + 2 * m, height: $0.region.height + 2 * m)
                .intersection(box)
        }
        let joined = ChangeMap.joined(parts)
        return joined.reduce(0) { $0 + $1.area } >= 0.7 * box.area ? [box] : joined
    }

    /// Pixels a code-like part of a changed box is grown by on each side, beyond the cell the
    /// candidate regions grow by: a 2-D code's quiet zone.
    static let partMargin = 16.0

    /// `regions` with every two that overlap (by more than an edge) replaced by their
    /// bounding box, scores summed, until none overlap (a region grown by a merge is checked
    /// again against the rest); the highest-scoring first.
    static func merged(_ regions: [(region: Rect, score: Float)]) -> [(region: Rect, score: Float)] {
        var merged: [(region: Rect, score: Float)] = []
        for next in regions {
            var item = next
            while let index = merged.firstIndex(where: { ($0.region.intersection(item.region)?.area ?? 0) > 0 }) {
                let other = merged.remove(at: index)
                let (x0, y0) = (min(other.region.x, item.region.x), min(other.region.y, item.region.y))
                let (x1, y1) = (max(other.region.maxX, item.region.maxX), max(other.region.maxY, item.region.maxY))
                item = (Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), other.score + item.score)
            }
            merged.append(item)
        }
        return merged.sorted { $0.score > $1.score }
    }

    /// The cells (row-major) of `threshold` density or more whose centres lie in `bounds`
    /// outside every quad of `hidden`.
    private func cells(from threshold: Float, in bounds: Rect, hiding hidden: [Quadrilateral]) -> [Bool] {
        var marked = [Bool](repeating: false, count: density.count)
        let size = Double(cellSize)
        for index in density.indices where density[index] >= threshold {
            let center = Point(x: (Double(index % columns) + 0.5) * size, y: (Double(index / columns) + 0.5) * size)
            guard bounds.contains(center) else { continue }
            marked[index] = !hidden.contains { $0.boundingBox.contains(center) && $0.contains(center) }
        }
        return marked
    }

    /// Whether one of `frameRows` (frame pixel rows) runs through `run` or more neighbouring
    /// cells of `threshold` density or more, `across` or more of their edges across
    /// (``acrossShare``), whose centres lie in `bounds` outside every quad of `hidden`: a cell
    /// row counts when a row crosses it.
    func hasRun(of run: Int, cellsOf threshold: Float, across: Float = 0, alongRows frameRows: [Int], in bounds: Rect,
                hiding hidden: [Quadrilateral]) -> Bool {
        let size = Double(cellSize)
        var checked = Set<Int>()
        for y in frameRows where y >= 0 {
            let row = y / cellSize
            guard row < rows, checked.insert(row).inserted else { continue }
            var length = 0
            for column in 0..<columns {
                let center = Point(x: (Double(column) + 0.5) * size, y: (Double(row) + 0.5) * size)
                let marked = density[row * columns + column] >= threshold && acrossShare[row * columns + column] >= across
                    && bounds.contains(center)
                    && !hidden.contains { $0.boundingBox.contains(center) && $0.contains(center) }
                length = marked ? length + 1 : 0
                if length >= run { return true }
            }
        }
        return false
    }

    /// Density from which a cell counts towards a symbol's outline
    /// (``outlines(in:hiding:minimumCells:)``): lower than ``codeLikeDensity``, so that a
    /// large 2-D symbol, whose wide modules have edges only at their borders, is one group
    /// of cells rather than pieces (the Aztec clip's large symbol at frame 300: candidate
    /// regions of 48-80 pixels at 0.22, one group at 0.12).
    static let outlineDensity: Float = 0.12

    /// A group of cells that may be a whole 2-D symbol (``outlines(in:hiding:minimumCells:)``).
    struct Outline {
        /// The group's cells, as rectangles in frame pixels.
        var cells: [Rect]
        /// Their bounding box.
        var box: Rect
    }

    /// Where whole 2-D symbols may lie, for reading them upright: groups of at least
    /// `minimumCells` cells of ``outlineDensity`` or more (8-connected) whose centres lie in
    /// `bounds` outside the `hidden` quads, largest group first.
    func outlines(in bounds: Rect, hiding hidden: [Quadrilateral], minimumCells: Int = 12) -> [Outline] {
        let marked = cells(from: Self.outlineDensity, in: bounds, hiding: hidden)
        let size = Double(cellSize)
        return CellGroup.groups(of: marked, columns: columns, rows: rows, reach: (1, 1), keepingCells: true)
            .filter { $0.count >= minimumCells }
            .sorted { $0.count > $1.count }
            .map { group in
                let cells = group.cells.map { Rect(x: Double($0 % columns) * size, y: Double($0 / columns) * size, width: size, height: size) }
                let box = Rect(x: Double(group.minColumn) * size, y: Double(group.minRow) * size,
                               width: Double(group.maxColumn - group.minColumn + 1) * size,
                               height: Double(group.maxRow - group.minRow + 1) * size)
                return Outline(cells: cells, box: box)
            }
    }
}
