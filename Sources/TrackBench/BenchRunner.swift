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
    /// The baseline binarizes with zxing-cpp's own code, as zxing-cpp ships
    /// (``DecoderOptions/zxingBinarizer``); by default both pipelines use the package's copy.
    package var baselineZXingBinarizer = false
    private var baselineOptions: DecoderOptions {
        var stock = options
        stock.zxingBinarizer = baselineZXingBinarizer
        return stock
    }

    /// A runner for the engine with `engine` against the baseline, both in sessions set up as `session`.
    package init(engine: TrackingEngineConfiguration, session: ScanSessionConfiguration) {
        self.engine = engine
        self.session = session
    }

    /// Renders the scene once per frame and hands the frames to both pipelines in blocks
    /// (``BenchBlocks``). Latency starts when a pipeline receives the rendered frame.
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

    /// Reads a media file once per frame and hands each frame to both pipelines. The accuracy
    /// reference is `reference` (another decoder's decodes of the same video, or a recorded demo
    /// scene's ground truth) or else the baseline's full-frame decodes, so that the baseline's own
    /// accuracy is 1 by construction. In decodes, identities are linked by geometry
    /// (``BenchReferenceLinker``) and a code unread between two reads is don't-care
    /// (``BenchReferenceGaps``); ground truth gives its own identities and has no don't-care. The engine's lag behind the
    /// baseline and its coverage of the baseline's reads are always measured on the baseline's decodes, less the
    /// misreads ground truth shows (``BenchMisreads``).
    package func run(file path: String, frames limit: Int?, reference referencePath: String? = nil) throws -> Outcome {
        let source = try MediaFileSource(path: path)
        defer { source.close() }
        let reference = try referencePath.map { try BenchReferenceFile(path: $0) }
        // The size at once, before any frame is read; the frame count once they all are.
        try reference?.check(against: path, width: source.frameWidth, height: source.frameHeight, frames: 0, limited: true)
        let engine = try BenchEnginePipeline(options: engineOptions, engine: self.engine, session: session)
        let baseline = try BenchBaselinePipeline(options: baselineOptions, session: session)
        var blocks = BenchBlocks(engine: engine, baseline: baseline)
        var sourceNanoseconds: UInt64 = 0
        var count = 0
        while limit.map({ count < $0 }) ?? true {
            let start = benchNow()
            guard let frame = try source.nextFrame() else { break }
            sourceNanoseconds += benchNow() - start
            count += 1
            try blocks.append(frame)
        }
        try blocks.flush()
        let engineReports = blocks.engineReports, baselineReports = blocks.baselineReports
        // With ground truth, the baseline's misreads are no reads the engine must make too.
        let truthFrames = reference?.isGroundTruth == true ? reference?.decodes : nil
        var misreads = 0, misplaced = 0
        var decoded = BenchLinkedReference()
        for (index, detections) in blocks.baselineDetections.enumerated() {
            let truth = truthFrames.map { index < $0.count ? $0[index] : [] }
            decoded.append(detections.compactMap { detection in
                guard let barcode = detection.barcode else { return nil }
                if BenchMisplacedReads.isMisplaced(detection.location, symbology: barcode.symbology) {
                    misplaced += 1
                    return nil
                }
                if let truth, BenchMisreads.isMisread(barcode.benchText, at: detection.location, truth: truth) {
                    misreads += 1
                    return nil
                }
                return (payload: barcode.benchText, location: detection.location)
            })
        }
        guard count > 0 else {
            throw BenchError(message: "\(path) has no frames to benchmark")
        }
        let onDecodes = (engine: decoded.sequence(engineReports), baseline: decoded.sequence(baselineReports))
        var engineSequence = onDecodes.engine, baselineSequence = onDecodes.baseline
        var codes = decoded.linker.count
        if let reference {
            try reference.check(against: path, width: source.frameWidth, height: source.frameHeight, frames: count,
                                limited: limit == count)
            let frames = reference.decodes.prefix(count)
            if reference.isGroundTruth {
                let truth = frames.map { $0.map { BenchTruthObject(id: $0.instance ?? 0, payload: $0.payload, location: $0.location,
                                                                   fullyVisible: $0.scored) } }
                engineSequence = BenchSequence(truth: truth, reported: engineReports)
                baselineSequence = BenchSequence(truth: truth, reported: baselineReports)
                codes = Set(truth.joined().map(\.id)).count
            } else {
                var linked = BenchLinkedReference()
                for frame in frames { linked.append(frame.map { ($0.payload, $0.location) }) }
                engineSequence = linked.sequence(engineReports)
                baselineSequence = linked.sequence(baselineReports)
                codes = linked.linker.count
            }
        }
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        var compared = Self.compare(engine, engineSequence, baseline, baselineSequence)
        if reference != nil {
            compared.lag = BenchAccuracy.decodeLag(engine: onDecodes.engine, baseline: onDecodes.baseline)
            compared.coverage = BenchAccuracy.coverageOfBaseline(engine: onDecodes.engine, baseline: onDecodes.baseline)
        }
        let result = BenchSequenceResult(
            name: name, width: source.frameWidth, height: source.frameHeight, frames: count, codes: codes,
            modulePixels: nil, reference: reference.map { $0.isGroundTruth ? $0.decoder : "\($0.decoder) decodes" } ?? "baseline decodes",
            skipped: nil,
            engine: compared.engine, baseline: compared.baseline,
            decodeLagBehindBaseline: compared.lag, engineCoverageOfBaseline: compared.coverage,
            sourcePerFrame: Double(sourceNanoseconds) / 1e6 / Double(count), peakMemoryMiB: Self.peakMemoryMiB(),
            baselineMisreadsSetAside: truthFrames == nil ? nil : misreads, baselineMisplacedSetAside: misplaced)
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
        let baseline = try BenchBaselinePipeline(options: baselineOptions, session: session)
        var truth: [[BenchTruthObject]] = []
        var blocks = BenchBlocks(engine: engine, baseline: baseline)
        var sourceNanoseconds: UInt64 = 0
        for number in 1...frames {
            let start = benchNow()
            let (frame, reference) = try render(number)
            sourceNanoseconds += benchNow() - start
            truth.append(reference)
            try blocks.append(frame)
        }
        try blocks.flush()
        let engineSequence = BenchSequence(truth: truth, reported: blocks.engineReports)
        let baselineSequence = BenchSequence(truth: truth, reported: blocks.baselineReports)
        return (engineSequence, baselineSequence, Self.compare(engine, engineSequence, baseline, baselineSequence),
                Double(sourceNanoseconds) / 1e6 / Double(frames))
    }

    /// Both pipelines' figures on one sequence, and how the engine compares with the baseline.
    static func compare(_ engine: BenchEnginePipeline, _ engineSequence: BenchSequence,
                                _ baseline: BenchBaselinePipeline, _ baselineSequence: BenchSequence)
        -> (engine: BenchPipelineResult, baseline: BenchPipelineResult, lag: [Int], coverage: Double) {
        var e = BenchPipelineResult(timing: engine.timing, sequence: engineSequence)
        var b = BenchPipelineResult(timing: baseline.timing, sequence: baselineSequence)
        e.misreadsPrevented = engine.misreadsPrevented
        e.jobMillisecondsPerFrame = BenchJobTimes.perFrame(engine.jobTimes, frames: engine.timing.frames)
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

    /// An error saying `message`.
    package init(message: String) {
        self.message = message
    }
}
