public import FrameSources
public import BarcodeTracking

/// A scene rendered frame by frame with its ground truth, from frame 1 to
/// ``frameCount``: what ``RenderedSceneSource`` plays.
public protocol RenderedScene: Sendable {
    /// Frames in the scene.
    var frameCount: Int { get }
    /// The source's ``BarcodeTracking/FrameSource/name`` while it plays this scene.
    var sourceName: String { get }
    /// Frame `number` (from 1) and its ground truth (frame pixels).
    func render(frame number: Int) -> (frame: Frame, truth: GroundTruthFrame)
}

/// A ``FrameSource`` that plays a ``RenderedScene`` from frame 1 to its last frame.
///
/// Not live: frames are produced on demand. The ground truth of the frame just
/// delivered is in ``lastGroundTruth``; that of any frame comes from the scene
/// (nothing accumulates, so memory stays flat however long the scene runs).
public final class RenderedSceneSource<Scene: RenderedScene>: FrameSource {
    /// The scene being played.
    public let scene: Scene
    /// Ground truth of the frame most recently delivered.
    public private(set) var lastGroundTruth: GroundTruthFrame?
    private var next = 1
    private var closed = false

    /// Plays `scene`.
    public init(scene: Scene) { self.scene = scene }

    /// The scene's ``RenderedScene/sourceName``.
    public var name: String { scene.sourceName }

    /// Always false: frames are rendered on demand.
    public var isLive: Bool { false }
    /// Always 0: rendered frames are never damaged.
    public var damagedFrameCount: Int { 0 }

    /// Moves past the next frame without rendering it: for a player that paces the scene like a
    /// camera and has fallen behind, the frame is dropped (its number stays unused, as a camera's
    /// driver leaves the sequence number of a frame it dropped). The last frame is never skipped,
    /// so that its number tells the consumer how many frames before it were dropped: false when
    /// the next frame is the last one, or after `close()`.
    public func skipFrame() -> Bool {
        guard !closed, next < scene.frameCount else { return false }
        next += 1
        return true
    }

    /// Renders the next frame; `nil` after the last one or after `close()`.
    public func nextFrame() throws -> Frame? {
        guard !closed, next <= scene.frameCount else { return nil }
        let (frame, truth) = scene.render(frame: next)
        lastGroundTruth = truth
        next += 1
        return frame
    }

    /// Stops the scene.
    public func close() { closed = true }
}

/// Plays a ``SyntheticScene``.
public typealias SyntheticSceneSource = RenderedSceneSource<SyntheticScene>
/// Plays a ``PhotoScene``.
public typealias PhotoSceneSource = RenderedSceneSource<PhotoScene>

extension RenderedSceneSource where Scene == SyntheticScene {
    /// Builds and plays the scene described by `configuration`.
    public convenience init(_ configuration: SyntheticSceneConfiguration) throws(SourceError) {
        self.init(scene: try SyntheticScene(configuration))
    }
}

extension SyntheticScene: RenderedScene {
    /// ``SyntheticSceneConfiguration/frameCount``.
    public var frameCount: Int { configuration.frameCount }
    /// "synthetic:<layout>:<codes>codes:seed<seed>".
    public var sourceName: String {
        "synthetic:\(configuration.layout.rawValue):\(configuration.codeCount)codes:seed\(configuration.seed)"
    }
}

extension PhotoScene: RenderedScene {
    /// ``PhotoSceneConfiguration/frameCount``.
    public var frameCount: Int { configuration.frameCount }
    /// "photo:<motion path>:<codes>codes:seed<seed>".
    public var sourceName: String { "photo:\(configuration.path.rawValue):\(codes.count)codes:seed\(configuration.seed)" }
}
