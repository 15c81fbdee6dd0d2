/// Computes overlay plans for tracked codes: pure value math.
///
/// Steady-state planning does not allocate: `plan(_:into:)` reuses the
/// caller's output array. Use from any thread; it holds no state.
public struct OverlayPlanner: Hashable, Sendable {
    /// Where each overlay goes relative to its code.
    public var configuration: OverlayConfiguration
    /// Whether to also compute the oriented variant.
    public var orientation: OverlayOrientation
    /// When set, codes are mapped to view points first and plans are in view
    /// points (so `fixedPx` lengths are view points); when `nil`, plans are in frame pixels.
    public var viewTransform: ViewTransform?

    /// Creates a planner; defaults to the default configuration, axis-aligned, in frame pixels.
    public init(
        configuration: OverlayConfiguration = .default, orientation: OverlayOrientation = .axisAligned,
        viewTransform: ViewTransform? = nil
    ) {
        self.configuration = configuration
        self.orientation = orientation
        self.viewTransform = viewTransform
    }

    /// The plan for one tracked code (current and predicted location).
    public func plan(for track: TrackedBarcode) -> OverlayPlan {
        var current = track.location, predicted = track.predictedLocation
        if let transform = viewTransform {
            current = transform.viewQuadrilateral(fromFrame: current)
            predicted = transform.viewQuadrilateral(fromFrame: predicted)
        }
        var plan = OverlayPlan(
            trackID: track.id,
            rect: configuration.rectangle(around: current.boundingBox),
            predictedRect: configuration.rectangle(around: predicted.boundingBox),
            deltaTime: track.deltaTimeForPrediction,
            shouldAnimate: track.shouldAnimateFromPreviousToNextState,
            state: track.state, isRejected: track.isRejected, isDecoded: track.barcode != nil)
        if orientation == .oriented {
            plan.oriented = configuration.orientedQuadrilateral(around: current)
            plan.predictedOriented = configuration.orientedQuadrilateral(around: predicted)
        }
        return plan
    }

    /// Plans every track in `tracks`, in order, into `plans`.
    ///
    /// `plans` is emptied first but keeps its capacity, so calling this every
    /// frame with the same array does not allocate once it is big enough.
    public func plan(_ tracks: [TrackedBarcode], into plans: inout [OverlayPlan]) {
        plans.removeAll(keepingCapacity: true)
        for track in tracks {
            plans.append(plan(for: track))
        }
    }
}
