import BarcodeDecoding
import BarcodeEngine
import BarcodeTracking
import JSONLines
import Dispatch
import Foundation
import FrameSources
import LiveView
import TrackArguments
import Synchronization

/// A setup problem that ends `track` before any frame: message and exit status.
struct JobSetupError: Error {
    let message: String
    let status: Int32
}

/// One run of the tracking pipeline from the command line: source, session,
/// outputs, signals and the exit status.
final class TrackingJob {
    let processor: FrameProcessor
    let failure: FailureRecord
    /// The input's name, for messages.
    let sourceName: String
    let output: any TrackOutput
    let sink: OutputSink
    let format: OutputFormat
    let outputName: String
    let annotation: AnnotationWriter?
    let recording: AnnotationWriter?
    /// `--truth`: the demo scene's ground truth of the processed frames, or `nil`.
    let truth: TruthWriter?
    let overlays: OverlayLifecycle?
    let expected: Int?
    let timeout: Double?
    let stopper: JobStopper
    /// `--serve`: the live page, or `nil`.
    let live: LiveOutput?
    /// Per-frame latency, kept with `--serve` or `--latency-report`.
    let clock: FrameClock?
    let latencyReport: Bool
    /// `track station`: the pallets, or `nil` for `track run`.
    let station: StationRecorder?
    /// The counters for Prometheus, kept with `--serve` or `--metrics`.
    let metrics: JobMetrics?
    /// `--metrics`: the server of ``metrics`` alone, or `nil`.
    let metricsServer: MetricsServer?

