extension Quadrilateral {
    /// The span of the quad's corners along `axis` (a unit vector, frame pixels), measured
    /// from `origin`: the lowest and highest of their projections. How far a code reaches
    /// along its own rows or across them, whatever its roll.
    package func extent(along axis: Point, from origin: Point = .zero) -> (low: Double, high: Double) {
        let projections = corners.map { ($0.x - origin.x) * axis.x + ($0.y - origin.y) * axis.y }
        return (projections.min() ?? 0, projections.max() ?? 0)
    }
}
