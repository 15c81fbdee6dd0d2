import BarcodeDecoding
import BarcodeTracking
import Dispatch
import Synchronization

/// Reading a still view harder (``TrackingEngineConfiguration/readsStandingViewsHarder``).
///
/// The engine's per-frame reads are fast ones (no rotation, no inversion pass, small windows),
/// which a code that passes or is held in a hand gets many chances at. A label on a pallet that
/// stands in front of a fixed camera gives the same pixels frame after frame: the fast reads
/// that missed it once miss it every time, while a thorough read of one frame (what `track scan`
/// does) reads it, and the mean of several still frames has less sensor noise to read through.
/// So while the view is still (``StillnessMeter``) and codes are in it, the engine escalates
/// once per still spell: a thorough read of the frame, then of the mean of its still frames. The
/// reads run on a background thread; their codes join the detections of a later frame of the
/// same spell (positions stay valid while nothing moves) and are dropped once the view moved.
/// A file's frames wait for the answer at the next frame, so that a run is repeatable; a live
/// source (``TrackingEngineConfiguration/lateReadTime``) takes it when it is there.
extension TrackingEngine {
    /// Seconds of stillness before each escalation step: the thorough read of the frame, then
    /// that of the mean of the still frames so far.
    static let standingReadDelays = [0.3, 1.0]
    /// At most this many still frames are averaged for the second step.
    static let standingFramesAveraged = 16

    /// The still view's state: its meter, the steps taken in its spell, the running sum of its
    /// frames, and the read in flight.
    struct StandingReads: Sendable {
        var meter = StillnessMeter()
        /// The still spell that ``steps`` and the sum belong to.
        var spell = 0
        var steps = 0
        var sum: [UInt32] = []
        var summed = 0
        var inFlight: StandingRead?
        /// The still spell and frame time (seconds) of the last frame searched while nothing was tracked.
        var sweep: (spell: Int, time: Double)?
        /// The last still spell with codes or code-like regions in view.
        var codeLikeSpell: Int?
        /// Frames that rested (``TrackingEngineConfiguration/restsWhileStill``), for benchmarks.
        var restedFrames = 0
        /// Whether standing reads run within the frame that starts them (``readStandingViewsInline()``).
        var inline = false
    }

    /// Makes the reads of a still view run within the frame that starts them instead of on a
    /// background thread: the same codes at the same frames (a file's frames wait for them at
    /// the next frame anyway), with all their CPU inside the frame's detection, for benchmarks
    /// that time each frame's work.
    package func readStandingViewsInline() {
        state.withLock { $0.standing.inline = true }
    }

    /// Frames so far that rested: a still view with nothing tracked, not searched.
    package var restedFrames: Int { state.withLock { $0.standing.restedFrames } }

    /// A thorough read running on a background thread.
    final class StandingRead: Sendable {
        /// The still spell of the frame it reads.
        let spell: Int
        private let group = DispatchGroup()
        private let answer = Mutex<DetectionReport>(DetectionReport())

        /// Starts reading `image` on a background thread, or reads it now when `inline`.
        init(spell: Int, image: LumaImage, reader: BarcodeReader, inline: Bool) {
            self.spell = spell
            group.enter()
            let read: @Sendable () -> Void = { [self] in
                // A failed thorough read adds nothing; the frame's own reads stand.
                let report = (try? reader.read(image)) ?? DetectionReport()
                answer.withLock { $0 = report }
                group.leave()
            }
            if inline { read() } else { DispatchQueue.global(qos: .utility).async(execute: read) }
        }

        /// Its answer, waiting for it when `wait`, else only if it is there.
        func take(waiting wait: Bool) -> DetectionReport? {
            if wait { group.wait() } else if group.wait(timeout: .now()) != .success { return nil }
            return answer.withLock { $0 }
        }
    }

    /// How long (seconds) the view has been still at the frame with block means `means`
    /// (``StillnessMeter/blockMeans(_:)``), `nil` while it moves, and the still spell's number;
    /// `nil` when neither standing reads nor rest need the measure.
    func measureStillness(_ means: LumaImage?, at time: Double, _ standing: inout StandingReads) -> (stillFor: Double?, spell: Int)? {
        guard configuration.readsStandingViewsHarder || configuration.restsWhileStill, let means else { return nil }
        let stillFor = standing.meter.measure(means, at: time)
        return (stillFor, standing.meter.spell)
    }

    /// Whether a still view may rest with `live` in it: every track a decoded code measured at
    /// the frame before, none waiting for the reads of its verification. Their pixels have not
    /// changed since, so neither has what following or re-reading them would find.
    static func mayRest(with live: [TrackedBarcode]) -> Bool {
        live.allSatisfy { $0.barcode != nil && $0.state == .tracked && !$0.awaitsVerification }
    }

