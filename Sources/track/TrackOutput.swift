import BarcodeTracking

/// What `track` reports while it runs; one implementation per `--format`.
protocol TrackOutput: AnyObject {
    /// One processed frame (tracks in frame pixels, times in seconds of the source's clock).
    func frame(_ result: ScanFrameResult, overlays: [TrackID: Rect])
    /// The final result; always the last call.
    func summary(_ summary: ScanSummary, expected: Int?, complete: Bool)
    /// The final result of a run that failed before its first frame (the input could not be
    /// opened): nothing processed, reason `failed`, and `message`. Instead of ``summary(_:expected:complete:)``.
    func failedToStart(_ message: String, expected: Int?)
}

/// The `--format` values.
enum OutputFormat: String, CaseIterable {
    case text, jsonl, mot
}

/// `jsonl`: the machine-readable contract documented in the README.
final class JSONLinesOutput: TrackOutput {
    let sink: any LineSink

    init(sink: any LineSink) { self.sink = sink }

    func frame(_ result: ScanFrameResult, overlays: [TrackID: Rect]) {
        var frame = JSONObject()
        frame.add("type", .string("frame"))
        frame.add("frame", .int(result.frameNumber))
        frame.add("time", .number(result.time, decimals: 6))
        frame.add("tracks", .array(result.tracks.map { track in .object(Self.track(track, overlay: overlays[track.id])) }))
        sink.write(frame.text)
        for code in result.newlyRecognized {
            var event = JSONObject()
            event.add("type", .string("recognized"))
            event.add("id", .int(code.trackID.rawValue))
            BarcodeJSON.addPayload(of: code.barcode, to: &event)
            event.add("frame", .int(result.frameNumber))
            event.add("time", .number(result.time, decimals: 6))
            sink.write(event.text)
        }
        for lost in result.removed {
            var event = JSONObject()
            event.add("type", .string("lost"))
            event.add("id", .int(lost.id.rawValue))
            event.add("frame", .int(result.frameNumber))
            event.add("time", .number(result.time, decimals: 6))
            sink.write(event.text)
        }
        sink.flush()
    }

    static func track(_ track: TrackedBarcode, overlay: Rect?) -> JSONObject {
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

    func summary(_ summary: ScanSummary, expected: Int?, complete: Bool) {
        let error: String? = if case .failed(let message) = summary.reason { message } else { nil }
        writeSummary(frames: summary.framesProcessed, dropped: summary.framesDropped, codes: summary.recognized,
                     expected: expected, complete: complete, skipped: summary.framesSkipped,
                     reason: Self.reasonName(summary.reason), error: error)
    }

    func failedToStart(_ message: String, expected: Int?) {
        writeSummary(frames: 0, dropped: 0, codes: [], expected: expected, complete: expected == nil, skipped: 0,
                     reason: "failed", error: message)
    }

    private func writeSummary(frames: Int, dropped: Int, codes: [RecognizedBarcode], expected: Int?, complete: Bool,
                              skipped: Int, reason: String, error: String?) {
        var object = JSONObject()
        object.add("type", .string("summary"))
        object.add("frames", .int(frames))
        object.add("dropped", .int(dropped))
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
        object.add("complete", .bool(complete))
        object.add("skipped", .int(skipped))
        object.add("reason", .string(reason))
        object.add("error", error.map { .string($0) })
        sink.write(object.text)
        sink.flush()
    }

    static func reasonName(_ reason: ScanSummary.EndReason) -> String {
        switch reason {
        case .completed: "completed"
        case .stopped: "stopped"
        case .endOfInput: "end-of-input"
        case .failed: "failed"
        }
    }
}

/// `mot`: MOTChallenge CSV, one line per measured track per frame:
/// `frame,id,left,top,width,height,1,-1,-1,-1` with the axis-aligned bounds of the quad.
/// Predicted-only tracks are left out: the format is for measurements.
final class MOTOutput: TrackOutput {
    let sink: OutputSink

    init(sink: OutputSink) { self.sink = sink }

    func frame(_ result: ScanFrameResult, overlays: [TrackID: Rect]) {
        for track in result.tracks where track.state == .tracked {
            sink.write(Self.line(frame: result.frameNumber, id: track.id.rawValue, box: track.location.boundingBox))
        }
        sink.flush()
    }

    static func line(frame: Int, id: Int, box: Rect) -> String {
        func n(_ x: Double) -> String { JSONValue.number(x, decimals: 2).text }
        return "\(frame),\(id),\(n(box.x)),\(n(box.y)),\(n(box.width)),\(n(box.height)),1,-1,-1,-1"
    }

    func summary(_ summary: ScanSummary, expected: Int?, complete: Bool) {
        sink.flush()
        if case .failed(let message) = summary.reason { StandardError.print("track: \(message)") }
    }

    /// Nothing: the CSV has no summary line, and the caller reports the error on standard error.
    func failedToStart(_ message: String, expected: Int?) {}
}

/// `text`: lines for people.
final class TextOutput: TrackOutput {
    let sink: OutputSink

    init(sink: OutputSink) { self.sink = sink }

    func frame(_ result: ScanFrameResult, overlays: [TrackID: Rect]) {
        for code in result.newlyRecognized {
            let c = code.location.center
            sink.write("\(Self.clock(result.time))  #\(code.trackID)  \(code.barcode.symbology.rawValue)  "
                       + "\(BarcodeJSON.printable(code.barcode))  at (\(Int(c.x)), \(Int(c.y)))")
        }
        for lost in result.removed {
            sink.write("\(Self.clock(result.time))  #\(lost.id)  lost")
        }
        sink.flush()
    }

    /// Seconds with millisecond precision, right-aligned: `   1.234s`.
    static func clock(_ t: Double) -> String {
        let text = JSONValue.number(t, decimals: 3).text + "s"
        return String(repeating: " ", count: max(0, 9 - text.count)) + text
    }

    func summary(_ summary: ScanSummary, expected: Int?, complete: Bool) {
        let count = summary.recognized.count
        var head = "\(count) code\(count == 1 ? "" : "s") recognized"
        if let expected { head += " of \(expected) expected" + (complete ? "" : " (incomplete)") }
        head += " in \(summary.framesProcessed) frames"
        if summary.framesDropped > 0 { head += ", \(summary.framesDropped) dropped" }
        if summary.framesSkipped > 0 { head += ", \(summary.framesSkipped) skipped" }
        sink.write(head + " (\(JSONLinesOutput.reasonName(summary.reason)))")
        for code in summary.recognized {
            var line = "  #\(code.firstTrackID.rawValue)  \(code.barcode.symbology.rawValue)  \(BarcodeJSON.printable(code.barcode))"
            if let extended = code.barcode.extendedData { line += "  (\(extended))" }
            sink.write(line)
        }
        if case .failed(let message) = summary.reason { sink.write("error: \(message)") }
        sink.flush()
    }

    /// Nothing: the caller reports the error on standard error, which is where people look.
    func failedToStart(_ message: String, expected: Int?) {}
}
