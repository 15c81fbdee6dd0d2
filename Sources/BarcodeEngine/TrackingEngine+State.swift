import BarcodeDecoding
import BarcodeTracking

extension TrackingEngine {
    /// What the engine keeps from one frame to the next, behind its lock (``TrackingEngine/state``).
    ///
    /// Grouped by the feature that reads and writes it, so that each feature's file touches its
    /// own part and a reader sees at a glance what a frame can change.
    struct State {
        /// The engine's count of frames.
        var frameIndex = 0
        /// What following remembers of each track (its template, how it was last read).
        var memory: [TrackID: TrackMemory] = [:]
        /// How often the whole frame and its strips and tiles are searched.
        var pace = Pace()
        /// The code-like regions and symbol outlines searched lately.
        var discovery = Discovery()
        /// Work done a frame ahead: the next frame's whole-frame read and code-likeness map.
        var lookahead = Lookahead()
        /// Reads in reader processes carried over to later frames.
        var late = LateReads()
        /// The 1-D codes read lately.
        var linear = LinearCodes()
        /// Sectional Code 39 (``TrackingEngineConfiguration/readsLongCode39InSections``).
        var code39 = Code39Stitching()
        /// The still view and its reads (``StandingReads``).
        var standing = StandingReads()
        /// Where a fixed camera's view changed since it was last searched (``ChangeMap``).
        var changes = ChangeMap()
    }
}

extension TrackingEngine.State {
    /// The discovery schedule, and what decides whether the whole frame is searched sooner
    /// than it says: the cost of a frame searched whole, against the frame's time budget, and
    /// how steady the view was.
    struct Pace {
        var schedule = DiscoverySchedule()
        /// Running average (seconds) of the whole detection on frames with the
        /// whole-frame search, for ``TrackingEngineConfiguration/frameTimeBudget``.
        var wholeFrameCost: Double?
        /// Whether the view was steady by the codes tracked at the previous frame's start
        /// (``TrackingEngine/isSteady(_:bounds:)``): what the whole-frame schedule of this frame
        /// goes by, as the read sent ahead at that frame did.
        var steadyBefore = false

        /// Adds a whole-frame search's cost (`seconds`) to ``wholeFrameCost``.
        mutating func recordWholeFrameCost(_ seconds: Double) {
            wholeFrameCost = wholeFrameCost.map { $0 + 0.25 * (seconds - $0) } ?? seconds
        }
    }

    /// Where discovery looked lately without finding a new code, so that it waits longer before
    /// it looks there again.
    struct Discovery {
        /// Candidate regions searched without finding a new code: where, when last,
        /// and how many times in a row (the wait before the next search doubles each time).
        var triedRegions: [(region: Rect, frame: Int, failures: Int)] = []
        /// Symbol outlines read upright lately, and when
        /// (``TrackingEngine/uprightOutline(in:bounds:known:frame:)``).
        var triedOutlines: [(region: Rect, frame: Int, failures: Int)] = []
        /// Regions read with their rows stretched lately, and when
        /// (``TrackingEngine/fineBarRegion(among:in:bounds:frame:)``).
        var triedFineBars: [(region: Rect, frame: Int, failures: Int)] = []
        /// The last frame with an upright read of a symbol outline.
        var lastOutlineFrame = Int.min / 2
        /// Wide regions read in a reader process lately, and when
        /// (``TrackingEngine/isolatedRegions(among:frame:)``).
        var isolatedRegions: [(region: Rect, frame: Int)] = []
    }

    /// The next frame's whole-frame read and code-likeness map, made during this frame
    /// (``TrackingEngine/prepare(next:)``), and what decides whether they are.
    struct Lookahead {
        /// The next frame's whole-frame search, sent ahead.
        var sentWhole: TrackingEngine.SentWholeFrame?
        /// Where the next frame's whole-frame search paints out tracked 1-D codes: its engine
        /// frame index and the masks (``TrackingEngine/nextFrameMasks(_:)``).
        var nextMasks: (frame: Int, masks: [Quadrilateral])?
        /// The frame ``TrackingEngine/prepare(next:)`` named, until the current frame's detection takes it.
        var upcoming: Frame?
        /// Whole-frame searches whose read was sent ahead and taken by their frame.
        var wholeFrameReadsSentAhead = 0
        /// The code-likeness map of the frame ``TrackingEngine/prepare(next:)`` named, made among
        /// the current frame's jobs, with that frame's number and time.
        var nextMap: (number: Int, time: Double, map: CodeLikenessMap)?
        /// Frames whose code-likeness map was made among the previous frame's jobs.
        var likenessMapsMadeAhead = 0
        /// Whether no code was measured at the previous frame (false before the first;
        /// ``TrackingEngine/measuresAny(_:)``).
        var emptyBefore = false
    }

    /// Searches carried over from earlier frames (``TrackingEngine/LateRead``), and counts of them.
    struct LateReads {
        /// Those still reading.
        var reads: [TrackingEngine.LateRead] = []
        /// Searches carried over so far, and those whose answer was taken.
        var carried = 0, taken = 0
    }

    /// The 1-D codes read lately: short ones read whole are trusted in later searches, and
    /// while any is in view the frame's 1-D rows are read.
    struct LinearCodes {
        /// The short 1-D codes read whole (``TrackingEngine/ShortCode``), and the frame time
        /// (seconds) each was last read at.
        var shortCodes: [TrackingEngine.ShortCode: Double] = [:]
        /// The frame time (seconds) a 1-D code was last measured at
        /// (``TrackingEngineConfiguration/linearRowsTime``).
        var lastMeasured: Double?
    }

    /// The sections of long Code 39 codes seen so far, and the payloads stitched from them.
    struct Code39Stitching {
        var stitcher = Code39Stitcher()
        var stitched: Set<String> = []
    }
}
