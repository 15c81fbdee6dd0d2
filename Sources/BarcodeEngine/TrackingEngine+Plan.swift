import BarcodeDecoding
import BarcodeTracking

extension TrackingEngine {
    /// A frame's jobs, in the order they are run and merged, with what the merge needs beside
    /// their outputs.
    ///
    /// The order of the jobs is part of the result: a later job's read of a code an earlier one
    /// read too is dropped as covered, so listing them otherwise changes what is reported.
    struct FramePlan {
        /// What the frame searches (``FrameSchedule``).
        let schedule: FrameSchedule
        /// The answers of reads carried over that had answered by the frame's start.
        let late: DetectionReport
        /// Every job of the frame, the longest first.
        let jobs: [Job]
        /// The code-like regions searched: the view holds codes, for a standing read.
        let regions: [Rect]
        /// The memory of tracks not followed in this frame (out of view, or resting), kept as it was.
        let unfollowed: [TrackID: TrackMemory]
        /// A resting frame's tracks, kept where they were (``keptWhileResting(_:)``).
        let keptResting: [Detection]
    }

    /// Decides what `frame` searches, sends the next frame's whole-frame read ahead, takes
    /// the answers of reads carried over, and lists the frame's jobs; `nil` when `region`
    /// lies outside the frame.
    func plan(_ frame: Frame, region: Rect?, expected: [TrackedBarcode]) throws -> FramePlan? {
        guard let schedule = schedule(frame, region: region, expected: expected) else { return nil }
        let (image, bounds, live, known) = (schedule.image, schedule.bounds, schedule.live, schedule.known)
        let (frameIndex, whole, ahead, changed, resting) =
            (schedule.frameIndex, schedule.whole, schedule.ahead, schedule.changed, schedule.resting)
        sendAhead(ahead, frame: frameIndex, bounds: bounds, confirmed: schedule.confirmed)
        let late = try take(schedule.lateAnswered)
        // A reduced whole-frame search leaves small codes to the frame's regions, strip and
        // tile, as on a frame without one.
        let searchAll = schedule.searchAll
        var jobs: [Job] = []
        func search(_ rect: Rect, known: [Quadrilateral], _ reader: BarcodeReader?, _ purpose: EngineJobTimes.Kind) {
            if let reader { jobs.append(.search(rect, known: known, with: reader, purpose: purpose)) }
        }
        // The whole-frame search first: the longest job starts first on the cores.
        // It is the baseline's own read (every symbology; zxing-cpp 1.4 does not read
        // quite the same when 1-D and 2-D are asked for separately), so nothing decoding
        // every frame would find is missed. Only tracked 1-D codes are painted out there:
        // each would cost zxing-cpp another pass, while painting out 2-D codes saves little
        // and made it miss codes the baseline read (photo scenes: a QR code at the frame's
        // edge, a large QR code beside tracked ones).
        if whole != nil {
            let purpose: EngineJobTimes.Kind = searchAll ? .wholeFrame : .reducedWholeFrame
            if let sent = ahead.sent {
                jobs.append(.sent(sent, purpose: purpose))
            } else {
                let factor = searchAll ? 1 : configuration.reducedWholeFrameFactor
                jobs.append(.search(bounds, known: ahead.hidden, with: full, reducedBy: factor, purpose: purpose))
            }
        }
        // Where a fixed camera's view changed, read as the whole frame would be, but only in the
        // changed boxes' code-like parts outside tracked codes (a carton moving changes the view
        // all over its plain sides): 2-D codes in the parts, 1-D codes in the parts' bands of rows.
        let changesSearched = changed?.searched == true
        let wantsRegions = !resting && configuration.candidateRegionsPerFrame > 0 && (!searchAll || matrixDiscovery != nil)
        // Made here for the changed parts; on a frame with regions, its time joins their job's below.
        let map =
            wantsRegions || changesSearched
            ? timed(.likenessMap, counting: !wantsRegions) { ahead.map ?? CodeLikenessMap(image) } : nil
        let partsByBox = changed.map { changed in
            changed.boxes.map { box in map.map { $0.codeLikeParts(of: box, hiding: known) } ?? [box] }
        }
        let parts = partsByBox?.flatMap { $0 }
        let bands = parts.map { ChangeMap.bands(of: $0, in: bounds) }
        if changesSearched, let partsByBox, let bands {
            for band in bands { search(band, known: ahead.hidden, linearDiscovery, .changedRegions) }
            for boxParts in partsByBox {
                guard let first = boxParts.first else { continue }
                for part in boxParts { search(part, known: ahead.hidden, matrixDiscovery, .changedRegions) }
                // One reader-process read a box, around its parts: reads sent at once beyond the
                // idle reader processes start new ones, tens of milliseconds on a live frame.
                let around = boxParts.dropFirst().reduce(first, ChangeMap.enclosing)
                search(around, known: ahead.hidden, isolatedRegionReader, .changedRegions)
            }
        }
        // The 1-D rows and the strip of a fixed camera's view within those bands; its tile within
        // those parts.
        // While 1-D codes are in view, the rows decoding every frame reads for them
        // (``TrackingEngineConfiguration/linearRowsTime``), on every frame the whole frame is
        // not read at full resolution; before any is seen (or long after the last), on those
        // frames where one of the rows runs through bar-like cells nobody tracks
        // (``linearRowsMayMatter(in:bounds:hiding:)``, on the code-likeness map below).
        let rowsMayMatter =
            !schedule.linearRows && whole != .fullResolution && configuration.linearRowsTime > 0 && linearDiscovery != nil
        // Beside a whole-frame search too, but for 2-D symbols only there (the
        // whole-frame read covers 1-D codes): zxing-cpp 1.4 reads small Data Matrix
        // and Aztec symbols in a region that it misses in the busy full frame.
        // The wide regions read for the symbologies left to reader processes (below).
        let readsIsolatedRegions = !searchAll && schedule.lateWaiting.isEmpty && isolatedRegionReader != nil
        let (regions, barLike, outline, rowsMatter, fineBars): ([Rect], [Rect], CodeLikenessMap.Outline?, Bool, (rect: Rect, turned: Bool)?) =
            !wantsRegions
            ? ([], [], nil, false, nil)
            : timed(.likenessMap) {
                let map = map ?? CodeLikenessMap(image)
                let outline =
                    configuration.readsSlantedOutlinesUpright && matrixDiscovery != nil
                    ? uprightOutline(in: map, bounds: bounds, known: known, frame: frameIndex) : nil
                let candidates = map.candidates(in: bounds, hiding: known)
                let regions = candidateRegions(among: candidates, bounds: bounds, frame: frameIndex)
                let barLike =
                    !readsIsolatedRegions ? [] : regions.filter { map.acrossShare(in: $0) >= Self.isolatedRegionAcrossShare }
                // A fixed camera's view only (searched where it changed): see ``fineBarRegion(among:in:bounds:frame:)``.
                let fineBars =
                    configuration.readsFineBarsStretched && linearDiscovery != nil && changed != nil
                    ? fineBarRegion(among: candidates, in: map, bounds: bounds, frame: frameIndex) : nil
                return (regions, barLike, outline, rowsMayMatter && Self.linearRowsMayMatter(in: map, bounds: bounds, hiding: known), fineBars)
            }
        // A frame whose changed boxes and bands are searched needs no rows, strip or tile: they lie
        // within those, read with the same readers.
        if schedule.linearRows || rowsMatter, !changesSearched, let rows = Self.within(bounds, bands) {
            search(rows, known: known, linearDiscovery, .linearRows)
        }
        if wantsRegions {
            for region in regions {
                search(region, known: known, searchAll ? matrixDiscovery : regionReader, .regions)
            }
            // The symbologies those reads leave out (read in reader processes: `track`'s
            // PDF417), in the regions at least half again as wide as tall whose edges run
            // mostly across (a PDF417 is wide and made of bars; a view of square 2-D codes,
            // print or circuit board then never pays the round trip, see
            // ``isolatedRegionAcrossShare``), in a reader process: a PDF417 coming into view is
            // found in its first readable frame, not at the next full-size whole-frame search.
            if readsIsolatedRegions, let isolatedRegionReader {
                for wide in isolatedRegions(among: barLike, frame: frameIndex) {
                    search(wide, known: known, isolatedRegionReader, .isolatedRegion)
                }
            }
            if let outline, let matrixDiscovery { jobs.append(.uprightOutline(outline, with: matrixDiscovery)) }
            if let fineBars, let linearDiscovery {
                jobs.append(.stretched(fineBars.rect, known: known, with: linearDiscovery, turned: fineBars.turned))
            }
        }
        // Codes that following lost a moment ago, in windows wider than their own.
        if !searchAll {
            for lost in reacquisitionSearches(live, at: schedule.time, bounds: bounds) {
                search(lost.rect, known: known, lost.reader, .reacquisition)
            }
        }
        // Codes a late answer found, read again around where they were.
        for found in lateSearches(late.detections, live: live, seen: [], bounds: bounds) {
            search(found.rect, known: known, found.reader, .reacquisition)
        }
        if !changesSearched, let stripIndex = schedule.stripIndex, let strip = Self.within(strip(stripIndex, in: bounds), bands) {
            search(strip, known: known, linearDiscovery, .strip)
        }
        if !changesSearched, let tileIndex = schedule.tileIndex, let tile = Self.within(tile(tileIndex, in: bounds), parts) {
            search(tile, known: known, matrixDiscovery, .tile)
        }
        if configuration.readsLongCode39InSections, !resting, windowReaders[.code39] != nil { jobs.append(.code39Section(bounds)) }
        if configuration.locatesUndecodedCodes, !resting {
            jobs.append(.outlines(bounds, hiding: live.filter { $0.barcode != nil }.map { Self.hidingMask(for: $0.predictedLocation) }))
        }
        if let next = ahead.mapNext { jobs.append(.likenessMap(next.image)) }
        let (follows, unfollowed, keptResting) = followJobs(schedule)
        return FramePlan(
            schedule: schedule, late: late, jobs: jobs + follows, regions: regions, unfollowed: unfollowed,
            keptResting: keptResting)
    }