    /// Opens the output, the input and the other outputs. When something fails after the output is open
    /// (the input cannot be opened, an `--annotate` file cannot be created), the output still gets a
    /// summary with reason `failed` before the error is thrown, so the summary is always its last line.
    /// `stopper` may already hold a signal that arrived while the input was being opened.
    init(input: InputOptions, session options: SessionOptions, format: OutputFormat, output path: String?,
         annotate: String?, record: String? = nil, truth truthPath: String? = nil, overlay: String?, stopper: JobStopper,
         serve: LiveViewConfiguration? = nil, latencyReport: Bool = false, station stationOptions: StationOptions? = nil,
         metrics metricsAddress: (host: String, port: Int)? = nil) throws {
        let metrics = serve != nil || metricsAddress != nil ? JobMetrics() : nil
        self.metrics = metrics
        metricsServer = metricsAddress.map { MetricsServer(metrics: metrics ?? JobMetrics(), host: $0.host, port: $0.port) }
        let sink: OutputSink
        // A station appends: a restarted station keeps the records it already wrote.
        do { sink = try OutputSink(path: path, append: stationOptions != nil) } catch {
            throw JobSetupError(message: "\(error)", status: ExitStatus.outputError)
        }
        self.sink = sink
        self.format = format
        outputName = path.map { $0 == "-" ? "standard output" : "--output \($0)" } ?? "standard output"
        let stationOutput = stationOptions == nil ? nil : StationSummaryOutput(format: format, sink: sink)
        let output = stationOutput ?? Self.output(format, to: sink, locatedOnly: options.locatedOnly)
        self.output = output
        func failed(_ error: JobSetupError) -> JobSetupError {
            output.failedToStart(error.message, expected: options.expect)
            sink.finish()
            return error
        }
        let source: MadeSource
        do { source = try SourceFactory.make(input, frames: options.frames) } catch let error as JobSetupError { throw failed(error) }
        failure = source.source.failure
        sourceName = source.source.name
        var decoderOptions = DecoderOptions.video
        decoderOptions.symbologies = options.symbologies ?? []
        decoderOptions.maxSymbols = options.maxCodesPerFrame
        decoderOptions.isolation = options.readIsolation.isolation()
        decoderOptions.zxingBinarizer = options.zxingBinarizer
        var configuration = ScanSessionConfiguration()
        // A station checks --expect per pallet; the session itself runs until stopped.
        configuration.expectedCount = stationOptions == nil ? options.expect : nil
        configuration.maximumCodesPerFrame = options.maxCodesPerFrame
        if let memory = options.identityMemory { configuration.tracker.identityMemory = memory }
        configuration.enabledSymbologies = options.symbologies
        configuration.scanArea = try options.scanArea()
        var verification = try options.verificationRules()
        if let frames = source.frameCount {
            let capped = verification.capped(atFrames: frames)
            if capped != verification {
                // Said, not silent: the user's rule is loosened because the input cannot meet it.
                StandardError.print("track: \(source.source.name) has \(frames) frame\(frames == 1 ? "" : "s"); --verify \(verification.description) becomes \(capped.description) for it")
                verification = capped
            }
        }
        verification.apply(to: &configuration)
        let scanned = configuration.scanArea.area(in: source.frameSize)
        if source.frameSize.width > 0, source.frameSize.height > 0, !(scanned.width >= 1 && scanned.height >= 1) {
            throw failed(JobSetupError(
                message: "--margins \(options.margins ?? "") leave no scan area in the \(Int(source.frameSize.width))x\(Int(source.frameSize.height)) frame; make them smaller",
                status: ExitStatus.usage))
        }
        // --accept/--reject run where a library user's rules run: the session's predicate,
        // on the frame-processing queue.
        let rejection = try options.payloadRules().predicate
        let reader: any BarcodeDetector
        let session: ScanSession
        do {
            reader = options.decodeEveryFrame ? try BarcodeReader(options: decoderOptions)
                : try Engine.detector(options: decoderOptions, frameTimeBudget: source.source.isLive
                    ? TrackingEngineConfiguration.liveFrameTimeBudget(frameRate: source.frameRate) : nil, effort: options.effort ?? .balanced,
                    locatedOnly: options.locatedOnly, sectionalCode39: options.sectionalCode39)
            session = try ScanSession(configuration: configuration, shouldReject: rejection)
        } catch let error as DecodingError {
            throw JobSetupError(message: error.message, status: ExitStatus.usage)
        } catch let error as TrackingError {
            throw JobSetupError(message: error.message, status: ExitStatus.usage)
        }
        do {
            station = try stationOptions.map { try StationRecorder(options: $0, expected: options.expect, session: session, sink: sink, format: format,
                                                                       metrics: metrics) }
            if let station { stationOutput?.palletsRecorded = { station.palletsRecorded } }
        } catch let error as JobSetupError {
            throw failed(error)
        }
        let specification = try overlay.map { try OverlaySpecification(parsing: $0) }
        overlays = specification.map(OverlayLifecycle.init)
        if let annotate {
            do {
                annotation = try AnnotationWriter(path: annotate, size: source.frameSize, frameRate: source.frameRate,
                                                  scanArea: configuration.scanArea)
            } catch {
                throw failed(JobSetupError(message: "cannot write --annotate \(annotate): \(error)", status: ExitStatus.outputError))
            }
        } else {
            annotation = nil
        }
        if let record {
            do {
                recording = try AnnotationWriter(path: record, size: source.frameSize, frameRate: source.frameRate,
                                                 scanArea: nil, annotated: false)
            } catch {
                throw failed(JobSetupError(message: "cannot write --record \(record): \(error)", status: ExitStatus.outputError))
            }
        } else {
            recording = nil
        }
        if let truthPath {
            guard let groundTruth = source.groundTruth else {
                throw failed(JobSetupError(message: "--truth needs a demo scene (--demo): only it knows where its codes are", status: ExitStatus.usage))
            }
            do {
                truth = try TruthWriter(path: truthPath, clip: record, size: source.frameSize, groundTruth: groundTruth)
            } catch let error as JobSetupError {
                throw failed(error)
            }
        } else {
            truth = nil
        }
        var processorConfiguration = FrameProcessorConfiguration()
        processorConfiguration.label = "track"
        processorConfiguration.deliversImages = annotation != nil || recording != nil || serve != nil || station?.needsImages == true
        let clock = serve != nil || latencyReport || metrics != nil ? FrameClock() : nil
        self.clock = clock
        self.latencyReport = latencyReport
        processor = FrameProcessor(source: LimitedSource(source.source, frames: options.frames, duration: options.duration, clock: clock),
                                   detector: reader, session: session, configuration: processorConfiguration)
        if let serve {
            var scene = LiveViewScene(frameSize: source.frameSize, scanArea: configuration.scanArea,
                                      expectedCount: options.expect, hasOverlays: overlays != nil)
            scene.station = stationOptions?.stationName
            // POST /next is the station's manual trigger, exactly as a line on standard input or SIGUSR1.
            let nextPallet: (@Sendable () -> Void)? = station.map { recorder in
                let triggers = recorder.triggers
                return { triggers.fire() }
            }
            do {
                live = try LiveOutput(configuration: serve, session: session, scene: scene, clock: clock ?? FrameClock(),
                                      nextPallet: nextPallet, metrics: metrics)
                station?.live = live?.feed
            } catch let error as LiveViewError {
                throw failed(JobSetupError(message: "--serve: \(error.message)", status: ExitStatus.usage))
            }
        } else {
            live = nil
        }
        self.stopper = stopper
        stopper.attach(processor)
        expected = stationOptions == nil ? options.expect : nil
        timeout = options.timeout
    }

