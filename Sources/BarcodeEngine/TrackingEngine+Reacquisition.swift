import BarcodeDecoding
package import BarcodeTracking
import Dispatch

/// Running a frame's jobs, and looking at once for codes that following lost.
extension TrackingEngine {
    /// Runs `jobs` on `image`, spread over the cores when
    /// ``TrackingEngineConfiguration/usesAllCores`` is set; outputs in job order. Searches keep
    /// the `confirmed` short codes their border cuts (``droppingCutReads(_:searched:width:height:confirmed:)``).
    /// With a `deadline`, a whole-frame or isolated-region search (``mayCarryOver(_:)``) read in a
    /// reader process that has not answered by then is not waited for: its output holds it,
    /// unfinished (``JobOutput/late``; see ``LateRead``).
    func perform(_ jobs: [Job], image: LumaImage, bounds: Rect, confirmed: Set<ShortCode>,
                 lateAfter deadline: ContinuousClock.Instant? = nil) throws -> [JobOutput] {
        let outputs = JobOutputs(count: jobs.count)
        // Searches read in reader processes (the whole frame, with `track`'s default isolation
        // of PDF417) are sent first and their answers taken last: the frame's other jobs run
        // on the cores meanwhile, instead of one of them waiting for the reader process to be
        // scheduled and to answer (about 1 ms a read on the 2-core VM, whatever its size).
        let pending = jobs.indices.compactMap { index -> (Int, PendingSearch)? in
            if case .sent(let search, _) = jobs[index] { return (index, search) }
            guard case .search(let rect, let known, let reader, let factor, _) = jobs[index],
                  let search = PendingSearch(image, in: rect, hiding: known, with: reader, reducedBy: factor, confirmed: confirmed) else {
                return nil
            }
            return (index, search)
        }
        let sentAhead = Set(pending.map(\.0))
        let local = jobs.indices.filter { !sentAhead.contains($0) }
        let run: @Sendable (Int) -> Void = { position in
            let index = local[position]
            outputs.store(index, self.timed(jobs[index].kind) { Result { try self.run(jobs[index], image: image, bounds: bounds, confirmed: confirmed) } })
        }
        if configuration.usesAllCores, local.count > 1 {
            DispatchQueue.concurrentPerform(iterations: local.count, execute: run)
        } else {
            for position in local.indices { run(position) }
        }
        for (index, search) in pending {
            outputs.store(index, timed(jobs[index].kind) {
                if let deadline, Self.mayCarryOver(jobs[index].kind), !search.isAnswered(waitingUntil: deadline) {
                    return .success(JobOutput(late: search))
                }
                return Result { JobOutput(try search.finish()) }
            })
        }
        return try outputs.collect()
    }

    /// Frames a code must have been measured in for re-acquisition to look for it: a code
    /// read once or twice (a sliver, a code at the edge of readability, one of a hundred
    /// small labels that come and go) is not worth the search.
    static let reacquiredFrames = 3

    /// At most this many re-acquisition windows are read per frame.
    static let reacquisitionWindowsPerFrame = 4

    /// Where and how to look for decoded codes that following lost earlier and that are
    /// still looked for at frame time `time`: predicted only, last measured at most
    /// ``TrackingEngineConfiguration/reacquisitionTime`` ago (see ``searches(for:bounds:)``).
    func reacquisitionSearches(_ tracks: [TrackedBarcode], at time: Double, bounds: Rect) -> [LostCodeSearch] {
        let limit = configuration.reacquisitionTime
        return searches(for: tracks.filter { (track: TrackedBarcode) -> Bool in
            track.state == .predictedOnly && time - track.lastSeen <= limit
        }, bounds: bounds)
    }

    /// Where and how to look for codes that following lost in this frame: decoded codes
    /// measured in the previous frame (not only predicted) that neither correlation nor
    /// their window read found (a whip pan, a zoom, motion blur that the template and the
    /// window cannot keep up with); see ``searches(for:bounds:)``. `linearOnly`: 1-D codes
    /// only (on a frame searched whole at full resolution, the codes painted out of that search).
    func searchesForCodesLost(by jobs: [Job], _ outputs: [JobOutput], bounds: Rect, linearOnly: Bool = false) -> [LostCodeSearch] {
        let lost = zip(jobs, outputs).compactMap { job, output -> TrackedBarcode? in
            guard case .follow(let track, _, _) = job, track.state == .tracked, let barcode = track.barcode,
                  !linearOnly || barcode.symbology.isLinear,
                  !output.detections.contains(where: { $0.barcode?.bytes == barcode.bytes }) else { return nil }
            return track
        }
        return searches(for: lost, bounds: bounds)
    }

