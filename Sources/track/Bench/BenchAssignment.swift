/// Minimum-cost assignment (Hungarian method with potentials, O(n²m)) for the
/// benchmark's matchings: per-frame truth ↔ track matching and the global
/// IDF1 identity matching.
enum BenchAssignment {
    /// Pairs (row, column) of a minimum-cost assignment of `costs` (rows × columns,
    /// row-major). Pairs whose cost is not finite are never returned; every other
    /// row or column may stay unassigned only when the matrix is rectangular.
    static func solve(_ costs: [[Double]]) -> [(row: Int, column: Int)] {
        let rows = costs.count
        guard rows > 0, let columns = costs.first?.count, columns > 0 else { return [] }
        // Forbidden pairs get a cost larger than any sum of allowed ones, then are dropped.
        var finiteMax = 0.0
        for row in costs { for c in row where c.isFinite { finiteMax = max(finiteMax, abs(c)) } }
        let forbidden = (finiteMax + 1) * Double(max(rows, columns) + 1)
        let transposed = rows > columns
        let n = transposed ? columns : rows, m = transposed ? rows : columns
        func cost(_ i: Int, _ j: Int) -> Double {
            let c = transposed ? costs[j][i] : costs[i][j]
            return c.isFinite ? c : forbidden
        }
        // 1-based arrays as in the classic formulation; column 0 is the virtual start.
        var u = [Double](repeating: 0, count: n + 1), v = [Double](repeating: 0, count: m + 1)
        var p = [Int](repeating: 0, count: m + 1), way = [Int](repeating: 0, count: m + 1)
        for i in 1...n {
            p[0] = i
            var j0 = 0
            var minv = [Double](repeating: .infinity, count: m + 1)
            var used = [Bool](repeating: false, count: m + 1)
            repeat {
                used[j0] = true
                let i0 = p[j0]
                var delta = Double.infinity, j1 = 0
                for j in 1...m where !used[j] {
                    let current = cost(i0 - 1, j - 1) - u[i0] - v[j]
                    if current < minv[j] { minv[j] = current; way[j] = j0 }
                    if minv[j] < delta { delta = minv[j]; j1 = j }
                }
                for j in 0...m {
                    if used[j] { u[p[j]] += delta; v[j] -= delta } else { minv[j] -= delta }
                }
                j0 = j1
            } while p[j0] != 0
            repeat {
                let j1 = way[j0]
                p[j0] = p[j1]
                j0 = j1
            } while j0 != 0
        }
        var pairs: [(row: Int, column: Int)] = []
        for j in 1...m where p[j] != 0 {
            let i = p[j] - 1, jj = j - 1
            let (row, column) = transposed ? (jj, i) : (i, jj)
            if costs[row][column].isFinite { pairs.append((row, column)) }
        }
        return pairs.sorted { $0.row < $1.row }
    }
}
