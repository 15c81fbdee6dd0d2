import BarcodeDecoding
import BarcodeTracking
import Dispatch

/// Running a frame's jobs, and looking at once for codes that following lost.
extension TrackingEngine {
    /// Runs `jobs` on `image`, spread over the cores when
    /// ``TrackingEngineConfiguration/usesAllCores`` is set; outputs in job order.
    func perform(_ jobs: [Job], image: LumaImage, bounds: Rect) throws -> [JobOutput] {
        let outputs = JobOutputs(count: jobs.count)
        let run: @Sendable (Int) -> Void = { index in
            outputs.store(index, Result { try self.run(jobs[index], image: image, bounds: bounds) })
        }
        if configuration.usesAllCores, jobs.count > 1 {
            DispatchQueue.concurrentPerform(iterations: jobs.count, execute: run)
        } else {
            for index in jobs.indices { run(index) }
        }
        return try outputs.collect()
    }

    /// Frames a code must have been measured in for re-acquisition to look for it: a code
    /// read once or twice (a sliver, a code at the edge of readability, one of a hundred
    /// small labels that come and go) is not worth the search.
    static let reacquiredFrames = 3

    /// At most this many re-acquisition windows are read per frame.
    static let reacquisitionWindowsPerFrame = 4

    /// Where to look for decoded codes that following lost earlier and that are still
    /// looked for at frame time `time`: predicted only, wholly inside `bounds`, last measured
    /// at most ``TrackingEngineConfiguration/reacquisitionTime`` ago. See ``reacquisitionWindow(for:in:)``.
    func reacquisitionWindows(_ tracks: [TrackedBarcode], at time: Double, bounds: Rect) -> [Rect] {
        let limit = configuration.reacquisitionTime
        guard limit > 0 else { return [] }
        let lost = tracks.filter { (track: TrackedBarcode) -> Bool in
            guard track.barcode != nil, track.state == .predictedOnly, track.framesSeen >= Self.reacquiredFrames else { return false }
            let since: Double = time - track.lastSeen
            return since <= limit && bounds.contains(track.predictedLocation.boundingBox)
        }
        return lost.prefix(Self.reacquisitionWindowsPerFrame).compactMap { reacquisitionWindow(for: $0, in: bounds) }
    }

    /// Where to look for codes that following lost in this frame although it should have
    /// found them: decoded codes measured in the previous frame (not only predicted), whose
    /// predicted box lies wholly inside `bounds` (a code leaving the view is rightly lost),
    /// measured by neither correlation nor their window read (a whip pan, a zoom, motion
    /// blur that the template and the window cannot keep up with).
    func windowsForCodesLost(by jobs: [Job], _ outputs: [JobOutput], bounds: Rect) -> [Rect] {
        let lost = zip(jobs, outputs).compactMap { job, output -> TrackedBarcode? in
            guard case .follow(let track, _, _) = job, track.state == .tracked, track.framesSeen >= Self.reacquiredFrames,
                  let barcode = track.barcode, bounds.contains(track.predictedLocation.boundingBox),
                  !output.detections.contains(where: { $0.barcode?.bytes == barcode.bytes }) else { return nil }
            return track
        }
        return lost.prefix(Self.reacquisitionWindowsPerFrame).compactMap { reacquisitionWindow(for: $0, in: bounds) }
    }

    /// The predicted box grown by its larger side and the correlation's search radius on
    /// every side (three times the code's size and more), clipped to `bounds`: wider than
    /// the window a followed code is read in, for a code the motion model has lost.
    func reacquisitionWindow(for track: TrackedBarcode, in bounds: Rect) -> Rect? {
        let box = track.predictedLocation.boundingBox
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
