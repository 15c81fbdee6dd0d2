/// Settings of a ``Tracker``. Distances are in frame pixels, times in seconds.
///
/// Build one, change what you need, and hand it to ``Tracker/init(configuration:)``,
/// which rejects nonsensical values with a ``TrackingError``.
public struct TrackerConfiguration: Sendable, Hashable {
    /// How long a track that is not measured keeps being reported (as
    /// ``TrackState/predictedOnly``, extrapolated) before it is removed. Default 0.5 s.
    public var coastTime: Double = 0.5
    /// Smallest association gate: a detection whose centre is farther than this
    /// from a track's predicted centre never continues that track. Default 24 px.
    public var minimumGateDistance: Double = 24
    /// The gate grows with the code: `gateSizeFactor` × the code's size (square
    /// root of its area), when that is larger than ``minimumGateDistance``. Default 1.5.
    public var gateSizeFactor: Double = 1.5
    /// How long (seconds since its last measurement) a removed decoded track is
    /// remembered: a code read again within this time gets its id back when nothing else
    /// carries its payload (no track, no other remembered track, no other read of the
    /// frame) and the payload was never read at two spots of one frame: a code that left
    /// the view in a whip pan, a zoom or a look elsewhere and came back (the symbology
    /// sheet's photo scenes: after 4-7.5 s). A payload seen on two labels at once
    /// (identical labels) never takes an id back by payload: such a label takes it back by
    /// its place among the codes around it (``placeAmongOthersGateFactor``) or not at all. Identical
    /// labels that are never in view together (a conveyor of one product, one label at a
    /// time) cannot be told apart: the next one read within this time takes the previous
    /// one's id; set 0 when each must get its own. 0 = never. Default 30 s.
    public var identityMemory: Double = 30
    /// A decoded code back in view whose payload cannot give its id back (identical labels:
    /// the payload was read at two spots of one frame, or another label carries it) takes
    /// back the id of a remembered code of its payload when it appears where that code
    /// should be now, as the codes measured around it before it was lost (up to six, which
    /// are measured again in this frame, or else placed by the codes measured around them)
    /// place it: within `placeAmongOthersGateFactor` × the usual gate of that place (twice
    /// that when no other remembered label of the payload is placed within three times as
    /// far: a place from few or old anchors can be off by more), and less than half as far
    /// from it as from the place of any other remembered label of the payload. A code lost
    /// with no other code in view never does. The place also says when a read of a payload
    /// seen on one label so far is a second label (more than two gates from the first one's
    /// place). Needs ``identityMemory`` > 0. 0 = off. Default 0.5 (with the default
    /// ``gateSizeFactor``, 0.75 × the code's size).
    public var placeAmongOthersGateFactor: Double = 0.5
    /// A decoded detection whose payload is carried by one track only, and read once in
    /// the frame, continues that track within `reacquisitionGateFactor` × the usual gate:
    /// the same code read again after the view jumped further than the gate between two
    /// frames (a whip pan, a camera at a few frames per second, a paced run that dropped
    /// frames) keeps its identifier instead of starting a second track. 1 = no widening.
    /// Default 3.
    public var reacquisitionGateFactor: Double = 3
    /// Where several tracks carry one payload (identical labels side by side), a decoded
    /// detection of that payload continues one of them only within
    /// `identicalLabelsGateFactor` × the usual gate: a read about one label's pitch from a
    /// track's prediction is more likely the next label (one coming into view while its
    /// neighbour went unmeasured for a frame) than that track's label moved so far. 1 = the
    /// usual gate. Default 0.5 (with the default ``gateSizeFactor``, 0.75 × the code's size).
    public var identicalLabelsGateFactor: Double = 0.5
    /// A decoded detection at least `identicalLabelsGateFactor` × the usual gate from the
    /// prediction of a track with its payload continues it only if the view can have moved
    /// that far: not when it is more than `unexplainedJumpFactor` × the distance the fastest
    /// other code measured in the last frame moved in the time since the track was measured.
    /// Such a read is another label with the payload coming into view while the track's own
    /// label went unread (the Micro QR clip's sheet of `COPIES`), not the code jumping while
    /// every other code crept. No other code measured in the last frame: no limit. 0 = off.
    /// Default 3.
    public var unexplainedJumpFactor: Double = 3
    /// A measurement farther than `jumpSizeFactor` × the code's size from the
    /// prediction is a jump: the track continues but
    /// ``TrackedBarcode/shouldAnimateFromPreviousToNextState`` is false. Default 0.5.
    public var jumpSizeFactor: Double = 0.5
    /// Weight of a new velocity measurement against the running estimate
    /// (1 = use the latest measurement only). Default 0.7.
    public var velocitySmoothing: Double = 0.7
    /// Weight of a new frame interval in the running estimate that gives
    /// ``TrackedBarcode/deltaTimeForPrediction``. Default 0.25.
    public var frameIntervalSmoothing: Double = 0.25
    /// Frame interval assumed until two frames have been seen. Default 1/30 s.
    public var initialFrameInterval: Double = 1.0 / 30.0
    /// Whether located-but-undecoded detections that match no track start tracks
    /// of their own (with `barcode == nil`). Default true.
    public var tracksLocatedOnlyCodes: Bool = true

