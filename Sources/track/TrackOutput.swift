import BarcodeTracking
import JSONLines

/// What `track` reports while it runs; one implementation per `--format`.
protocol TrackOutput: AnyObject {
    /// One processed frame (tracks in frame pixels, times in seconds of the source's clock),
    /// with the rectangles (frame pixels) of the overlays alive after it, by code.
    func frame(_ result: ScanFrameResult, overlays: [TrackID: Rect])
    /// Overlays created or deleted (after the frame they happened in; at the end of the run, the last deletions).
    func overlayEvents(_ events: [OverlayEvent])
    /// The final result; always the last call.
    func summary(_ summary: ScanSummary, expected: Int?, complete: Bool)
    /// The final result of a run that failed before its first frame (the input could not be
    /// opened): nothing processed, reason `failed`, and `message`. Instead of ``summary(_:expected:complete:)``.
    func failedToStart(_ message: String, expected: Int?)
}

extension TrackOutput {
    /// Nothing by default: only `jsonl` reports the overlay lifecycle.
    func overlayEvents(_ events: [OverlayEvent]) {}
}

/// The `--format` values.
enum OutputFormat: String, CaseIterable {
    case text, jsonl, mot
}

/// `jsonl`: the machine-readable contract documented in docs/output-contract.md, encoded by ``JSONLinesEncoder``
/// (the live view streams the same lines).
final class JSONLinesOutput: TrackOutput {
    let sink: OutputSink

    init(sink: OutputSink) { self.sink = sink }

    func frame(_ result: ScanFrameResult, overlays: [TrackID: Rect]) {
        for line in JSONLinesEncoder.lines(for: result, overlays: overlays) { sink.write(line) }
        sink.flush()
    }

    func overlayEvents(_ events: [OverlayEvent]) {
        guard !events.isEmpty else { return }
        for line in events.map(\.jsonLine) { sink.write(line) }
        sink.flush()
    }

    func summary(_ summary: ScanSummary, expected: Int?, complete: Bool) {
        sink.write(JSONLinesEncoder.summaryLine(summary, expected: expected, complete: complete))
        sink.flush()
    }

    func failedToStart(_ message: String, expected: Int?) {
        sink.write(JSONLinesEncoder.failedSummaryLine(message, expected: expected))
        sink.flush()
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
            sink.write(MOTChallengeLine.line(frame: result.frameNumber, id: track.id.rawValue, box: track.location.boundingBox))
        }
        sink.flush()
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
    /// With `--located-only`: the summary says how many codes were outlined but never decoded,
    /// so that a run that drew outlines does not end with a bare "0 codes recognized".
    private let countsLocated: Bool
    /// Tracks seen without data, and tracks seen with it (a located track keeps its id once decoded).
    private var locatedIDs = Set<TrackID>(), decodedIDs = Set<TrackID>()

    init(sink: OutputSink, countsLocated: Bool = false) {
        self.sink = sink
        self.countsLocated = countsLocated
    }

    func frame(_ result: ScanFrameResult, overlays: [TrackID: Rect]) {
        if countsLocated {
            for track in result.tracks {
                if track.barcode == nil { locatedIDs.insert(track.id) } else { decodedIDs.insert(track.id) }
            }
        }
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
        if summary.framesDropped > 0 {
            head += ", \(summary.framesDropped) dropped"
            if summary.framesDroppedBySource > 0 { head += " (\(summary.framesDroppedBySource) by the source)" }
        }
        if summary.framesSkipped > 0 { head += ", \(summary.framesSkipped) skipped" }
        if summary.misreadsPrevented > 0 { head += ", \(summary.misreadsPrevented) misread\(summary.misreadsPrevented == 1 ? "" : "s") held back" }
        if countsLocated {
            let located = locatedIDs.subtracting(decodedIDs).count
            head += "; \(located) more located but not decoded (outlined only)"
        }
        sink.write(head + " (\(JSONLinesEncoder.reasonName(summary.reason)))")
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

/// `track station`'s output: the pallet records are written by ``StationRecorder``; of the run's
/// own lines only the summary is kept (a shift's frame lines would be millions). Its codes are
/// all in the pallet lines, so the summary lists none; as text it counts the pallets.
final class StationSummaryOutput: TrackOutput {
    let base: any TrackOutput
    let sink: OutputSink
    let format: OutputFormat
    /// The pallets recorded so far (set once the recorder exists).
    var palletsRecorded: () -> Int = { 0 }

    init(format: OutputFormat, sink: OutputSink) {
        self.base = TrackingJob.output(format, to: sink)
        self.sink = sink
        self.format = format
    }

    func frame(_ result: ScanFrameResult, overlays: [TrackID: Rect]) {}

    func summary(_ summary: ScanSummary, expected: Int?, complete: Bool) {
        var summary = summary
        summary.recognized = []
        guard format == .text else { return base.summary(summary, expected: nil, complete: true) }
        let pallets = palletsRecorded()
        var line = "\(pallets) pallet\(pallets == 1 ? "" : "s") recorded in \(summary.framesProcessed) frames"
        if summary.framesDropped > 0 { line += ", \(summary.framesDropped) dropped" }
        if summary.framesSkipped > 0 { line += ", \(summary.framesSkipped) skipped" }
        sink.write(line + " (\(JSONLinesEncoder.reasonName(summary.reason)))")
        if case .failed(let message) = summary.reason { sink.write("error: \(message)") }
        sink.flush()
    }

    func failedToStart(_ message: String, expected: Int?) { base.failedToStart(message, expected: expected) }
}