    /// A search for a lost code: the rectangle read (frame pixels) and the reader.
    struct LostCodeSearch {
        var rect: Rect
        var reader: BarcodeReader
    }

    /// Searches for the decoded codes among `tracks` measured in at least
    /// ``reacquiredFrames`` frames that are still in view (``isInView(_:bounds:)``), at most
    /// ``reacquisitionWindowsPerFrame``, each for the code's own symbology: a 2-D code in
    /// its re-acquisition window (``reacquisitionWindow(around:in:)``), a 1-D code in the rows
    /// of that window across the whole of `bounds` (zxing-cpp 1.4 thresholds each scanned
    /// row by its own histogram, so a row as long as the frame's reads what decoding the
    /// whole frame reads; see ``rowBand(around:in:)``). None when re-acquisition is off.
    /// Reading every symbology there made a window of a large code cost as much as a
    /// whole-frame read: a DataBar filling a third of the frame, lost by following in most
    /// frames of a photo scene, cost 1.8 ms a frame.
    private func searches(for tracks: [TrackedBarcode], bounds: Rect) -> [LostCodeSearch] {
        guard configuration.reacquisitionTime > 0 else { return [] }
        let wanted = tracks.filter { (track: TrackedBarcode) -> Bool in
            track.barcode != nil && track.framesSeen >= Self.reacquiredFrames && Self.isInView(track, bounds: bounds)
        }
        return wanted.prefix(Self.reacquisitionWindowsPerFrame).compactMap { track in
            track.barcode.flatMap { search(around: track.predictedLocation.boundingBox, for: $0.symbology, in: bounds) }
        }
    }

    /// The search for a code of `symbology` last seen or expected at `box` (frame pixels): a
    /// 2-D code in its re-acquisition window (``reacquisitionWindow(around:in:)``), a 1-D code
    /// in that window's rows across `bounds`, each for the code's own symbology.
    func search(around box: Rect, for symbology: Symbology, in bounds: Rect) -> LostCodeSearch? {
        guard let window = reacquisitionWindow(around: box, in: bounds) else { return nil }
        if let reader = bandReaders[symbology] {
            return Self.rows(of: window, across: bounds).map { LostCodeSearch(rect: $0, reader: reader) }
        }
        return LostCodeSearch(rect: window, reader: windowReaders[symbology] ?? regionReader)
    }

    /// Share of a 1-D code's predicted box that must lie inside the view for re-acquisition
    /// to look for it.
    static let linearShareInView = 0.75

    /// Whether re-acquisition looks for `track` in `bounds`: a 2-D code whose predicted box
    /// lies wholly inside (a code leaving the view is rightly lost), a 1-D code with at least
    /// ``linearShareInView`` of it inside: cut off across its bars it still reads, and decoding
    /// every frame reads it. The pallet pan scene: a 1-D label whose top runs out of the frame,
    /// read by the baseline in every frame, by the engine (whole frame every 6th frame) only in
    /// frames searched whole, 7 frames missed; the symbology sheet's zoom scene: 1 → 2 of the
    /// baseline's 2 pairs.
    package static func isInView(_ track: TrackedBarcode, bounds: Rect) -> Bool {
        let box = track.predictedLocation.boundingBox
        if bounds.contains(box) { return true }
        guard track.barcode?.symbology.isLinear == true, box.area > 0 else { return false }
        return (box.intersection(bounds)?.area ?? 0) / box.area >= linearShareInView
    }

    /// A code's box (its prediction's, frame pixels) grown by its larger side and the
    /// correlation's search radius on every side (three times the code's size and more),
    /// clipped to `bounds`: wider than the window a followed code is read in, for a code the
    /// motion model has lost.
    func reacquisitionWindow(around box: Rect, in bounds: Rect) -> Rect? {
        let pad = max(box.width, box.height) + Double(configuration.searchRadius)
        return Rect(x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad).intersection(bounds)
    }
}

extension Rect {
    /// Whether `other` lies wholly inside this rectangle (same coordinate space).
    func contains(_ other: Rect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }
}
