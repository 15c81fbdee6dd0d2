import FrameSources
public import BarcodeTracking

/// A ``FrameSource`` that plays a ``PhotoScene`` from frame 1 to its last frame.
///
/// Not live: frames are rendered on demand. The ground truth of the frame just
/// delivered is in ``lastGroundTruth``; that of any frame comes from
/// ``PhotoScene/groundTruth(frame:)``.
public final class PhotoSceneSource: FrameSource {
    /// The scene being played.
    public let scene: PhotoScene
    /// Ground truth of the frame most recently delivered.
    public private(set) var lastGroundTruth: GroundTruthFrame?
    private var next = 1
    private var closed = false

    /// Plays `scene`.
    public init(scene: PhotoScene) { self.scene = scene }

    /// "photo:<motion path>:<codes>codes:seed<seed>".
    public var name: String {
        let c = scene.configuration
        return "photo:\(c.path.rawValue):\(scene.codes.count)codes:seed\(c.seed)"
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
