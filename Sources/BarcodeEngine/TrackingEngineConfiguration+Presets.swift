extension TrackingEngineConfiguration {
    /// The defaults, with the whole-frame search schedule of `effort` (``TrackingEngineEffort``):
    /// ``wholeFrameInterval``, ``relaxedWholeFrameInterval``, ``idleWholeFrameInterval``,
    /// ``fullResolutionWholeFrameInterval`` and ``lostWholeFrameAtFullResolution``.
    /// `TrackingEngineConfiguration(effort: .balanced)` equals `TrackingEngineConfiguration()`.
    public init(effort: TrackingEngineEffort) {
        self.init()
        wholeFrameInterval = effort.wholeFrameInterval
        relaxedWholeFrameInterval = effort.relaxedWholeFrameInterval
        idleWholeFrameInterval = effort.idleWholeFrameInterval
        fullResolutionWholeFrameInterval = effort.fullResolutionWholeFrameInterval
        lostWholeFrameAtFullResolution = effort != .fast
    }

    /// Sets the live-source settings for frames arriving at `frameRate` (frames per second; a
    /// camera, or a file played in real time): ``frameTimeBudget`` to three quarters of the frame
    /// interval (the rest is left to tracking, output and the capture thread) and
    /// ``lateReadTime`` to 1.2 times that, 0.9 of the interval. A rate that is not a positive
    /// number leaves both unset. `FrameProcessor` applies it to a live source when neither is
    /// set; `track` applies it for cameras and `--realtime`.
    public mutating func adaptToLiveSource(frameRate: Double) {
        setFrameTimeBudget(Self.liveFrameTimeBudget(frameRate: frameRate))
    }

    /// Sets ``frameTimeBudget`` to `seconds` and ``lateReadTime`` to 1.2 times it (at most 10 s):
    /// with a budget of three quarters of the frame interval, a frame waits for its reads in
    /// reader processes up to 0.9 of the interval, then carries them over. `nil` unsets both.
    public mutating func setFrameTimeBudget(_ seconds: Double?) {
        frameTimeBudget = seconds
        lateReadTime = seconds.map { min(10, $0 * 1.2) }
    }

    /// Three quarters of the frame interval at `frameRate` (frames per second), in seconds,
    /// between 1 ms and 10 s; `nil` for a rate that is not a positive number.
    public static func liveFrameTimeBudget(frameRate: Double) -> Double? {
        frameRate.isFinite && frameRate > 0 ? min(10, max(0.001, 0.75 / frameRate)) : nil
    }
}