    /// The jobs that follow `schedule`'s tracks, the memory of those not followed, and the
    /// tracks a resting frame keeps where they were.
    ///
    /// A lost code (predicted only) predicted out of view is not followed: a template
    /// placed off the frame scores nothing and a 2-D code's window holds a piece of it at
    /// most; its memory is kept for when it comes back into view (or discovery finds it).
    /// Nor is a code on a resting frame, kept where it was with its memory.
    private func followJobs(
        _ schedule: FrameSchedule
    ) -> (jobs: [Job], unfollowed: [TrackID: TrackMemory], keptResting: [Detection]) {
        var jobs: [Job] = []
        var unfollowed: [TrackID: TrackMemory] = [:]
        var keptResting: [Detection] = []
        let memory = schedule.memory
        for track in schedule.live {
            if schedule.resting {
                keptResting += Self.keptWhileResting(track).map { [$0] } ?? []
                unfollowed[track.id] = memory[track.id]
            } else if track.barcode != nil, track.state == .predictedOnly, !Self.isInView(track, bounds: schedule.bounds) {
                unfollowed[track.id] = memory[track.id]
            } else if track.barcode != nil {
                let due = (schedule.frameIndex + track.id.rawValue) % configuration.redecodeInterval == 0
                jobs.append(.follow(track, memory[track.id], due: due))
            } else {
                jobs.append(.locatedOnly(track))
            }
        }
        return (jobs, unfollowed, keptResting)
    }
}
