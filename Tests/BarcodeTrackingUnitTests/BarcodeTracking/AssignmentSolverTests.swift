import SeededRandom
import Testing
@testable import BarcodeTracking

struct AssignmentSolverTests {
    /// Best total cost over all assignments of rows to distinct columns (or none,
    /// for forbidden pairs), maximizing the number of pairs first.
    func bruteForce(_ costs: [[Double]]) -> (pairs: Int, cost: Double) {
        var best = (pairs: 0, cost: 0.0)
        func visit(_ row: Int, _ used: Set<Int>, _ pairs: Int, _ cost: Double) {
            if row == costs.count {
                if pairs > best.pairs || (pairs == best.pairs && cost < best.cost - 1e-9) { best = (pairs, cost) }
                return
            }
            visit(row + 1, used, pairs, cost)
            for c in costs[row].indices where !used.contains(c) && costs[row][c] < AssignmentSolver.forbidden {
                visit(row + 1, used.union([c]), pairs + 1, cost + costs[row][c])
            }
        }
        visit(0, [], 0, 0)
        return best
    }

    @Test("The solver finds the optimal assignment of random rectangular problems (fixed seeds)")
    func matchesBruteForce() {
        var rng = SplitMix64(seed: 42)
        var solver = AssignmentSolver()
        for _ in 0..<300 {
            let rows = Int.random(in: 1...5, using: &rng), columns = Int.random(in: 1...5, using: &rng)
            let costs = (0..<rows).map { _ in
                (0..<columns).map { _ in Double.random(in: 0...1, using: &rng) < 0.2 ? AssignmentSolver.forbidden : .random(in: 0...100, using: &rng) }
            }
            solver.reset(rows: rows, columns: columns)
            for r in 0..<rows { for c in 0..<columns { solver.setCost(row: r, column: c, costs[r][c]) } }
            solver.solve()
            let chosen = solver.assignment.prefix(rows).enumerated().filter { $0.element >= 0 }
            #expect(Set(chosen.map(\.element)).count == chosen.count, "a column used twice")
            let best = bruteForce(costs)
            let total = chosen.reduce(0.0) { $0 + costs[$1.offset][$1.element] }
            #expect(chosen.count == best.pairs, "as many allowed pairs as possible")
            #expect(abs(total - best.cost) < 1e-5, "minimum total cost among those")
        }
    }
}
