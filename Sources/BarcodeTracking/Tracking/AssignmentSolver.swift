/// Minimum-cost bipartite assignment (the Hungarian method with potentials, O(n²·m)).
///
/// Keeps its working buffers between calls so that solving in a steady stream
/// of frames does not allocate once the buffers have grown to the largest size seen.
/// Package-wide: the benchmark's MOT matchings use it too.
package struct AssignmentSolver {
    /// Cost standing for "not allowed"; pairs at or above it are never reported.
    package static let forbidden = 1e9

    private var u: [Double] = []
    private var v: [Double] = []
    private var minv: [Double] = []
    private var p: [Int] = []
    private var way: [Int] = []
    private var used: [Bool] = []
    /// Row-major costs, `rows * columns`; filled by the caller through `setCost`.
    private(set) var costs: [Double] = []
    private(set) var rows = 0
    private(set) var columns = 0
    /// After `solve()`: the column given to each row, or -1.
    package private(set) var assignment: [Int] = []

    /// An empty solver; `reset` sizes it.
    package init() {}

    /// Prepares a `rows` × `columns` problem with every pair forbidden.
    package mutating func reset(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        let count = rows * columns
        if costs.count < count {
            costs.append(contentsOf: repeatElement(Self.forbidden, count: count - costs.count))
        }
        for i in 0..<count { costs[i] = Self.forbidden }
    }

    package mutating func setCost(row: Int, column: Int, _ cost: Double) {
        costs[row * columns + column] = cost
    }

    func cost(row: Int, column: Int) -> Double { costs[row * columns + column] }

    /// Solves the problem set up by `reset` and `setCost`; read the result from `assignment`.
    package mutating func solve() {
        Self.resize(&assignment, to: rows, filler: -1)
        for i in 0..<rows { assignment[i] = -1 }
        guard rows > 0, columns > 0 else { return }
        // The method needs rows ≤ columns; otherwise solve the transposed problem.
        let transposed = rows > columns
        let n = transposed ? columns : rows
        let m = transposed ? rows : columns
        Self.resize(&u, to: n + 1, filler: 0)
        Self.resize(&v, to: m + 1, filler: 0)
        Self.resize(&p, to: m + 1, filler: 0)
        Self.resize(&way, to: m + 1, filler: 0)
        Self.resize(&minv, to: m + 1, filler: 0)
        Self.resize(&used, to: m + 1, filler: false)
        for i in 0...n { u[i] = 0 }
        for j in 0...m { v[j] = 0; p[j] = 0; way[j] = 0 }
        for i in 1...n {
            p[0] = i
            var j0 = 0
            for j in 0...m { minv[j] = .infinity; used[j] = false }
            repeat {
                used[j0] = true
                let i0 = p[j0]
                var delta = Double.infinity
                var j1 = 0
                for j in 1...m where !used[j] {
                    let c = transposed ? costs[(j - 1) * columns + (i0 - 1)] : costs[(i0 - 1) * columns + (j - 1)]
                    let current = c - u[i0] - v[j]
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
        for j in 1...m where p[j] != 0 {
            let (row, column) = transposed ? (j - 1, p[j] - 1) : (p[j] - 1, j - 1)
            if costs[row * columns + column] < Self.forbidden { assignment[row] = column }
        }
    }

    private static func resize<T>(_ array: inout [T], to count: Int, filler: T) {
        if array.count < count { array.append(contentsOf: repeatElement(filler, count: count - array.count)) }
    }
}
