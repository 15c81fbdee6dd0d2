/// Connected groups of marked cells on a grid: what both code maps (``CodeLikenessMap``,
/// ``CodeOutlineMap``) turn their cells into regions with.
struct CellGroup {
    /// Number of marked cells in the group.
    var count = 0
    /// Sum of the cells' weights.
    var score: Float = 0
    /// Bounds of the group, in cells (inclusive).
    var minColumn = Int.max, maxColumn = Int.min, minRow = Int.max, maxRow = Int.min
    /// The group's cells (row-major indices), when asked for.
    var cells: [Int] = []

    /// The groups of `marked` (row-major, `columns` × `rows`): two marked cells belong to
    /// one group when their columns differ by at most `reach.x` and their rows by at most
    /// `reach.y` (1, 1: 8-connected). `weight` gives each cell's share of the score; with
    /// `keepingCells`, each group lists its cells.
    static func groups(of marked: [Bool], columns: Int, rows: Int, reach: (x: Int, y: Int),
                       weight: (Int) -> Float = { _ in 1 }, keepingCells: Bool = false) -> [CellGroup] {
        var seen = [Bool](repeating: false, count: marked.count)
        var found: [CellGroup] = []
        var stack: [Int] = []
        for start in marked.indices where marked[start] && !seen[start] {
            seen[start] = true
            stack.append(start)
            var group = CellGroup()
            while let index = stack.popLast() {
                group.count += 1
                if keepingCells { group.cells.append(index) }
                group.score += weight(index)
                let column = index % columns, row = index / columns
                group.minColumn = min(group.minColumn, column); group.maxColumn = max(group.maxColumn, column)
                group.minRow = min(group.minRow, row); group.maxRow = max(group.maxRow, row)
                for dy in -reach.y...reach.y {
                    for dx in -reach.x...reach.x where dx != 0 || dy != 0 {
                        let c = column + dx, r = row + dy
                        guard c >= 0, c < columns, r >= 0, r < rows else { continue }
                        let next = r * columns + c
                        if marked[next], !seen[next] { seen[next] = true; stack.append(next) }
                    }
                }
            }
            found.append(group)
        }
        return found
    }

    /// Which cells one growth (``grown(through:columns:rows:visits:)``) has reached: a
    /// stamp per cell, so that the growths of one map share one array without clearing it.
    struct Visits {
        private var stamps: [Int]
        private var current = 0

        /// Room for `count` cells.
        init(count: Int) { stamps = [Int](repeating: 0, count: count) }

        /// Starts a growth: no cell reached yet.
        mutating func start() { current += 1 }

        /// Marks `cell` reached; false when this growth had reached it already.
        mutating func visit(_ cell: Int) -> Bool {
            guard stamps[cell] != current else { return false }
            stamps[cell] = current
            return true
        }
    }

    /// The group's bounds (cells, inclusive) once grown through the `faint` cells
    /// (row-major, `columns` × `rows`) 8-connected to it, within half its longer side (at
    /// least 2 cells) of its own bounds: hysteresis, so that a code whose edges are strong
    /// only in places is one region, without running on through print around it. Needs the
    /// group's ``cells`` (`keepingCells`); `visits` is scratch room for as many cells.
    func grown(through faint: [Bool], columns: Int, rows: Int, visits: inout Visits) -> CellGroup {
        let reach = max(2, max(maxColumn - minColumn + 1, maxRow - minRow + 1) / 2)
        let columnLimits = max(0, minColumn - reach)...min(columns - 1, maxColumn + reach)
        let rowLimits = max(0, minRow - reach)...min(rows - 1, maxRow + reach)
        var grown = self
        visits.start()
        var stack = cells
        for cell in cells { _ = visits.visit(cell) }
        while let index = stack.popLast() {
            let column = index % columns, row = index / columns
            grown.minColumn = min(grown.minColumn, column); grown.maxColumn = max(grown.maxColumn, column)
            grown.minRow = min(grown.minRow, row); grown.maxRow = max(grown.maxRow, row)
            for dy in -1...1 {
                for dx in -1...1 where dx != 0 || dy != 0 {
                    let c = column + dx, r = row + dy
                    guard columnLimits.contains(c), rowLimits.contains(r) else { continue }
                    let next = r * columns + c
                    if faint[next], visits.visit(next) { stack.append(next) }
                }
            }
        }
        return grown
    }
}