    /// The defaults documented on each property.
    public init() {}

    /// Checks every value; throws ``TrackingError/Code-swift.struct/invalidConfiguration`` naming the first bad one.
    public func validate() throws(TrackingError) {
        func check(_ ok: Bool, _ message: String) throws(TrackingError) {
            if !ok { throw TrackingError(.invalidConfiguration, message) }
        }
        try check(coastTime.isFinite && coastTime >= 0, "coastTime \(coastTime) must be a finite number of seconds ≥ 0")
        try check(minimumGateDistance.isFinite && minimumGateDistance > 0,
                  "minimumGateDistance \(minimumGateDistance) must be a positive number of frame pixels")
        try check(gateSizeFactor.isFinite && gateSizeFactor >= 0, "gateSizeFactor \(gateSizeFactor) must be ≥ 0")
        try check(identityMemory.isFinite && identityMemory >= 0,
                  "identityMemory \(identityMemory) must be a finite number of seconds ≥ 0")
        try check(identicalLabelsGateFactor.isFinite && identicalLabelsGateFactor > 0 && identicalLabelsGateFactor <= 1,
                  "identicalLabelsGateFactor \(identicalLabelsGateFactor) must be a number in (0, 1]")
        try check(placeAmongOthersGateFactor.isFinite && placeAmongOthersGateFactor >= 0 && placeAmongOthersGateFactor <= 1,
                  "placeAmongOthersGateFactor \(placeAmongOthersGateFactor) must be a number in [0, 1]")
        try check(unexplainedJumpFactor.isFinite && unexplainedJumpFactor >= 0,
                  "unexplainedJumpFactor \(unexplainedJumpFactor) must be a finite number ≥ 0")
        try check(reacquisitionGateFactor.isFinite && reacquisitionGateFactor >= 1,
                  "reacquisitionGateFactor \(reacquisitionGateFactor) must be a finite number ≥ 1")
        try check(jumpSizeFactor.isFinite && jumpSizeFactor > 0, "jumpSizeFactor \(jumpSizeFactor) must be > 0")
        try check(velocitySmoothing > 0 && velocitySmoothing <= 1, "velocitySmoothing \(velocitySmoothing) must be in (0, 1]")
        try check(frameIntervalSmoothing > 0 && frameIntervalSmoothing <= 1,
                  "frameIntervalSmoothing \(frameIntervalSmoothing) must be in (0, 1]")
        try check(initialFrameInterval.isFinite && initialFrameInterval > 0,
                  "initialFrameInterval \(initialFrameInterval) must be a positive number of seconds")
    }
}
