/// One pipeline's figures on one sequence (times in milliseconds unless named otherwise).
struct BenchPipelineResult: Sendable, Codable {
    var framesPerSecond: Double
    var latencyP50: Double, latencyP90: Double, latencyP99: Double, latencyMax: Double
    /// Mean milliseconds per frame in each stage.
    var decodePerFrame: Double, trackPerFrame: Double, overlayPerFrame: Double
    /// Mean CPU milliseconds per frame, all threads (work done, whatever else runs on the machine).
    var cpuPerFrame: Double
    var accuracy: BenchAccuracy
    var mot: BenchMOTMetrics
    /// Capture → delivery latency of every frame, in frame order.
    var perFrameLatency: [Double]
    /// Readings held back as misreads by `track`'s default `--verify` (1d:2/3, 2d:1/1).
    var misreadsPrevented = 0
    /// Located-only outlines: lead time before decoding, and outlines of no code.
    var located: BenchLocatedOnly
    /// The engine only: milliseconds per frame of each kind of job (``EngineJobTimes``;
    /// jobs overlap on the cores, so they add up to more than ``decodePerFrame``), keyed by
    /// the kind's name.
    var jobMillisecondsPerFrame: [String: Double]?

    init(timing: BenchTiming, sequence: BenchSequence) {
        let ms = { (value: UInt64) in Double(value) / 1000 }
        framesPerSecond = timing.framesPerSecond
        latencyP50 = ms(timing.latency.valueAtPercentile(50))
        latencyP90 = ms(timing.latency.valueAtPercentile(90))
        latencyP99 = ms(timing.latency.valueAtPercentile(99))
        latencyMax = ms(timing.latency.max)
        let frames = Double(max(1, timing.frames))
        decodePerFrame = Double(timing.decodeNanoseconds) / 1e6 / frames
        trackPerFrame = Double(timing.trackNanoseconds) / 1e6 / frames
        overlayPerFrame = Double(timing.overlayNanoseconds) / 1e6 / frames
        cpuPerFrame = Double(timing.cpuNanoseconds) / 1e6 / frames
        accuracy = BenchAccuracy(sequence)
        mot = BenchMOTMetrics(truth: sequence.truthBoxes, reported: sequence.reportedBoxes)
        located = BenchLocatedOnly(sequence)
        perFrameLatency = timing.perFrameMilliseconds
    }
}

/// Both pipelines on one sequence.
struct BenchSequenceResult: Sendable, Codable {
    /// Sequence name (scene name, or the file's name).
    var name: String
    var width: Int, height: Int, frames: Int
    /// Codes in the scene (synthetic) or distinct payloads the baseline decoded (file).
    var codes: Int
    /// Module size the scene was rendered with after fitting, pixels (synthetic only).
    var modulePixels: Double?
    /// What the accuracy figures are measured against: `ground truth` or `baseline decodes`.
    var reference: String
    /// Why the sequence was not run (e.g. the codes do not fit the view), when it was not.
    var skipped: String?
    var engine: BenchPipelineResult?
    var baseline: BenchPipelineResult?
    /// Per physical code the baseline reads in 5 consecutive frames: frames from the start
    /// of that run to the engine's first decode (see ``BenchAccuracy/decodeLag(engine:baseline:consecutive:)``).
    var decodeLagBehindBaseline: [Int] = []
    /// Fraction of the baseline's decoded frame/code pairs the engine also reports
    /// (see ``BenchAccuracy/coverageOfBaseline(engine:baseline:)``).
    var engineCoverageOfBaseline: Double?
    /// Mean milliseconds to produce (render or read) a frame, outside both pipelines' latency.
    var sourcePerFrame: Double
    /// Process peak resident memory after this sequence, MiB (getrusage maxrss; shared by both pipelines).
    var peakMemoryMiB: Double
    /// A file scored against ground truth: the baseline's reads (code/frame reads) the truth shows to
    /// be misreads, left out of the engine's lag behind and coverage of the baseline's reads
    /// (``BenchMisreads``); `nil` otherwise.
    var baselineMisreadsSetAside: Int? = nil
    /// A file: the baseline's reads with a quad zxing-cpp placed where no code can be
    /// (``BenchMisplacedReads``), left out of the reference made of its decodes; `nil` for a scene.
    var baselineMisplacedSetAside: Int? = nil

    /// Baseline CPU time per frame over the engine's: how much less work the engine does.
    var cpuSaving: Double? {
        guard let e = engine?.cpuPerFrame, let b = baseline?.cpuPerFrame, e > 0 else { return nil }
        return b / e
    }

    /// Engine throughput over baseline throughput.
    var speedUp: Double? {
        guard let e = engine?.framesPerSecond, let b = baseline?.framesPerSecond, b > 0 else { return nil }
        return e / b
    }
}

/// A whole `track bench` run.
package struct BenchReport: Sendable, Codable {
    /// ISO 8601 time the run started (UTC).
    var date: String
    /// Host description: CPU model and core count.
    var machine: String
    /// The command line.
    var command: String
    var sequences: [BenchSequenceResult]
    /// Peak resident memory of the whole run, MiB.
    var peakMemoryMiB: Double
    /// Wall-clock seconds of the whole run.
    var wallSeconds: Double
    /// With `--input`: the file through `track --input` end to end, with the engine and with
    /// `--decode-every-frame` (`track` times it; `nil` otherwise).
    package var wholeFile: BenchWholeFileTiming?
}

/// A file through `track --input` end to end (video decoding, tracking and output included):
/// median wall-clock seconds with the engine and with `--decode-every-frame`.
package struct BenchWholeFileTiming: Sendable, Codable {
    /// With the engine, seconds.
    package var engineSeconds: Double
    /// With `--decode-every-frame`, seconds.
    package var everyFrameSeconds: Double
    /// Runs of each, alternating; the figures are their medians.
    package var runs: Int

    /// The timing of `runs` runs each, medians in seconds.
    package init(engineSeconds: Double, everyFrameSeconds: Double, runs: Int) {
        self.engineSeconds = engineSeconds
        self.everyFrameSeconds = everyFrameSeconds
        self.runs = runs
    }
}
