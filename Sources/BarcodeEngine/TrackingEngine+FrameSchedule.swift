import BarcodeDecoding
import BarcodeTracking

extension TrackingEngine {
    /// What a frame searches, decided under the state's lock before any job is listed.
    ///
    /// The decisions are made together because they depend on one another (a resting frame
    /// searches nothing, a fixed camera's changed view replaces the due whole-frame search, the
    /// read sent ahead must be the search the schedule now asks for) and on the state as the
    /// previous frame left it; the jobs are listed from this value alone, outside the lock.
    struct FrameSchedule {
        /// The frame's pixels and the part of them searched (frame pixels).
        let image: LumaImage
        let bounds: Rect
        /// The tracks expected in the frame, lost ones left out.
        let live: [TrackedBarcode]
        /// The frame's time (seconds).
        let time: Double
        /// The engine's count of frames, this one included.
        let frameIndex: Int
        /// What each track's following remembered from the frame before.
        let memory: [TrackID: TrackMemory]
        /// The short 1-D codes read whole lately (``confirmedShortCodes(at:)``).
        let confirmed: Set<ShortCode>
        /// When the frame's detection started, and when its reads in reader processes are
        /// carried over (``TrackingEngineConfiguration/lateReadTime``).
        let frameStart: ContinuousClock.Instant
        let deadline: ContinuousClock.Instant?
        /// Reads carried over from earlier frames: answered by the frame's start, and still reading.
        let lateAnswered: [LateRead]
        let lateWaiting: [LateRead]
        /// The tracked codes painted out of searches for new ones (``hidingMask(for:)``).
        let known: [Quadrilateral]
        /// The frame's block means, when something looks at how the view changes.
        let means: LumaImage?
        let stillness: (stillFor: Double?, spell: Int)?
        /// Whether the frame rests (``isResting(live:stillness:lateWaiting:at:_:)``).
        let resting: Bool
        /// The strip and tile due, if any (``DiscoverySchedule``).
        let stripIndex: Int?
        let tileIndex: Int?
        /// The whole-frame search due, if any.
        let whole: WholeFrameSearch?
        /// The reads sent ahead taken and to send (``readAhead(_:frame:whole:identity:bounds:live:affordable:reducible:)``).
        let ahead: ReadAhead
        /// Whether the 1-D rows are read because 1-D codes were seen lately.
        let linearRows: Bool
        /// Where a fixed camera's view changed: its boxes, their bands of rows, and whether they
        /// are searched in place of the due whole-frame search.
        let changed: (boxes: [Rect], bands: [Rect], searched: Bool)?

        /// Whether the whole frame is searched at full resolution: it reads every new code the
        /// smaller searches would.
        var searchAll: Bool { whole == .fullResolution }
    }

