// Allocation-free helpers for the tracker's inner loop (`corners` builds an array).
extension Quadrilateral {
    /// Corner `index` (0 = top left, clockwise), taken modulo 4.
    func corner(_ index: Int) -> Point {
        switch index & 3 {
        case 0: topLeft
        case 1: topRight
        case 2: bottomRight
        default: bottomLeft
        }
    }

    /// Like `rotatedLabels(by:)`, without building an intermediate array.
    func relabelled(by steps: Int) -> Quadrilateral {
        Quadrilateral(topLeft: corner(steps), topRight: corner(steps + 1),
                      bottomRight: corner(steps + 2), bottomLeft: corner(steps + 3))
    }

    /// The cyclic relabelling of `self` whose corners are closest (sum of
    /// squared distances) to the same-named corners of `reference`.
    func closestRelabelling(to reference: Quadrilateral) -> Int {
        var best = 0
        var bestCost = Double.infinity
        for steps in 0..<4 {
            var cost = 0.0
            for i in 0..<4 {
                let a = corner(steps + i), b = reference.corner(i)
                cost += (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)
            }
            if cost < bestCost { bestCost = cost; best = steps }
        }
        return best
    }

    /// Square root of the shoelace area (frame pixels): a size that is stable under rotation.
    package var size: Double {
        var sum = 0.0
        for i in 0..<4 {
            let a = corner(i), b = corner(i + 1)
            sum += a.x * b.y - b.x * a.y
        }
        return (abs(sum) / 2).squareRoot()
    }

    /// Whether every coordinate is a finite number.
    var isFinite: Bool {
        for i in 0..<4 where !(corner(i).x.isFinite && corner(i).y.isFinite) { return false }
        return true
    }
}
