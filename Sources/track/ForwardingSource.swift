import BarcodeTracking

/// A source that wraps another and changes only how its frames are handed out (limited, paced,
/// observed): it passes on the other's name, liveness, rate, damaged frames and closing, unless
/// it says otherwise.
protocol ForwardingSource: FrameSource {
    /// The source whose frames this one hands out.
    var base: any FrameSource { get }
}

extension ForwardingSource {
    /// The wrapped source's name.
    var name: String { base.name }
    /// Whether the wrapped source is live.
    var isLive: Bool { base.isLive }
    /// The wrapped source's rate.
    var nominalFrameRate: Double? { base.nominalFrameRate }
    /// The wrapped source's count of damaged frames.
    var damagedFrameCount: Int { base.damagedFrameCount }
    /// The wrapped source's damaged frames.
    func takeDamagedFrames() -> [SkippedFrame] { base.takeDamagedFrames() }
    /// Closes the wrapped source.
    func close() { base.close() }
}
