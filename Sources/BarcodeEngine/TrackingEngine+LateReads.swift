import BarcodeDecoding
import BarcodeTracking

/// Live frames never wait for a slow read in a reader process: with a
/// ``TrackingEngineConfiguration/lateReadTime``, a search whose reader process has not
/// answered when the frame's time is up is carried over, and the frame is reported without it.
///
/// zxing-cpp 1.4's PDF417 reader takes half a second over some 720p frames (a photo clip of
/// the symbology sheet: 0.46–0.54 s on a few frames, where decoding every frame takes 4.6 ms at
/// the median); a camera frame that waited for it made the next 15 frames drop. Carried over,
/// the read goes on in its reader process while later frames are detected without a
/// whole-frame search of their own (and without the isolated region read); the first frame
/// that finds its answer in (at its start, or once its own jobs ran) takes it and reads each
/// code the answer holds that no live track or detection of the frame covers again, around
/// where it was (a re-acquisition window, for its own symbology), in that frame's pixels: the
/// camera may have moved since, and the answer's positions are the old frame's, never passed
/// off as this frame's measurements.
extension TrackingEngine {
    /// A search carried over from the frame it was made for.
    struct LateRead: Sendable {
        /// The search, sent, its answer not taken.
        let search: PendingSearch
        /// When its frame's detection started (about when the read was sent).
        let sent: ContinuousClock.Instant
        /// Whether it is the whole-frame search (its cost then counts in the budget's running average).
        let wholeFrame: Bool
    }

    /// Whether a search of `kind` may be carried over: the whole-frame search and the isolated
    /// region read, of which no new one is made while one is carried, so that at most two
    /// reads (and their frames' pixels) are held at once. Other reads in reader processes (the
    /// windows of PDF417 codes) are small and waited for: carried over too, a live run of a
    /// slow (debug) build held seven reader processes and 30 MB more at once.
    static func mayCarryOver(_ kind: EngineJobTimes.Kind) -> Bool {
        kind == .wholeFrame || kind == .reducedWholeFrame || kind == .isolatedRegion
    }

    /// At most this many codes of a late answer are read again in one frame.
    static let lateWindowsPerFrame = 8

    /// How many searches so far were carried over to a later frame, and how many of those
    /// had their answer taken.
    package var lateReads: (carried: Int, taken: Int) { state.withLock { ($0.late.carried, $0.late.taken) } }

    /// Waits until every read carried over has answered (or timed out); the next frame takes
    /// the answers. For benchmarks that time the engine frame by frame in blocks: no read then
    /// goes on past the block.
    package func awaitLateReads() {
        for read in state.withLock({ $0.late.reads }) { _ = read.search.isAnswered(waitingUntil: .now + .seconds(3600)) }
    }

    /// Splits `late` into the reads answered by now (a look, no wait) and those still reading.
    static func answered(_ late: [LateRead]) -> (answered: [LateRead], waiting: [LateRead]) {
        var answered: [LateRead] = [], waiting: [LateRead] = []
        for read in late {
            if read.search.isAnswered(waitingUntil: .now) { answered.append(read) } else { waiting.append(read) }
        }
        return (answered, waiting)
    }

    /// Takes the answers of `answered` (which wait for nothing by now): the codes they found,
    /// in the pixels of the frames they were made for, and their warnings. A whole-frame
    /// search's time from its frame's start to now enters the budget's running average of a
    /// frame searched whole, so that the next ones are not forced on every frame.
    func take(_ answered: [LateRead]) throws -> DetectionReport {
        var taken = DetectionReport()
        for read in answered {
            let report = try read.search.finish()
            taken.detections += report.detections
            taken.warnings += report.warnings.filter { !taken.warnings.contains($0) }
            let seconds = (ContinuousClock.now - read.sent).inSeconds
            state.withLock { state in
                state.late.taken += 1
                if read.wholeFrame { state.pace.recordWholeFrameCost(seconds) }
            }
        }
        return taken
    }

    /// Where to read again the decoded codes of a late answer (`found`, positions of an
    /// earlier frame) that neither a track of `live` nor a detection of this frame already
    /// made (`seen`) with the same payload covers: a re-acquisition window around each
    /// (``search(around:for:in:)``), at most ``lateWindowsPerFrame``.
    func lateSearches(_ found: [Detection], live: [TrackedBarcode], seen: [Detection], bounds: Rect) -> [LostCodeSearch] {
        let searches = found.compactMap { detection -> LostCodeSearch? in
            guard let barcode = detection.barcode,
                  let search = search(around: detection.location.boundingBox, for: barcode.symbology, in: bounds) else { return nil }
            let covered = live.contains { track in
                track.barcode?.bytes == barcode.bytes && track.predictedLocation.boundingBox.intersects(search.rect)
            } || seen.contains { other in
                other.barcode?.bytes == barcode.bytes && other.location.boundingBox.intersects(search.rect)
            }
            return covered ? nil : search
        }
        return Array(searches.prefix(Self.lateWindowsPerFrame))
    }
}
