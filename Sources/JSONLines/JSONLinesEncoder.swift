package import BarcodeTracking

/// The lines of the `--format jsonl` contract (docs/output-contract.md), one JSON object each,
/// without the newline: what `track` writes, the live view streams as Server-Sent Events, and
/// scripts read. Coordinates in frame pixels, times in seconds of the source's clock.
package enum JSONLinesEncoder {
    /// One processed frame: a `cleared` line per clear that took effect in it, the `frame` line, then
    /// the track lifecycle: an `appeared` line per track id new in this frame (decoded or
    /// located-only), a `returned` line per id a code took back, a `recognized` line per newly
    /// recognized code and a `lost` line per removed track. Every removed track was announced by
    /// `appeared` (an id is in ``ScanFrameResult/added`` in the frame it starts or comes back in), so
    /// each `lost` names an id the stream announced. `overlays` are the planned rectangles by track
    /// (frame pixels).
    package static func lines(for result: ScanFrameResult, overlays: [TrackID: Rect]) -> [String] {
        var lines: [String] = []
        lines.reserveCapacity(1 + result.clears.count + result.added.count + result.newlyRecognized.count + result.removed.count)
        for forgotten in result.clears {
            var event = JSONObject()
            event.add("type", .string("cleared"))
            event.add("codes", .int(forgotten))
            event.add("frame", .int(result.frameNumber))
            event.add("time", .number(result.time, decimals: 6))
            lines.append(event.text)
        }
        var frame = JSONObject()
        frame.add("type", .string("frame"))
        frame.add("frame", .int(result.frameNumber))
        frame.add("time", .number(result.time, decimals: 6))
        frame.add("tracks", .array(result.tracks.map { track in .object(Self.track(track, overlay: overlays[track.id])) }))
        if !result.warnings.isEmpty { frame.add("warnings", .array(result.warnings.map { .string($0) })) }
        lines.append(frame.text)
        for id in result.added {
            lines.append(event(result.returned.contains(id) ? "returned" : "appeared", id: id, in: result))
        }
        for code in result.newlyRecognized {
            var event = JSONObject()
            event.add("type", .string("recognized"))
            event.add("id", .int(code.trackID.rawValue))
            BarcodeJSON.addPayload(of: code.barcode, to: &event)
            BarcodeJSON.addDetails(of: code.barcode, to: &event)
            event.add("frame", .int(result.frameNumber))
            event.add("time", .number(result.time, decimals: 6))
            lines.append(event.text)
        }
        for lost in result.removed { lines.append(event("lost", id: lost.id, in: result)) }
        return lines
    }

    /// A lifecycle line without details: `{"type":…,"id":…,"frame":…,"time":…}`.
    private static func event(_ type: String, id: TrackID, in result: ScanFrameResult) -> String {
        var event = JSONObject()
        event.add("type", .string(type))
        event.add("id", .int(id.rawValue))
        event.add("frame", .int(result.frameNumber))
        event.add("time", .number(result.time, decimals: 6))
        return event.text
    }

    /// One entry of a `frame` line's `tracks`.
    package static func track(_ track: TrackedBarcode, overlay: Rect?) -> JSONObject {
        var object = JSONObject()
        object.add("id", .int(track.id.rawValue))
        if let barcode = track.barcode { BarcodeJSON.addPayload(of: barcode, to: &object) }
        object.add("quad", BarcodeJSON.quad(track.location))
        object.add("predicted", BarcodeJSON.quad(track.predictedLocation))
        object.add("dt", .number(track.deltaTimeForPrediction, decimals: 6))
        object.add("stable", .bool(track.shouldAnimateFromPreviousToNextState))
        object.add("state", .string(track.state.rawValue))
        object.add("rejected", .bool(track.isRejected))
        if let overlay {
            var rect = JSONObject()
            rect.add("x", .number(overlay.x, decimals: 2))
            rect.add("y", .number(overlay.y, decimals: 2))
            rect.add("width", .number(overlay.width, decimals: 2))
            rect.add("height", .number(overlay.height, decimals: 2))
            object.add("overlay", .object(rect))
        }
        return object
    }

    /// The `summary` line of a session that ran. `expected` is `--expect`; `complete` whether it was met.
    package static func summaryLine(_ summary: ScanSummary, expected: Int?, complete: Bool) -> String {
        let error: String? = if case .failed(let message) = summary.reason { message } else { nil }
        return summaryLine(frames: summary.framesProcessed, dropped: summary.framesDropped,
                           droppedBySource: summary.framesDroppedBySource, codes: summary.recognized,
                           expected: expected, complete: complete, skipped: summary.framesSkipped,
                           misreads: summary.misreadsPrevented, reason: reasonName(summary.reason), error: error,
                           clears: (summary.clears, summary.clearedCodes))
    }

    /// The `summary` line of a run that failed before its first frame, with `message`.
    package static func failedSummaryLine(_ message: String, expected: Int?) -> String {
        summaryLine(frames: 0, dropped: 0, droppedBySource: 0, codes: [], expected: expected, complete: expected == nil,
                    skipped: 0, misreads: 0, reason: "failed", error: message)
    }

    private static func summaryLine(frames: Int, dropped: Int, droppedBySource: Int, codes: [RecognizedBarcode], expected: Int?,
                                    complete: Bool, skipped: Int, misreads: Int, reason: String, error: String?,
                                    clears: (count: Int, codes: Int) = (0, 0)) -> String {
        var object = JSONObject()
        object.add("type", .string("summary"))
        object.add("frames", .int(frames))
        object.add("dropped", .int(dropped))
        object.add("droppedBySource", .int(droppedBySource))
        object.add("codes", .array(codes.map { code in
            var entry = JSONObject()
            // The id the `recognized` event announced, even if the code came back under a new track.
            entry.add("id", .int(code.firstTrackID.rawValue))
            BarcodeJSON.addPayload(of: code.barcode, to: &entry)
            entry.add("first", .number(code.firstSeen, decimals: 6))
            entry.add("last", .number(code.lastSeen, decimals: 6))
            return .object(entry)
        }))
        object.add("expected", expected.map { .int($0) } ?? .null)
        // Nothing expected, nothing to complete: null, not a vacuous true.
        object.add("complete", expected == nil ? .null : .bool(complete))
        object.add("skipped", .int(skipped))
        object.add("misreadsPrevented", .int(misreads))
        // Only after a clear (the live view's Clear): `codes` then lists what was recognized since the latest one.
        if clears.count > 0 {
            object.add("clears", .int(clears.count))
            object.add("clearedCodes", .int(clears.codes))
        }
        object.add("reason", .string(reason))
        object.add("error", error.map { .string($0) })
        return object.text
    }

    /// An overlay's `create` or `delete` (`event`) for code `id`, in the frame (number, time in seconds) it happened in.
    package static func overlayLine(event: String, id: TrackID, frame: Int, time: Double) -> String {
        var object = JSONObject()
        object.add("type", .string("overlay"))
        object.add("event", .string(event))
        object.add("id", .int(id.rawValue))
        object.add("frame", .int(frame))
        object.add("time", .number(time, decimals: 6))
        return object.text
    }

    /// The contract's name of an end reason: `completed`, `stopped`, `end-of-input` or `failed`.
    package static func reasonName(_ reason: ScanSummary.EndReason) -> String {
        switch reason {
        case .completed: "completed"
        case .stopped: "stopped"
        case .endOfInput: "end-of-input"
        case .failed: "failed"
        }
    }
}
