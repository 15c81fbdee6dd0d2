import BarcodeDecoding
public import BarcodeTracking

extension TrackingEngine {
    /// The next frame's whole-frame search, sent to a reader process at the start of the
    /// current frame's detection (``prepare(next:)``).
    struct SentWholeFrame: Sendable {
        /// The engine's index (from 1) of the frame it reads.
        let frame: Int
        /// The rectangle searched (frame pixels).
        let bounds: Rect
        /// How the frame is searched whole.
        let search: WholeFrameSearch
        /// The read, sent.
        let read: PendingSearch
        /// The frame's number and time, to tell it from another one.
        let number: Int, time: Double
    }

    /// Names the frame the next ``report(in:region:expected:)`` call after the current one
    /// will be given, before the current one is detected: when that frame will be due a
    /// whole-frame search if what is tracked stays tracked (a view empty for two frames,
    /// empty), and the search reads in a reader process, it is sent at the start of the
    /// current frame's detection, so that the reader process reads while this frame's and the
    /// next frame's other jobs run on the cores; the next frame takes its answer if it is the
    /// search that frame is due (otherwise the answer is dropped). The next frame's
    /// code-likeness map is made among the current frame's jobs too, instead of before the
    /// next frame's. Detections are the same with or without it: the tracked 1-D codes painted
    /// out of a whole-frame search are always where the frame before expected them. Call on the
    /// frame-processing queue, before ``report(in:region:expected:)`` for the current frame;
    /// a pipeline that does not know its next frame (a live camera) never calls it.
    public func prepare(next frame: Frame) {
        state.withLock { $0.lookahead.upcoming = frame }
    }

    /// How many whole-frame searches so far had their read sent ahead (``prepare(next:)``)
    /// and taken by the frame they were for.
    package var wholeFrameReadsSentAhead: Int { state.withLock { $0.lookahead.wholeFrameReadsSentAhead } }

    /// How many frames so far used a code-likeness map made among the previous frame's jobs
    /// (``prepare(next:)``).
    package var likenessMapsMadeAhead: Int { state.withLock { $0.lookahead.likenessMapsMadeAhead } }

    /// The quads of the tracked 1-D codes in `live` at their predictions, grown by
    /// ``hidingMask(for:)``: where they are painted out of this frame's whole-frame search.
    static func linearMasks(_ live: [TrackedBarcode]) -> [Quadrilateral] {
        trackedLinear(live).map { hidingMask(for: $0.predictedLocation) }
    }

    /// Whether a code of `live` was measured in the previous frame. While none was, the whole
    /// frame is searched every ``TrackingEngineConfiguration/lostWholeFrameInterval`` frames:
    /// after a whip pan that every track lost, the tracks left predicted only keep their
    /// identities but no longer hold the whole-frame search to its tracking interval, when
    /// every code in view is to be found again.
    static func measuresAny(_ live: [TrackedBarcode]) -> Bool {
        live.contains { $0.state == .tracked }
    }

    /// The decoded 1-D codes in `live` measured in the previous frame: those painted out of whole-frame searches.
    static func trackedLinear(_ live: [TrackedBarcode]) -> [TrackedBarcode] {
        live.filter { $0.state == .tracked && $0.barcode?.symbology.isLinear == true }
    }

    /// Where the tracked 1-D codes in `live` will be painted out of the next frame's
    /// whole-frame search: their predictions moved one frame further (by their velocity over
    /// their prediction's time), grown by ``hidingMask(for:)``.
    static func nextFrameMasks(_ live: [TrackedBarcode]) -> [Quadrilateral] {
        trackedLinear(live).map { track in
            hidingMask(for: track.predictedLocation.translated(by: track.velocity * track.deltaTimeForPrediction))
        }
    }

    /// What ``readAhead(_:frame:whole:identity:bounds:live:affordable:reducible:)`` decided for
    /// a frame, to act on once the state's lock is let go.
    struct ReadAhead {
        /// The tracked 1-D codes painted out of this frame's whole-frame search.
        let hidden: [Quadrilateral]
        /// This frame's whole-frame read, sent at the previous frame.
        let sent: PendingSearch?
        /// A read sent ahead that is not this frame's search: its answer is taken and dropped.
        let unused: PendingSearch?
        /// The next frame's whole-frame search to send now: how, of which frame, with what painted out.
        let next: (search: WholeFrameSearch, frame: Frame, hidden: [Quadrilateral])?
        /// This frame's code-likeness map, made among the previous frame's jobs.
        let map: CodeLikenessMap?
        /// The next frame, whose code-likeness map is made among this frame's jobs.
        let mapNext: Frame?
    }