    /// Runs to the end and returns the exit status.
    func run() async -> Int32 {
        if let live {
            do {
                // The first line on standard error, so that a script can read the port it asked to be picked.
                StandardError.print("serving \(try await live.start())")
            } catch {
                return failedToStart("--serve: \(error.message)")
            }
        }
        if let metricsServer {
            do {
                StandardError.print("metrics at \(try await metricsServer.start())")
            } catch {
                await live?.server.stop()
                return failedToStart("--metrics: \(error.message)")
            }
        }
        if let timeout {
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [stopper] in stopper.stop(.timeout) }
        }
        station?.startTriggers()
        processor.start()
        var final: ScanSummary?
        var skippedReported = 0
        var warningsReported = 0
        var lastFrame = (number: 0, time: 0.0)
        for await event in processor.results {
            switch event {
            case .frame(let result):
                let latency = clock?.noteDelivered(result.frameNumber)
                metrics?.frameProcessed(result, latency: latency)
                let (plans, events) = overlays?.process(result) ?? ([:], [])
                output.frame(result, overlays: plans.mapValues(\.rect))
                station?.frame(result)
                output.overlayEvents(events)
                // The decoder's warnings (a read lost in a reader process, a zxing-cpp pass cut short) are in
                // the JSONL frame lines; the first few are said here too, whatever the format.
                for warning in result.warnings {
                    warningsReported += 1
                    if warningsReported <= 10 {
                        StandardError.print("track: frame \(result.frameNumber): warning: \(warning)")
                    } else if warningsReported == 11 {
                        StandardError.print("track: more decoder warnings: only in the frame lines of --format jsonl")
                    }
                }
                lastFrame = (result.frameNumber, result.time)
                if sink.failure != nil { stop(.outputFailed); continue }
                annotation?.write(result, overlays: result.tracks.compactMap { plans[$0.id] })
                recording?.write(result)
                truth?.write(frame: result.frameNumber)
                live?.frame(result, overlays: Array(plans.values), events: events)
            case .skipped(let skipped):
                metrics?.frameSkipped()
                // The summary counts them all; the first few are named, a damaged stream can have thousands.
                skippedReported += 1
                if skippedReported <= 10 {
                    StandardError.print("track: frame \(skipped.frameNumber) (\(String(format: "%.3f", skipped.time)) s) skipped: \(skipped.reason)"
                                        + (skippedReported == 10 ? " (further skipped frames are only counted)" : ""))
                }
            case .finished(let summary):
                final = summary
            }
        }
        let summary = final ?? processor.session.summary
        if let overlays, sink.failure == nil {
            output.overlayEvents(overlays.finish(frame: lastFrame.number, time: lastFrame.time))
        }
        if sink.failure == nil { station?.finish() }
        await station?.finishDelivery()
        annotation?.finish()
        recording?.finish()
        truth?.finish()
        guard let summary else { return ExitStatus.inputError }
        if let cut = failure.cutShort {
            StandardError.print("track: warning: \(sourceName) seems cut short (\(cut)); the results cover only the frames before the cut")
        }
        let complete = expected.map { summary.recognized.count >= $0 } ?? true
        output.summary(summary, expected: expected, complete: complete)
        sink.finish()
        await live?.finish(summary, expected: expected)
        await metricsServer?.stop()
        if latencyReport, let clock {
            let all = clock.overall
            StandardError.print("track: latency (frame read → result) p50 \(JSONValue.number(all.p50).text) ms, "
                                + "p99 \(JSONValue.number(all.p99).text) ms, max \(JSONValue.number(all.max).text) ms over \(all.count) frames")
            if live != nil {
                let cost = clock.publishing
                StandardError.print("track: live view publishing on the results loop p50 \(JSONValue.number(cost.p50).text) µs, "
                                    + "p99 \(JSONValue.number(cost.p99).text) µs over \(cost.count) frames")
            }
        }
        if let failure = sink.failure {
            // The results are cut short: say so, and give the summary where it can still be read.
            StandardError.print("track: cannot write \(outputName): \(failure); the summary follows")
            Self.output(format == .text ? .text : .jsonl, to: .standardError())
                .summary(summary, expected: expected, complete: complete)
        }
        return exitStatus(summary, complete: complete)
    }

    /// A server that could not listen: the output gets its summary with the reason, and the job ends
    /// with status 64 before the first frame.
    private func failedToStart(_ message: String) -> Int32 {
        output.failedToStart(message, expected: expected)
        sink.finish()
        StandardError.print("track: \(message)")
        return ExitStatus.usage
    }

    /// The writer for `format` on `sink`; `locatedOnly` (`--located-only`) has the text summary
    /// count the codes outlined but never decoded.
    static func output(_ format: OutputFormat, to sink: OutputSink, locatedOnly: Bool = false) -> any TrackOutput {
        switch format {
        case .jsonl: JSONLinesOutput(sink: sink)
        case .mot: MOTOutput(sink: sink)
        case .text: TextOutput(sink: sink, countsLocated: locatedOnly)
        }
    }

    func stop(_ cause: JobStopper.Cause) { stopper.stop(cause) }

    private func exitStatus(_ summary: ScanSummary, complete: Bool) -> Int32 {
        switch stopper.cause {
        // A station is stopped by a signal at the end of a shift: that is its normal end.
        case .signal where station != nil && sink.failure == nil: return ExitStatus.success
        case .signal(let number): return 128 + number
        case .timeout where !complete: return ExitStatus.timedOut
        default: break
        }
        // Results that could not be written are not a success, whatever was found.
        if sink.failure != nil || annotation?.failure != nil || recording?.failure != nil || truth?.failure != nil { return ExitStatus.outputError }
        if case .failed(let message) = summary.reason {
            if !message.isEmpty { StandardError.print("track: \(message)") }
            return SourceFactory.exitStatus(for: failure.value)
        }
        if let station { return station.palletsRecorded == 0 ? ExitStatus.noCodes : ExitStatus.success }
        if expected != nil { return complete ? ExitStatus.success : ExitStatus.incomplete }
        return summary.recognized.isEmpty ? ExitStatus.noCodes : ExitStatus.success
    }
}
