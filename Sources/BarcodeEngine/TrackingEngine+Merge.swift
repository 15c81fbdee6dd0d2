import BarcodeDecoding
import BarcodeTracking

extension TrackingEngine {
    /// A frame's result once its jobs' outputs are merged, with what the frame leaves for the
    /// next ones; ``commit(_:of:)`` writes that part into the state.
    ///
    /// A value, so that what the frame remembers for the next ones is written in one place, in
    /// one lock, once everything it depends on is decided; the merge's own steps keep only the
    /// writes that belong to them (a changed search's cut reads searched again, late answers
    /// taken, standing reads, Code 39 sections).
    struct MergedFrame {
        /// The frame's detections: codes measured, new codes, outlines and stitched sections.
        var detections: [Detection]
        /// zxing-cpp's warnings from every read of the frame, each once.
        var warnings: [String]
        /// What each track's following remembers for the next frame.
        var memory: [TrackID: TrackMemory]
        /// Reads carried over from earlier frames and still reading, and this frame's reads
        /// carried over.
        var lateWaiting: [LateRead]
        var carried: [LateRead]
        /// Whether a new code was found (not one a track already measured).
        var foundNew: Bool
        /// The next frame's code-likeness map, made among this frame's jobs.
        var nextMap: CodeLikenessMap?
    }

    /// The outputs of a frame's jobs sorted by what they are for.
    private struct SortedOutputs {
        var measured: [Detection]
        var discovered: [Detection] = []
        var outlined: [Detection] = []
        var section: (section: Code39Sections.Section, rows: ClosedRange<Int>)?
        var memory: [TrackID: TrackMemory]
        var warnings: [String]
        var nextMap: CodeLikenessMap?
    }

    /// Merges the outputs of `plan`'s jobs (in the plan's order) into the frame's result,
    /// reading again at once where following lost codes and where late answers found some.
    func merge(_ outputs: [JobOutput], of plan: FramePlan) throws -> MergedFrame {
        let schedule = plan.schedule
        let (image, bounds, live) = (schedule.image, schedule.bounds, schedule.live)
        var sorted = sort(outputs, of: plan)
        let carried = zip(plan.jobs, outputs).compactMap { job, output in
            output.late.map {
                LateRead(search: $0, sent: schedule.frameStart, wholeFrame: job.kind == .wholeFrame || job.kind == .reducedWholeFrame)
            }
        }
        // Re-acquisition: a code that following lost well inside the view is looked for at
        // once, in a window wider than its own, not up to `wholeFrameInterval - 1` frames later;
        // on a frame searched whole at full resolution only the 1-D codes painted out of that
        // search (the search reads the others; a 1-D code's prediction painted over it when
        // following lost it hid it from both).
        // (every code, when that search was carried over). So are the codes of reads carried
        // over that answered while this frame's jobs ran.
        let lostNow = searchesForCodesLost(
            by: plan.jobs, outputs, bounds: bounds,
            linearOnly: schedule.searchAll && !carried.contains(where: \.wholeFrame))
        let (answeredNow, stillWaiting) = Self.answered(schedule.lateWaiting)
        let lateNow = try take(answeredNow)
        sorted.warnings += lateNow.warnings.filter { !sorted.warnings.contains($0) }
        let lateAgain =
            lateNow.detections.isEmpty
            ? [] : lateSearches(lateNow.detections, live: live, seen: sorted.measured + sorted.discovered, bounds: bounds)
        if !lostNow.isEmpty || !lateAgain.isEmpty {
            let hidden = sorted.measured.filter { $0.barcode != nil }.map { Self.hidingMask(for: $0.location) }
            let second =
                lostNow.map { Job.search($0.rect, known: hidden, with: $0.reader, purpose: .reacquisitionAtOnce) }
                + lateAgain.map { Job.search($0.rect, known: hidden, with: $0.reader, purpose: .reacquisition) }
            for output in try perform(second, image: image, bounds: bounds, confirmed: schedule.confirmed) {
                sorted.warnings += output.warnings.filter { !sorted.warnings.contains($0) }
                sorted.discovered += output.detections
            }
        }
        let (detections, foundNew) = combine(sorted, of: plan)
        return MergedFrame(
            detections: detections, warnings: sorted.warnings, memory: sorted.memory, lateWaiting: stillWaiting,
            carried: carried, foundNew: foundNew, nextMap: sorted.nextMap)
    }

