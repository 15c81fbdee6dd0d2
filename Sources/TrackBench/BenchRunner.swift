package import BarcodeDecoding
package import BarcodeEngine
package import BarcodeTracking
import Foundation
import FrameSources
import SyntheticScenes

/// Runs both pipelines over sequences, frame by frame, on the same frames.
package struct BenchRunner {
    /// A finished sequence: the figures and, for `--mot`, what both pipelines reported.
    package struct Outcome {
        var result: BenchSequenceResult
        var engine: BenchSequence?
        var baseline: BenchSequence?
        var frameRate: Double
    }

    let options = DecoderOptions.video
    private var engineOptions: DecoderOptions {
        var isolated = options
        isolated.isolation = engineIsolation
        return isolated
    }
    /// The engine's settings, as `track` would run it (its `--effort`, `--located-only`,
    /// and the per-frame time budget it gives live sources).
    let engine: TrackingEngineConfiguration
    /// The session's settings (`track`'s defaults, so its `--verify` is counted too).
    let session: ScanSessionConfiguration
    /// Receives a line about each photo scene as it starts (for standard error).
    package var progress: (String) -> Void = { _ in }
    /// Where the engine's reads run, as `track` runs them (default: in this process). The
    /// baseline always reads in this process, as a plain zxing-cpp program does.
    package var engineIsolation: ReadIsolation?

    /// A runner for the engine with `engine` against the baseline, both in sessions set up as `session`.
    package init(engine: TrackingEngineConfiguration, session: ScanSessionConfiguration) {
        self.engine = engine
        self.session = session
    }

    /// Renders the scene once per frame and hands each frame to both pipelines (alternating
    /// which goes first). Latency starts when a pipeline receives the rendered frame.
    package func run(_ spec: BenchSceneSpec) throws -> Outcome {
        if let photos = spec.photos { return try run(photoScene: spec.name, photos: photos.paths, camera: photos.configuration) }
        if let clip = spec.clip { return try run(clip: clip) }
        let c = spec.configuration
        let scene: SyntheticScene
        do {
            scene = try SyntheticScene.fitting(c)
        } catch {
            let result = BenchSequenceResult(
                name: spec.name, width: c.width, height: c.height, frames: 0, codes: c.codeCount, modulePixels: nil,
                reference: "ground truth", skipped: "\(error.message) (even at 2 px modules)", engine: nil, baseline: nil,
                sourcePerFrame: 0, peakMemoryMiB: Self.peakMemoryMiB())
            return Outcome(result: result, frameRate: c.frameRate)
        }
        let run = try rendered(frames: c.frameCount) { number in
            let (frame, groundTruth) = scene.render(frame: number)
            return (frame, groundTruth.codes.map {
                BenchTruthObject(id: $0.instance, payload: $0.payload, location: $0.location, fullyVisible: $0.visibility >= 0.999)
            })
        }
        let result = BenchSequenceResult(
            name: spec.name, width: c.width, height: c.height, frames: c.frameCount, codes: c.codeCount,
            modulePixels: scene.configuration.modulePixels, reference: "ground truth", skipped: nil,
            engine: run.compared.engine, baseline: run.compared.baseline,
            decodeLagBehindBaseline: run.compared.lag, engineCoverageOfBaseline: run.compared.coverage,
            sourcePerFrame: run.sourcePerFrame, peakMemoryMiB: Self.peakMemoryMiB())
        return Outcome(result: result, engine: run.engine, baseline: run.baseline, frameRate: c.frameRate)
    }

    /// Reads a media file once per frame and hands each frame to both pipelines; the
    /// baseline's full-frame decodes are the reference (identities linked by geometry, see `BenchReferenceLinker`), so the
    /// baseline's own accuracy is 1 by construction.
    package func run(file path: String, frames limit: Int?) throws -> Outcome {
        let source = try MediaFileSource(path: path)
        defer { source.close() }
        let engine = try BenchEnginePipeline(options: engineOptions, engine: self.engine, session: session)
        let baseline = try BenchBaselinePipeline(options: options, session: session)
        var truth: [[BenchTruthObject]] = [], engineReports: [[BenchReportedTrack]] = [], baselineReports: [[BenchReportedTrack]] = []
        var linker = BenchReferenceLinker()
        var sourceNanoseconds: UInt64 = 0
        var count = 0
        while limit.map({ count < $0 }) ?? true {
            let start = benchNow()
            guard let frame = try source.nextFrame() else { break }
            sourceNanoseconds += benchNow() - start
            count += 1
            let (e, b) = try Self.both(frame, engine: engine, baseline: baseline, engineFirst: count % 2 == 1)
            engineReports.append(e)
            baselineReports.append(b)
            let decodes = baseline.lastDetections.compactMap { detection in
                detection.barcode.map { (payload: $0.benchText, location: detection.location) }
            }
            let identities = linker.link(decodes, frame: count - 1)
            truth.append(zip(decodes, identities).map { decode, id in
                BenchTruthObject(id: id, payload: decode.payload, location: decode.location, fullyVisible: true)
            })
        }
        guard count > 0 else {
            throw BenchError(message: "\(path) has no frames to benchmark")
        }
        let engineSequence = BenchSequence(truth: truth, reported: engineReports)
        let baselineSequence = BenchSequence(truth: truth, reported: baselineReports)
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let compared = Self.compare(engine, engineSequence, baseline, baselineSequence)
        let result = BenchSequenceResult(
            name: name, width: source.frameWidth, height: source.frameHeight, frames: count, codes: linker.count,
            modulePixels: nil, reference: "baseline decodes", skipped: nil,
            engine: compared.engine, baseline: compared.baseline,
            decodeLagBehindBaseline: compared.lag, engineCoverageOfBaseline: compared.coverage,
            sourcePerFrame: Double(sourceNanoseconds) / 1e6 / Double(count), peakMemoryMiB: Self.peakMemoryMiB())
        return Outcome(result: result, engine: engineSequence, baseline: baselineSequence,
                       frameRate: source.nominalFrameRate ?? 30)
    }

    /// Both pipelines over `frames` rendered frames (1-based numbers); `render` gives each
    /// frame with its reference, and its time counts as the source's, not the pipelines'.
    func rendered(frames: Int, render: (Int) throws -> (Frame, [BenchTruthObject])) throws
        -> (engine: BenchSequence, baseline: BenchSequence,
            compared: (engine: BenchPipelineResult, baseline: BenchPipelineResult, lag: [Int], coverage: Double),
            sourcePerFrame: Double) {
        let engine = try BenchEnginePipeline(options: engineOptions, engine: self.engine, session: session)
        let baseline = try BenchBaselinePipeline(options: options, session: session)
        var truth: [[BenchTruthObject]] = [], engineReports: [[BenchReportedTrack]] = [], baselineReports: [[BenchReportedTrack]] = []
        var sourceNanoseconds: UInt64 = 0
        for number in 1...frames {
            let start = benchNow()
            let (frame, reference) = try render(number)
            sourceNanoseconds += benchNow() - start
            truth.append(reference)
            let (e, b) = try Self.both(frame, engine: engine, baseline: baseline, engineFirst: number % 2 == 1)
            engineReports.append(e)
            baselineReports.append(b)
        }
        let engineSequence = BenchSequence(truth: truth, reported: engineReports)
        let baselineSequence = BenchSequence(truth: truth, reported: baselineReports)
        return (engineSequence, baselineSequence, Self.compare(engine, engineSequence, baseline, baselineSequence),
                Double(sourceNanoseconds) / 1e6 / Double(frames))
    }

    static func both(_ frame: Frame, engine: BenchEnginePipeline, baseline: BenchBaselinePipeline,
                             engineFirst: Bool) throws -> ([BenchReportedTrack], [BenchReportedTrack]) {
        if engineFirst {
            let e = try engine.process(frame, capture: benchNow())
            return (e, try baseline.process(frame, capture: benchNow()))
        }
        let b = try baseline.process(frame, capture: benchNow())
        return (try engine.process(frame, capture: benchNow()), b)
    }

    /// Both pipelines' figures on one sequence, and how the engine compares with the baseline.
    static func compare(_ engine: BenchEnginePipeline, _ engineSequence: BenchSequence,
                                _ baseline: BenchBaselinePipeline, _ baselineSequence: BenchSequence)
        -> (engine: BenchPipelineResult, baseline: BenchPipelineResult, lag: [Int], coverage: Double) {
        var e = BenchPipelineResult(timing: engine.timing, sequence: engineSequence)
        var b = BenchPipelineResult(timing: baseline.timing, sequence: baselineSequence)
        e.misreadsPrevented = engine.misreadsPrevented
        b.misreadsPrevented = baseline.misreadsPrevented
        return (e, b, BenchAccuracy.decodeLag(engine: engineSequence, baseline: baselineSequence),
                BenchAccuracy.coverageOfBaseline(engine: engineSequence, baseline: baselineSequence))
    }

    /// Peak resident memory of this process so far, MiB (getrusage; Linux reports KiB).
    static func peakMemoryMiB() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}

/// Why a benchmark cannot run (an input with nothing to measure).
package struct BenchError: Error, CustomStringConvertible {
    /// What was wrong, for the user.
    package var message: String
    /// The message, as `track bench` prints it.
    package var description: String { message }
}