    /// Whether this frame rests (``TrackingEngineConfiguration/restsWhileStill``): the tracks
    /// allow it (``mayRest(with:)``), no read is carried over, and the view has been still since
    /// a frame of this still spell that was searched less than
    /// ``TrackingEngineConfiguration/stillSweepInterval`` ago. A frame that does not rest while
    /// still is that spell's sweep. A resting frame searches nothing and keeps each track where
    /// it was (``keptWhileResting(_:)``).
    func isResting(live: [TrackedBarcode], stillness: (stillFor: Double?, spell: Int)?, lateWaiting: [LateRead], at time: Double,
                   _ standing: inout StandingReads) -> Bool {
        guard configuration.restsWhileStill, Self.mayRest(with: live), lateWaiting.isEmpty, let stillness, stillness.stillFor != nil else {
            return false
        }
        if let sweep = standing.sweep, sweep.spell == stillness.spell, time - sweep.time < configuration.stillSweepInterval,
           standing.inFlight == nil {
            standing.restedFrames += 1
            return true
        }
        standing.sweep = (stillness.spell, time)
        return false
    }

    /// A resting frame's measurement of a track: its code where it was measured last, not read
    /// again (``Detection/isFreshRead`` false).
    static func keptWhileResting(_ track: TrackedBarcode) -> Detection? {
        guard var barcode = track.barcode else { return nil }
        barcode.location = track.location
        var kept = Detection(barcode: barcode)
        kept.isFreshRead = false
        return kept
    }

    /// Takes the answer of a standing read that is there (its decoded codes, when the view has
    /// not moved since its frame), and starts the next step when one is due and codes or
    /// code-like regions were in view on a frame of the still spell (`codesInView` on this one).
    func standingDetections(in image: LumaImage, stillness: (stillFor: Double?, spell: Int)?, codesInView: Bool) -> [Detection] {
        guard let standingReader, let (stillFor, spell) = stillness else { return [] }
        let waits = configuration.lateReadTime == nil
        let pending = state.withLock { $0.standing.inFlight }
        var taken: [Detection] = []
        if let pending, let report = pending.take(waiting: waits) {
            if pending.spell == spell, stillFor != nil { taken = report.detections.filter { $0.barcode != nil } }
            state.withLock { $0.standing.inFlight = nil }
        }
        guard let stillFor else { return taken }
        let start: LumaImage? = state.withLock { state in
            if state.standing.spell != spell { (state.standing.spell, state.standing.steps, state.standing.sum, state.standing.summed) = (spell, 0, [], 0) }
            // Code-like pixels seen on any frame of the spell count: resting frames look for none.
            if codesInView { state.standing.codeLikeSpell = spell }
            guard state.standing.codeLikeSpell == spell, state.standing.steps < Self.standingReadDelays.count else { return nil }
            if state.standing.summed < Self.standingFramesAveraged { Self.add(image, to: &state.standing) }
            guard state.standing.inFlight == nil, stillFor >= Self.standingReadDelays[state.standing.steps] else { return nil }
            state.standing.steps += 1
            return state.standing.steps == 1 ? image : Self.mean(of: state.standing, like: image)
        }
        if let start {
            let read = StandingRead(spell: spell, image: start, reader: standingReader, inline: state.withLock { $0.standing.inline })
            state.withLock { $0.standing.inFlight = read }
        }
        return taken
    }

    /// Adds `image` to the running sum of the spell's frames.
    private static func add(_ image: LumaImage, to standing: inout StandingReads) {
        let count = image.width * image.height
        if standing.sum.count != count {
            standing.sum = [UInt32](repeating: 0, count: count)
            standing.summed = 0
        }
        standing.sum.withUnsafeMutableBufferPointer { sum in
            image.pixels.withUnsafeBufferPointer { pixels in
                for y in 0..<image.height {
                    let row = y * image.bytesPerRow, out = y * image.width
                    for x in 0..<image.width { sum[out + x] &+= UInt32(pixels[row + x]) }
                }
            }
        }
        standing.summed += 1
    }

    /// The mean of the summed frames, or `image` when they do not match its size.
    private static func mean(of standing: StandingReads, like image: LumaImage) -> LumaImage {
        let n = UInt32(standing.summed)
        guard n > 1, standing.sum.count == image.width * image.height else { return image }
        let pixels = standing.sum.map { UInt8(($0 + n / 2) / n) }
        return (try? LumaImage(width: image.width, height: image.height, pixels: pixels)) ?? image
    }

    /// `detections` with each located-only one that a standing read's decoded `found` code
    /// covers replaced by that code, and the found codes no detection covers added (one on another
    /// EAN/UPC payload's place only when the pixels prefer it, ``resolvingConflict(of:with:in:)``).
    static func merging(standing found: [Detection], into detections: [Detection], in image: LumaImage) -> (merged: [Detection], added: Bool) {
        var merged = detections, added = false
        for code in found where isPlausible(code.location, linear: code.barcode?.symbology.isLinear == true) {
            let decoded = merged.filter { $0.barcode != nil }
            if isCovered(code, by: decoded, in: image) { continue }
            if contradicts(code, measured: decoded) {
                guard let resolved = resolvingConflict(of: code, with: merged, in: image) else { continue }
                merged = resolved
            }
            merged.removeAll { $0.barcode == nil && $0.location.isSameCode(as: code.location, partialRead: false) }
            merged.append(code)
            added = true
        }
        return (merged, added)
    }
}
