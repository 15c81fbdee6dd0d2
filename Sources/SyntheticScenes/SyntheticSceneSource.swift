public import FrameSources
public import BarcodeTracking

/// A ``FrameSource`` that plays a ``SyntheticScene`` from frame 1 to its last frame.
///
/// Not live: frames are produced on demand. The ground truth of the frame just
/// delivered is in ``lastGroundTruth``; that of any frame comes from
/// ``SyntheticScene/groundTruth(frame:)`` (nothing accumulates, so memory stays
/// flat however long the scene runs).
public final class SyntheticSceneSource: FrameSource {
    /// The scene being played.
    public let scene: SyntheticScene
    /// Ground truth of the frame most recently delivered.
    public private(set) var lastGroundTruth: GroundTruthFrame?
    private var next = 1
    private var closed = false

    /// Plays `scene`.
    public init(scene: SyntheticScene) { self.scene = scene }

    /// Builds and plays the scene described by `configuration`.
    public convenience init(_ configuration: SyntheticSceneConfiguration) throws(SourceError) {
        self.init(scene: try SyntheticScene(configuration))
    }

    /// "synthetic:<layout>:<codes>:seed<seed>".
    public var name: String {
        let c = scene.configuration
        return "synthetic:\(c.layout.rawValue):\(c.codeCount)codes:seed\(c.seed)"
    }

    /// Always false: frames are rendered on demand.
    public var isLive: Bool { false }
    /// Always 0: rendered frames are never damaged.
    public var damagedFrameCount: Int { 0 }

    /// Renders the next frame; `nil` after the last one or after `close()`.
    public func nextFrame() throws -> Frame? {
        guard !closed, next <= scene.configuration.frameCount else { return nil }
        let (frame, truth) = scene.render(frame: next)
        lastGroundTruth = truth
        next += 1
        return frame
    }

    /// Stops the scene.
    public func close() { closed = true }
}