    /// Under the state's lock, at engine frame `frame` (whose number and time are `identity`)
    /// due the whole-frame search `whole`: takes the read sent ahead for it, if it is that
    /// search of that frame, and decides whether the next frame's search is sent now (the
    /// pipeline named that frame, and it is due one if what is tracked stays tracked), before
    /// this frame's jobs: the reader process then reads while they and the next frame's run.
    /// Takes the code-likeness map made for this frame, and names the next frame for its own.
    func readAhead(_ state: inout State, frame: Int, whole: WholeFrameSearch?, identity: (number: Int, time: Double), bounds: Rect,
                   live: [TrackedBarcode], affordable: Bool, reducible: Bool) -> ReadAhead {
        // Painted out where the previous frame expected the codes now, so that the search
        // reads the same whether it was sent ahead or not.
        let hidden = state.lookahead.nextMasks.flatMap { $0.frame == frame ? $0.masks : nil } ?? Self.linearMasks(live)
        let nextHidden = Self.nextFrameMasks(live)
        state.lookahead.nextMasks = (frame + 1, nextHidden)
        let sent = state.lookahead.sentWhole.flatMap { sent in
            sent.frame == frame && sent.search == whole && sent.bounds == bounds && sent.number == identity.number
                && sent.time == identity.time ? sent.read : nil
        }
        // One that is not (the codes were lost, or the pipeline named another frame).
        let unused = sent == nil ? state.lookahead.sentWhole?.read : nil
        state.lookahead.sentWhole = nil
        if sent != nil { state.lookahead.wholeFrameReadsSentAhead += 1 }
        var next: (WholeFrameSearch, Frame, [Quadrilateral])?
        // Not for a fixed camera's view searched where it changed: its next frame most likely
        // reads changed boxes, not the whole frame.
        if let upcoming = state.lookahead.upcoming, configuration.readsWholeFrameAhead, configuration.frameTimeBudget == nil,
           !state.changes.drivesSearch, configuration.lateReadTime == nil, full.readsInReaderProcesses {
            // The schedule as it will decide the next frame if what is tracked stays tracked,
            // left unchanged. An empty view counts as staying empty once it was empty at the
            // frame before too: a first frame, or the first after the codes were lost, often
            // finds codes, and the read sent for the next frame would be a whole read dropped
            // (60-frame synthetic scenes: 720p-3-slow 3.73 → 3.06×; after two empty frames,
            // the photo scenes +0-15%, the Aztec clip +6%).
            var schedule = state.pace.schedule
            let warmingUp = frame + 1 <= configuration.warmUpFrames
            // `pace.steadyBefore` holds this frame's steadiness by now: what the next frame goes by.
            next = schedule.wholeFrame(at: frame + 1, nothingTracked: live.isEmpty && state.lookahead.emptyBefore,
                                       allLost: !Self.measuresAny(live) && state.lookahead.emptyBefore, steady: state.pace.steadyBefore,
                                       forced: warmingUp || affordable, reducible: reducible, configuration)
                .map { ($0, upcoming, nextHidden) }
        }
        let map = state.lookahead.nextMap.flatMap { $0.number == identity.number && $0.time == identity.time ? $0.map : nil }
        state.lookahead.nextMap = nil
        if map != nil { state.lookahead.likenessMapsMadeAhead += 1 }
        let mapNext = configuration.candidateRegionsPerFrame > 0 ? state.lookahead.upcoming : nil
        state.lookahead.upcoming = nil
        state.lookahead.emptyBefore = !Self.measuresAny(live)
        return ReadAhead(hidden: hidden, sent: sent, unused: unused, next: next, map: map, mapNext: mapNext)
    }

    /// Acts on `ahead` outside the state's lock: drops an unused read (taking its answer keeps
    /// its reader process), and sends the next frame's whole-frame read over `bounds`.
    func sendAhead(_ ahead: ReadAhead, frame: Int, bounds: Rect, confirmed: Set<ShortCode>) {
        _ = try? ahead.unused?.finish()
        if let (search, upcoming, hidden) = ahead.next, upcoming.image.bounds.contains(bounds) {
            let factor = search == .fullResolution ? 1 : configuration.reducedWholeFrameFactor
            if let read = PendingSearch(upcoming.image, in: bounds, hiding: hidden, with: full, reducedBy: factor,
                                          confirmed: confirmed) {
                let sent = SentWholeFrame(frame: frame + 1, bounds: bounds, search: search, read: read,
                                          number: upcoming.number, time: upcoming.time)
                state.withLock { $0.lookahead.sentWhole = sent }
            }
        }
    }
}
