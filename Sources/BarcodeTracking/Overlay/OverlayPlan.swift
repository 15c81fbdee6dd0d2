/// Where one overlay of one tracked code goes in one frame.
///
/// Geometry is in the planner's target space: frame pixels, or view points when
/// the planner has a `ViewTransform`. A plain value: no allocation to build or copy.
public struct OverlayPlan: Hashable, Sendable {
    /// The tracked code this plan is for.
    public var trackID: TrackID
    /// The overlay rectangle for the code's current location (axis-aligned, target space).
    public var rect: Rect
    /// The overlay rectangle for the code's predicted location, `deltaTime` seconds later (target space).
    public var predictedRect: Rect
    /// The oriented overlay (aligned with the code's own axes) for the current
    /// location, when the planner's orientation is `.oriented`; otherwise `nil`.
    public var oriented: Quadrilateral?
    /// The oriented overlay for the predicted location, when the planner's orientation is `.oriented`.
    public var predictedOriented: Quadrilateral?
    /// Seconds to animate from the current plan to the predicted one (frame-clock seconds).
    public var deltaTime: Double
    /// Whether to animate from the previous plan to this one (`true`) or jump to it
    /// (`false`, after a corner-order change or a jump of the code).
    public var shouldAnimate: Bool
    /// Whether the code was measured in this frame, only predicted, or lost.
    public var state: TrackState
    /// Whether the app rejected the code, so the overlay can be styled accordingly.
    public var isRejected: Bool
    /// Whether the code has been decoded (as opposed to located only).
    public var isDecoded: Bool

    /// Creates a plan.
    public init(
        trackID: TrackID, rect: Rect, predictedRect: Rect, oriented: Quadrilateral? = nil,
        predictedOriented: Quadrilateral? = nil, deltaTime: Double, shouldAnimate: Bool,
        state: TrackState, isRejected: Bool, isDecoded: Bool
    ) {
        self.trackID = trackID
        self.rect = rect
        self.predictedRect = predictedRect
        self.oriented = oriented
        self.predictedOriented = predictedOriented
        self.deltaTime = deltaTime
        self.shouldAnimate = shouldAnimate
        self.state = state
        self.isRejected = isRejected
        self.isDecoded = isDecoded
    }

    /// The current overlay as a quadrilateral: the oriented one when planned, else the rectangle's corners.
    public var outline: Quadrilateral { oriented ?? Quadrilateral(rect) }
}
