/// A producer of frames: a camera, a media file, a synthetic scene.
///
/// A source is owned by one thread at a time (the pipeline's capture thread);
/// it is not `Sendable`, and the pipeline takes it over with `sending`.
public protocol FrameSource: AnyObject {
    /// A short description for messages, e.g. the device path or file name.
    var name: String { get }
    /// Whether frames arrive in real time whether or not they are consumed
    /// (a camera). Live sources are never waited for: when processing falls
    /// behind, the pipeline works on the newest frame and counts the rest as dropped.
    var isLive: Bool { get }
    /// The rate frames are meant to arrive at (frames per second): a camera's negotiated rate, a
    /// file's nominal rate; `nil` when unknown (the default). A live source's rate sets the
    /// engine's time budget per frame (see `FrameProcessor`'s engine initializer).
    var nominalFrameRate: Double? { get }
    /// Frames that could not be decoded and were skipped so far (corrupt data).
    var damagedFrameCount: Int { get }
    /// The next frame, blocking until it is available; `nil` at the end of the stream.
    ///
    /// Throws when the source fails for good (device unplugged, file unreadable);
    /// frames delivered before stay valid. Corrupt single frames are skipped
    /// and counted in `damagedFrameCount`, not thrown.
    func nextFrame() throws -> Frame?
    /// Releases the device or file. Further calls to `nextFrame` return `nil`.
    func close()
    /// The frames skipped as damaged since the last call, in order, with the numbers and times
    /// they would have had: a damaged frame keeps its number, the frames after it are not
    /// renumbered. Already counted in ``damagedFrameCount``; the pipeline reports each as
    /// ``FrameProcessorEvent/skipped(_:)``. Called on the capture thread after `nextFrame()`.
    /// Default: none (a source that cannot tell which frames it lost).
    func takeDamagedFrames() -> [SkippedFrame]
}

extension FrameSource {
    /// Unknown.
    public var nominalFrameRate: Double? { nil }

    /// None: the source cannot tell which frames it lost, only how many (``damagedFrameCount``).
    public func takeDamagedFrames() -> [SkippedFrame] { [] }
}