    /// Decides what `frame` searches (``FrameSchedule``), or `nil` when `region` lies outside it.
    func schedule(_ frame: Frame, region: Rect?, expected: [TrackedBarcode]) -> FrameSchedule? {
        let image = frame.image
        guard let bounds = region.flatMap({ $0.intersection(image.bounds) }) ?? Optional(image.bounds) else { return nil }
        let live = expected.filter { $0.state != .lost }
        // The whole frame is searched (tracked codes hidden) every
        // `wholeFrameInterval` frames whatever is tracked, and every
        // `idleWholeFrameInterval` frames while nothing is (every `lostWholeFrameInterval` while
        // nothing tracked was measured in the previous frame): every part of the frame at
        // every code size, up to a code filling it, within a bounded number of frames.
        // Frames in between search code-like regions, a strip (1-D) and a tile (2-D), for
        // new codes and the rows and small symbols a whole-frame scan misses.
        let reduction = configuration.reducedWholeFrameFactor
        let reducible = reduction > 1 && min(bounds.width, bounds.height) >= Double(240 * reduction)
        let (number, time) = (frame.number, frame.time)
        let steadyNow = isSteady(live, bounds: bounds)
        let confirmed = confirmedShortCodes(at: time)
        // A live frame's time is up at `lateReadTime`: reads in reader processes still reading
        // then are carried over (``LateRead``); those carried earlier and answered by now are taken.
        let frameStart = ContinuousClock.now
        let deadline = configuration.lateReadTime.map { frameStart + .seconds($0) }
        let (lateAnswered, lateWaiting) = Self.answered(state.withLock { $0.late.reads })
        // The quad itself, not its bounding box: a tilted code's box covers its
        // neighbours, and a sheet of identical labels sits a few pixels apart.
        // Only codes measured in the previous frame: one that following lost (predicted
        // only) stays visible, so that discovery can find it again where it really is.
        let known: [Quadrilateral] = live.filter { $0.barcode != nil && $0.state == .tracked }.map { track in
            Self.hidingMask(for: track.predictedLocation)
        }
        let means =
            configuration.readsStandingViewsHarder || configuration.restsWhileStill || configuration.searchesWhereViewChanged
            ? StillnessMeter.blockMeans(image) : nil
        // A still view with nothing tracked rests: no search but the spell's sweeps. A fixed
        // camera's view is searched where it changed (``ChangeMap``).
        let (stillness, resting, change) = state.withLock { state in
            let stillness = measureStillness(means, at: time, &state.standing)
            let resting = isResting(live: live, stillness: stillness, lateWaiting: lateWaiting, at: time, &state.standing)
            // Nor is anything read ahead for the next frame, which will most likely rest.
            if configuration.restsWhileStill, Self.mayRest(with: live), stillness?.stillFor != nil { state.lookahead.upcoming = nil }
            let change: ChangeMap.Decision =
                resting || !configuration.searchesWhereViewChanged
                ? .usual
                : means.map {
                    state.changes.decide(
                        $0, hiding: known.map(\.boundingBox), bounds: bounds, at: time,
                        sweepInterval: configuration.changeSweepInterval)
                } ?? .usual
            return (stillness, resting, change)
        }
        return state.withLock { state in
            state.frameIndex += 1
            state.late.reads = lateWaiting
            let frame = state.frameIndex
            let warmingUp = frame <= configuration.warmUpFrames
            // Spare time: the whole frame on every frame whose measured cost fits the budget
            // (not on a fixed camera's view searched where it changed: it would read the same).
            let affordable =
                change == .usual
                && configuration.frameTimeBudget.flatMap { budget in state.pace.wholeFrameCost.map { $0 <= budget } } ?? false
            // Steady by the codes of the frame before: the read sent ahead for this frame was
            // decided by them too. None while a whole-frame read carried over is still reading.
            var whole =
                !lateWaiting.isEmpty || resting
                ? nil
                : state.pace.schedule.wholeFrame(
                    at: frame, nothingTracked: live.isEmpty, allLost: !Self.measuresAny(live),
                    steady: state.pace.steadyBefore, forced: warmingUp || affordable || change == .sweep,
                    reducible: reducible, configuration)
            // A fixed camera's due whole-frame search reads where the view changed instead: 2-D
            // symbologies in the changed boxes' code-like parts, 1-D ones in the parts' bands of
            // rows, across the frame's width (the plan picks the parts). zxing-cpp thresholds a
            // row for 1-D codes by the whole row's histogram, so a box's shorter rows read
            // otherwise than the whole frame's (a 2 px-a-module EAN-13 that the whole frame read
            // was missed in a box and in the box's column).
            var changed: (boxes: [Rect], bands: [Rect], searched: Bool)?
            if case .changed(let boxes, let bands) = change, !warmingUp {
                changed = (boxes, bands, whole != nil)
                if whole != nil, let means, !bands.isEmpty { state.changes.searched(bands, means) }
                whole = nil
            } else if whole == .fullResolution, let means {
                state.changes.searchedWhole(means, at: time)
            }
            state.pace.steadyBefore = steadyNow
            let ahead = readAhead(
                &state, frame: frame, whole: whole, identity: (number, time), bounds: bounds, live: live,
                affordable: affordable, reducible: reducible)
            let scheduled = !resting && (whole != .fullResolution || warmingUp)
            let linearRows =
                !resting && whole != .fullResolution && configuration.linearRowsTime > 0
                && state.linear.lastMeasured.map { abs(time - $0) <= configuration.linearRowsTime } == true
            return FrameSchedule(
                image: image, bounds: bounds, live: live, time: time, frameIndex: frame, memory: state.memory,
                confirmed: confirmed, frameStart: frameStart, deadline: deadline, lateAnswered: lateAnswered,
                lateWaiting: lateWaiting, known: known, means: means, stillness: stillness, resting: resting,
                stripIndex: scheduled ? state.pace.schedule.strip(at: frame, configuration) : nil,
                tileIndex: scheduled ? state.pace.schedule.tile(at: frame, configuration) : nil,
                whole: whole, ahead: ahead, linearRows: linearRows, changed: changed)
        }
    }
}
