import BarcodeDecoding
import BarcodeEngine
import BarcodeTracking
import Dispatch
import Glibc
import Histogram

/// Nanoseconds on the monotonic clock.
func benchNow() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// CPU nanoseconds this process has used, on all its threads. Unlike wall-clock
/// time it does not grow when other processes take the cores, so it measures the
/// work a pipeline does on a shared machine.
func benchCPUNow() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// Where one pipeline's time went on one sequence.
struct BenchTiming: Sendable {
    /// Capture → delivery latency per frame, microseconds.
    var latency = Histogram<UInt64>(highestTrackableValue: 600_000_000, numberOfSignificantValueDigits: .three)
    /// Capture → delivery latency per frame, milliseconds, in frame order (for the plot).
    var perFrameMilliseconds: [Double] = []
    /// Total nanoseconds in detection (decoding), tracking and overlay planning.
    var decodeNanoseconds: UInt64 = 0, trackNanoseconds: UInt64 = 0, overlayNanoseconds: UInt64 = 0
    /// CPU nanoseconds (all threads) spent processing frames.
    var cpuNanoseconds: UInt64 = 0
    /// Frames processed.
    var frames: Int { perFrameMilliseconds.count }

    mutating func record(capture: UInt64, decoded: UInt64, tracked: UInt64, planned: UInt64, cpu: UInt64) {
        cpuNanoseconds += cpu
        decodeNanoseconds += decoded - capture
        trackNanoseconds += tracked - decoded
        overlayNanoseconds += planned - tracked
        let total = planned - capture
        _ = latency.record(max(1, total / 1000))
        perFrameMilliseconds.append(Double(total) / 1e6)
    }

    /// Records time spent finishing work that frames started but did not wait for (the
    /// engine's reads carried over under a frame budget): detection time and CPU, not any
    /// frame's latency.
    mutating func recordSettling(wall: UInt64, cpu: UInt64) {
        decodeNanoseconds += wall
        cpuNanoseconds += cpu
    }

    /// Frames per second of processing (capture to delivery, one frame after another).
    var framesPerSecond: Double {
        let total = Double(decodeNanoseconds + trackNanoseconds + overlayNanoseconds)
        return total > 0 ? Double(frames) / (total / 1e9) : 0
    }
}

/// A pipeline the benchmark drives frame by frame.
protocol BenchPipeline: AnyObject {
    /// Processes one frame handed over at `capture` (monotonic ns) and records its timing.
    func process(_ frame: Frame, capture: UInt64) throws -> [BenchReportedTrack]
    var timing: BenchTiming { get }
}

/// The engine: a `TrackingEngine` inside a `ScanSession`, as `track` runs it, plus overlay planning.
final class BenchEnginePipeline: BenchPipeline {
    let detector: TrackingEngine
    let session: ScanSession
    let planner = OverlayPlanner()
    var plans: [OverlayPlan] = []
    private(set) var timing = BenchTiming()

    /// Readings the session held back as misreads so far (`track`'s default `--verify`).
    private(set) var misreadsPrevented = 0

    /// Where the engine's reads run; their CPU time is the engine's too.
    let isolation: ReadIsolation?
    /// The engine's time by kind of job.
    let jobTimes = EngineJobTimes()

    init(options: DecoderOptions, engine: TrackingEngineConfiguration, session: ScanSessionConfiguration) throws {
        detector = try TrackingEngine(options: options, configuration: engine, jobTimes: jobTimes)
        isolation = options.isolation
        self.session = try ScanSession(configuration: session)
    }

    /// CPU nanoseconds of this process and the engine's reader processes.
    private func cpuNow() -> UInt64 {
        guard let readers = isolation?.readerProcessorTime.components else { return benchCPUNow() }
        return benchCPUNow() + UInt64(readers.seconds) * 1_000_000_000 + UInt64(readers.attoseconds / 1_000_000_000)
    }

    func process(_ frame: Frame, capture: UInt64) throws -> [BenchReportedTrack] {
        try process(frame, capture: capture, next: nil)
    }

    /// Waits for the reads the engine carried over to later frames (as a live source runs it,
    /// ``TrackingEngineConfiguration/lateReadTime``), so that none reads past the engine's
    /// block into the other pipeline's; the wait and its CPU count as the engine's detection
    /// time (its frames per second), not as any frame's latency.
    func settle() {
        let (wall, cpu) = (benchNow(), cpuNow())
        detector.awaitLateReads()
        timing.recordSettling(wall: benchNow() - wall, cpu: cpuNow() - cpu)
    }

    /// Processes one frame, naming the frame after it when known (as `track` does on files:
    /// ``ScanSession/prepare(next:using:)``).
    func process(_ frame: Frame, capture: UInt64, next: Frame?) throws -> [BenchReportedTrack] {
        let cpuStart = cpuNow()
        let size = Size(width: Double(frame.image.width), height: Double(frame.image.height))
        if let next { session.prepare(next: next, using: detector) }
        let detections = try session.detect(in: frame, using: detector)
        let decoded = benchNow()
        let result = try session.process(detections, frameNumber: frame.number, time: frame.time, frameSize: size)
        let tracked = benchNow()
        let tracks = result?.tracks ?? []
        misreadsPrevented = result?.misreadsPrevented ?? misreadsPrevented
        planner.plan(tracks, into: &plans)
        let planned = benchNow()
        timing.record(capture: capture, decoded: decoded, tracked: tracked, planned: planned, cpu: cpuNow() - cpuStart)
        return tracks.filter { $0.state != .lost }.map(\.benchReport)
    }
}

/// The baseline: a `BarcodeReader` decodes every full frame with no tracking help; a
/// fresh `Tracker` fed with its detections gives them ids (the simplest honest rule),
/// and the same overlay planning runs on the result.
final class BenchBaselinePipeline: BenchPipeline {
    let reader: BarcodeReader
    var tracker: Tracker
    let planner = OverlayPlanner()
    var plans: [OverlayPlan] = []
    private(set) var timing = BenchTiming()
    /// The latest frame's full-frame detections (the reference for `--input` files).
    private(set) var lastDetections: [Detection] = []

    /// Counts, outside the timed path, the misreads `track`'s default `--verify` would
    /// hold back among the baseline's decodes (the baseline itself adopts every read).
    let verifier: ScanSession
    private(set) var misreadsPrevented = 0

    init(options: DecoderOptions, session: ScanSessionConfiguration) throws {
        reader = try BarcodeReader(options: options)
        tracker = try Tracker()
        verifier = try ScanSession(configuration: session)
    }

    func process(_ frame: Frame, capture: UInt64) throws -> [BenchReportedTrack] {
        let cpuStart = benchCPUNow()
        let detections = try reader.detect(in: frame.image, region: nil)
        let decoded = benchNow()
        let update = try tracker.update(with: detections, at: frame.time)
        let tracked = benchNow()
        planner.plan(update.tracks, into: &plans)
        let planned = benchNow()
        timing.record(capture: capture, decoded: decoded, tracked: tracked, planned: planned, cpu: benchCPUNow() - cpuStart)
        lastDetections = detections
        let size = Size(width: Double(frame.image.width), height: Double(frame.image.height))
        let verified = try verifier.process(detections, frameNumber: frame.number, time: frame.time, frameSize: size)
        misreadsPrevented = verified?.misreadsPrevented ?? misreadsPrevented
        return update.tracks.filter { $0.state != .lost }.map(\.benchReport)
    }
}
