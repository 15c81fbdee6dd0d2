import Dispatch
import Synchronization

/// Where ``TrackingEngine``'s detection spends its time: wall time per kind of job,
/// summed over the jobs and frames since the collector was made (hand one to
/// ``TrackingEngine/init(options:configuration:jobTimes:)``; `track bench` does).
///
/// A frame's jobs run two or more at a time on the cores, so the kinds add up to more than
/// the frame's wall time; a read sent to a reader process (``ReadIsolation``) counts the
/// time the frame waited for its answer once its other jobs were done, not the reader's
/// own time. The timers cost two clock reads a job, and nothing without a collector.
public final class EngineJobTimes: Sendable {
    /// What a job was for.
    public enum Kind: String, CaseIterable, Sendable {
        /// The whole frame at full resolution (the baseline's own read).
        case wholeFrame = "whole frame"
        /// The whole frame reduced (``TrackingEngineConfiguration/reducedWholeFrameFactor``).
        case reducedWholeFrame = "whole frame reduced"
        /// The boxes where a fixed camera's view changed, read instead of a due whole-frame
        /// search (``TrackingEngineConfiguration/searchesWhereViewChanged``).
        case changedRegions = "changed regions"
        /// Building the code-likeness map and choosing the frame's code-like regions.
        case likenessMap = "likeness map"
        /// Reads of code-like regions (``TrackingEngineConfiguration/candidateRegionsPerFrame``).
        case regions
        /// The symbologies region reads leave to reader processes (`track`: PDF417), in the
        /// frame's widest code-like region when it is at least half again as wide as tall, in a
        /// reader process.
        case isolatedRegion = "region in reader process"
        /// Upright reads of slanted symbol outlines (``TrackingEngineConfiguration/readsSlantedOutlinesUpright``).
        case uprightOutlines = "upright outlines"
        /// Reads of code-like regions with their rows stretched (``TrackingEngineConfiguration/readsFineBarsStretched``).
        case fineBars = "fine bars stretched"
        /// Reads of windows around codes that following lost earlier.
        case reacquisition
        /// Reads of windows around codes that following lost in this frame.
        case reacquisitionAtOnce = "reacquisition at once"
        /// The 1-D strip of the discovery schedule.
        case strip
        /// The 1-D symbologies over the whole frame (``TrackingEngineConfiguration/linearRowsTime``).
        case linearRows = "1-D rows"
        /// The 2-D tile of the discovery schedule.
        case tile
        /// Following a decoded code: correlation, its window's reads, upright reads.
        case follow
        /// Following an undecoded (located-only) code.
        case locatedOnly = "located only"
        /// Outlines of undecodable codes (``TrackingEngineConfiguration/locatesUndecodedCodes``).
        case outlines
        /// Sectional Code 39 (``TrackingEngineConfiguration/readsLongCode39InSections``).
        case code39Sections = "code 39 sections"
    }

    /// One kind's total: seconds of wall time and number of jobs.
    public struct Total: Sendable, Equatable {
        /// Wall time, seconds.
        public var seconds: Double
        /// Jobs timed.
        public var jobs: Int
    }

    private let totals = Mutex<[Kind: Total]>([:])

    /// An empty collector.
    public init() {}

    /// Every kind timed so far, with its total.
    public var snapshot: [Kind: Total] { totals.withLock { $0 } }

    /// Runs `body`, adding its wall time to `kind`'s total, and one job unless `counting` is
    /// false (a part of a job that is timed apart, such as the likeness map made before the
    /// frame's regions are picked from it).
    func time<T>(_ kind: Kind, counting: Bool = true, _ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        defer {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds &- start) / 1e9
            totals.withLock { totals in
                var total = totals[kind] ?? Total(seconds: 0, jobs: 0)
                total.seconds += seconds
                if counting { total.jobs += 1 }
                totals[kind] = total
            }
        }
        return try body()
    }
}

extension TrackingEngine {
    /// `body`'s result, its wall time added to ``jobTimes`` under `kind` (as a job unless
    /// `counting` is false) when there is a collector; without one, `body` alone (no clock read).
    func timed<T>(_ kind: EngineJobTimes.Kind, counting: Bool = true, _ body: () throws -> T) rethrows -> T {
        guard let jobTimes else { return try body() }
        return try jobTimes.time(kind, counting: counting, body)
    }
}
