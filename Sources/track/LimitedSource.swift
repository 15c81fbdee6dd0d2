import BarcodeTracking

/// `--frames N` and `--duration S`: the input ends after N frames, or before the first frame
/// S seconds (source clock) after the first one, exactly as if the file ended there.
///
/// The limit is applied where frames are read, not to the results: stopping the pipeline when
/// the N-th result came back let it read and process one more frame, so the summary counted
/// N + 1 and ended `stopped` or `end-of-input` at random.
final class LimitedSource: ForwardingSource {
    let base: any FrameSource
    private let frameLimit: Int?
    private let durationLimit: Double?
    private var delivered = 0
    private var firstTime: Double?
    private let clock: FrameClock?

    /// `clock`, when given, is told the moment each frame is handed to the pipeline.
    init(_ base: any FrameSource, frames: Int?, duration: Double?, clock: FrameClock? = nil) {
        self.base = base
        self.clock = clock
        frameLimit = frames
        durationLimit = duration
    }

    func nextFrame() throws -> Frame? {
        if let frameLimit, delivered >= frameLimit { return nil }
        guard let frame = try base.nextFrame() else { return nil }
        let start = firstTime ?? frame.time
        firstTime = start
        if let durationLimit, frame.time - start >= durationLimit { return nil }
        delivered += 1
        clock?.noteRead(frame.number)
        return frame
    }
}