    /// Sorts the outputs of `plan`'s jobs: measurements of tracked codes, new codes, outlines,
    /// the Code 39 section, the tracks' memory and the warnings.
    private func sort(_ outputs: [JobOutput], of plan: FramePlan) -> SortedOutputs {
        let (image, bounds) = (plan.schedule.image, plan.schedule.bounds)
        var sorted = SortedOutputs(measured: plan.keptResting, memory: plan.unfollowed, warnings: plan.late.warnings)
        for (job, output) in zip(plan.jobs, outputs) {
            sorted.warnings += output.warnings.filter { !sorted.warnings.contains($0) }
            switch job {
            case .follow(let track, _, _):
                sorted.measured += output.detections
                // An add-on read with its code: a new code unless its own track measured it.
                sorted.discovered += output.found
                if let memory = output.memory { sorted.memory[track.id] = memory }
            case .locatedOnly(let track):
                // A located-only track's first read: checked as a new code's (below). Of the
                // outlines its window holds, the one nearest the track measures it; the others
                // are no measurement of it, and taken as codes of their own, every track's window
                // would start new tracks on the same spots frame after frame (the station scene's
                // dense labels: 4 times as many located-only tracks each frame, until memory ran out).
                let decoded = output.detections.filter { $0.barcode != nil }.map { checkingFineRetailRead($0, in: image) }
                let predicted = track.predictedLocation.center
                let nearest = output.detections.filter { $0.barcode == nil }
                    .min { $0.location.center.distance(to: predicted) < $1.location.center.distance(to: predicted) }
                sorted.measured += decoded + (nearest.map { [$0] } ?? [])
            case .search(let box, _, _, _, .changedRegions):
                // A 1-D read against the searched rectangle's edge inside the frame may be of a
                // code the rectangle cuts (zxing-cpp reads part of an EAN-13 as a UPC-A): left
                // out, and the code's place searched again, whole, at the next changed search.
                let (kept, cut) = Self.splittingCutReads(output.detections, box: box, bounds: bounds)
                sorted.discovered += kept
                if !cut.isEmpty, let means = plan.schedule.means { state.withLock { $0.changes.unsearch(cut, means) } }
            case .search, .sent, .uprightOutline, .stretched: sorted.discovered += output.detections
            case .outlines: sorted.outlined += output.detections
            case .code39Section:
                sorted.section = output.section
            case .likenessMap: sorted.nextMap = output.map
            }
        }
        return sorted
    }

    /// The frame's detections out of `sorted`: the standing read's codes, new codes that no
    /// measurement covers (conflicts settled by the pixels), without false locks, with the
    /// outlines of undecoded codes and a stitched Code 39; and whether a new code was found.
    private func combine(_ sorted: SortedOutputs, of plan: FramePlan) -> (detections: [Detection], foundNew: Bool) {
        let schedule = plan.schedule
        let (image, live) = (schedule.image, schedule.live)
        var measured = sorted.measured
        // Codes in view: measured ones, not tracks only predicted since their pallet left.
        let codesInView =
            Self.measuresAny(live) || !measured.isEmpty || !sorted.discovered.isEmpty || !plan.regions.isEmpty
        let standing = standingDetections(in: image, stillness: schedule.stillness, codesInView: codesInView)
            .map { checkingFineRetailRead($0, in: image) }
        var foundNew = false
        if !standing.isEmpty { (measured, foundNew) = Self.merging(standing: standing, into: measured, in: image) }
        for found in sorted.discovered
        where Self.isPlausible(found.location, linear: found.barcode?.symbology.isLinear == true)
            && !Self.isCovered(found, by: measured, in: image)
        {
            // A read on another payload's place takes it only when the pixels prefer it.
            if Self.contradicts(found, measured: measured) {
                guard let resolved = Self.resolvingConflict(of: found, with: measured, in: image) else { continue }
                measured = resolved
            }
            let checked = checkingFineRetailRead(found, in: image)
            if checked.barcode?.bytes != found.barcode?.bytes, Self.isCovered(checked, by: measured, in: image) { continue }
            measured.append(checked)
            foundNew = true
        }
        // One outline a spot: several located-only tracks' windows can hold the same outline.
        measured = Self.withoutRepeatedOutlines(measured)
        // No real 2-D code has a side under 4 pixels, whichever job read it: the 1-hour soak saw
        // a PDF417 read with two corners on one point start a second track on a tracked code.
        measured = Self.droppingFalseLocks(measured).filter { detection in
            detection.barcode.map { Self.isPlausible(detection.location, linear: $0.symbology.isLinear) } ?? true
        }
        // An outline touching a decoded code (read in this frame, or expected where a
        // tracked one should be) is that code or a piece of it, never a code of its own:
        // it would drag the decoded track onto a coarse box.
        let decodedBoxes =
            (measured.filter { $0.barcode != nil }.map(\.location)
            + live.filter { $0.barcode != nil }.map(\.predictedLocation)).map { Self.grown($0.boundingBox, by: 16) }
        for outline in sorted.outlined where !decodedBoxes.contains(where: { $0.intersects(outline.location.boundingBox) }) {
            measured.append(outline)
        }
        if let (section, rows) = sorted.section, let stitched = stitch(section) {
            let box = Rect(
                x: Double(section.start), y: Double(rows.lowerBound), width: Double(section.end - section.start),
                height: Double(rows.upperBound - rows.lowerBound + 1))
            measured.append(
                Detection(
                    barcode: Barcode(
                        symbology: .code39, data: stitched, bytes: Array(stitched.utf8), symbologyIdentifier: "]A0",
                        location: Quadrilateral(box))))
        }
        return (measured, foundNew)
    }
}

extension TrackingEngine {
    /// `detections` without each located-only one at the spot of a located-only one before it
    /// (``Quadrilateral/isSameCode(as:partialRead:)``): one outline measures one track, and a
    /// copy of it would keep a second track on the same spot.
    static func withoutRepeatedOutlines(_ detections: [Detection]) -> [Detection] {
        var kept: [Detection] = []
        for detection in detections {
            if detection.barcode == nil,
                kept.contains(where: { $0.barcode == nil && $0.location.isSameCode(as: detection.location, partialRead: false) })
            {
                continue
            }
            kept.append(detection)
        }
        return kept
    }
}
