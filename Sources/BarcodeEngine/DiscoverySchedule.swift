/// When ``TrackingEngine`` searches for new codes while others are tracked.
///
/// Eager (every ``TrackingEngineConfiguration/linearDiscoveryInterval`` and
/// ``TrackingEngineConfiguration/discoveryInterval`` frames) for
/// ``TrackingEngineConfiguration/discoveryBackoffFrames`` frames after any search
/// past the first frame found a code nobody tracked (codes are arriving: a
/// conveyor, a camera panning onto new labels); relaxed (the `relaxed…` intervals) otherwise, when
/// the codes in view are known and searching mostly finds them again. Frames
/// while nothing is tracked get the whole-frame search instead, outside this schedule.
package struct DiscoverySchedule: Sendable {
    /// Frame index (from 1) of the last frame (after the first) that found a new code.
    private var lastNewCode = Int.min / 2
    private var lastStrip = Int.min / 2, lastTile = Int.min / 2, lastWholeFrame = Int.min / 2
    private var strips = 0, tiles = 0
    /// Whole-frame searches so far, and the count at the last one at full resolution.
    private var wholeFrames = 0, lastFullResolution = Int.min / 2

    /// A schedule that starts relaxed: the opening view is searched whole.
    package init() {}

    /// Whether a new code was found within the last ``TrackingEngineConfiguration/discoveryBackoffFrames`` frames.
    package func isEager(at frame: Int, _ configuration: TrackingEngineConfiguration) -> Bool {
        frame - lastNewCode <= configuration.discoveryBackoffFrames
    }

    /// The strip position (from 1) to search at `frame`, if a 1-D search is due.
    package mutating func strip(at frame: Int, _ configuration: TrackingEngineConfiguration) -> Int? {
        let interval = isEager(at: frame, configuration)
            ? configuration.linearDiscoveryInterval : configuration.relaxedLinearDiscoveryInterval
        guard frame - lastStrip >= interval else { return nil }
        lastStrip = frame
        strips += 1
        return strips
    }

    /// The tile index (from 0) to search at `frame`, if a 2-D search is due.
    package mutating func tile(at frame: Int, _ configuration: TrackingEngineConfiguration) -> Int? {
        let interval = isEager(at: frame, configuration) ? configuration.discoveryInterval : configuration.relaxedDiscoveryInterval
        guard frame - lastTile >= interval else { return nil }
        lastTile = frame
        tiles += 1
        return tiles - 1
    }

    /// How `frame` is searched whole, if it is: on every frame when `forced` (the
    /// warm-up, or a frame whose spare time pays for it; always at full resolution),
    /// otherwise ``TrackingEngineConfiguration/idleWholeFrameInterval`` frames after the
    /// last one while `nothingTracked`, ``TrackingEngineConfiguration/lostWholeFrameInterval``
    /// frames (if fewer than the tracked interval) while codes are tracked but `allLost` (none
    /// measured in the previous frame), ``TrackingEngineConfiguration/relaxedWholeFrameInterval``
    /// frames after it while the view is `steady` (see ``TrackingEngine``) and the schedule is
    /// not eager, and ``TrackingEngineConfiguration/wholeFrameInterval`` frames otherwise; every
    /// ``TrackingEngineConfiguration/fullResolutionWholeFrameInterval``-th of those at full
    /// resolution, the others reduced when `reducible` (a frame large enough); every one at
    /// full resolution while codes are tracked but `allLost`, with
    /// ``TrackingEngineConfiguration/lostWholeFrameAtFullResolution``.
    package mutating func wholeFrame(at frame: Int, nothingTracked: Bool, allLost: Bool = false, steady: Bool = false, forced: Bool = false,
                                     reducible: Bool = false, _ configuration: TrackingEngineConfiguration) -> WholeFrameSearch? {
        let tracked = steady && !isEager(at: frame, configuration)
            ? max(configuration.relaxedWholeFrameInterval, configuration.wholeFrameInterval) : configuration.wholeFrameInterval
        let interval = nothingTracked ? configuration.idleWholeFrameInterval
            : allLost ? min(configuration.lostWholeFrameInterval, tracked) : tracked
        guard forced || frame - lastWholeFrame >= interval else { return nil }
        lastWholeFrame = frame
        wholeFrames += 1
        let lostCodesInView = allLost && !nothingTracked && configuration.lostWholeFrameAtFullResolution
        let reduced = !forced && !lostCodesInView && reducible && configuration.reducedWholeFrameFactor > 1
            && wholeFrames - lastFullResolution < configuration.fullResolutionWholeFrameInterval
        if !reduced { lastFullResolution = wholeFrames }
        return reduced ? .reduced : .fullResolution
    }

    /// Records that the search at `frame` found a code nobody tracked.
    package mutating func foundNewCode(at frame: Int) {
        lastNewCode = frame
    }
}

/// How a frame is searched whole (``DiscoverySchedule/wholeFrame(at:nothingTracked:allLost:steady:forced:reducible:_:)``).
package enum WholeFrameSearch: Sendable, Equatable {
    /// The frame as it is, as decoding every frame reads it.
    case fullResolution
    /// The frame reduced by ``TrackingEngineConfiguration/reducedWholeFrameFactor``:
    /// large codes only; the frame's regions, strip and tile are searched as on a frame
    /// without a whole-frame search.
    case reduced
}
