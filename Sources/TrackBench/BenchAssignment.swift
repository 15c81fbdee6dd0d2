import BarcodeTracking

/// Minimum-cost assignment for the benchmark's matchings (per-frame truth ↔ track
/// matching and the global IDF1 identity matching), on the tracker's own solver.
enum BenchAssignment {
    /// Pairs (row, column) of a minimum-cost assignment of `costs` (rows × columns,
    /// row-major), sorted by row. Pairs whose cost is not finite are never returned;
    /// as many finite pairs as possible are made, then the cheapest such set is taken.
    static func solve(_ costs: [[Double]]) -> [(row: Int, column: Int)] {
        guard let columns = costs.first?.count, columns > 0 else { return [] }
        var solver = AssignmentSolver()
        solver.reset(rows: costs.count, columns: columns)
        for (r, row) in costs.enumerated() {
            for (c, cost) in row.enumerated() where cost.isFinite { solver.setCost(row: r, column: c, cost) }
        }
        solver.solve()
        return solver.assignment.enumerated().compactMap { row, column in column >= 0 ? (row, column) : nil }
    }
}
