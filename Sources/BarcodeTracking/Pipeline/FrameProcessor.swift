public import Dispatch
import Synchronization

/// One event of a ``FrameProcessor``'s ``FrameProcessor/results`` sequence.
public enum FrameProcessorEvent: Sendable {
    /// A processed frame.
    case frame(ScanFrameResult)
    /// A frame that was read but not processed: its detection threw, or its time
    /// went backwards, or the source could not decode it. Counted in ``ScanSummary/framesSkipped`` as well.
    case skipped(SkippedFrame)
    /// The session's final result; always the last event, delivered exactly once.
    case finished(ScanSummary)
}

/// A frame the pipeline read but could not process, and why.
public struct SkippedFrame: Sendable, Hashable {
    /// The frame's number in its source (from 1).
    public var frameNumber: Int
    /// The frame's time, seconds on the source's clock.
    public var time: Double
    /// What went wrong, for people (the thrown error's description).
    public var reason: String

    /// Creates a description of a skipped frame.
    public init(frameNumber: Int, time: Double, reason: String) {
        self.frameNumber = frameNumber
        self.time = time
        self.reason = reason
    }
}

/// Settings of a ``FrameProcessor``.
public struct FrameProcessorConfiguration: Sendable, Hashable {
    /// For live sources: how many undelivered results are kept when the consumer of
    /// ``FrameProcessor/results`` is slow (the oldest are dropped; the final event
    /// never is). Results of non-live sources are all kept. Default 8.
    public var liveResultBufferSize = 8
    /// For non-live sources: frames read ahead of processing (each held in memory, one
    /// luma byte per pixel). Default 4: a detector's frames differ in cost (the engine's
    /// whole-frame searches), and with only 2 the decoder of a file often waited for a slot
    /// while the cores had room; 8 gained little over 4 on the real clips (measured when the
    /// default was set; see this line's history in git).
    public var readAhead = 4
    /// Label of the two dispatch queues (suffixed `.capture` and `.processing`).
    public var label = "barcode-tracking"
    /// Whether each ``ScanFrameResult`` carries its frame's pixels (``ScanFrameResult/image``).
    /// Costs no copy, but keeps each frame alive until its result is consumed. Default false.
    public var deliversImages = false

    /// The defaults documented on each property.
    public init() {}
}

/// Runs a ``FrameSource`` through a ``BarcodeDetector`` and a ``ScanSession``.
///
/// Two serial dispatch queues: the capture queue blocks in
/// ``FrameSource/nextFrame()``; the frame-processing queue (``processingQueue``)
/// runs detection, tracking and every session callback. Dispatch queues rather
/// than threads because apps can recognise the queue (`DispatchQueue.setSpecific`)
/// and hop from it, and because capture blocking one worker thread is fine.
///
/// Live sources (``FrameSource/isLive``) are never waited for: at most one frame
/// waits for processing, a newer frame replaces it and the older one is counted
/// as dropped. Frames a live source dropped itself (a camera driver's, a paced file or
/// scene that fell behind) are counted as dropped too, from the gaps in its frame numbers,
/// so that processed plus dropped frames always add up to the last frame's number. Non-live sources (files) have every frame processed: capture waits
/// when ``FrameProcessorConfiguration/readAhead`` frames are in flight.
/// A source that throws ends the session with ``ScanSummary/EndReason/failed(_:)``
/// and what was recognized so far. A frame whose detection throws, or whose time
/// goes backwards, is skipped, counted in ``ScanSummary/framesSkipped`` and reported as
/// ``FrameProcessorEvent/skipped(_:)``, as are the frames the source skipped as damaged
/// (``FrameSource/takeDamagedFrames()``). While the
/// session is paused, frames are read and discarded.
public final class FrameProcessor: Sendable {
    /// The frame-processing queue: detection, tracking and session callbacks run here.
    public let processingQueue: DispatchQueue
    /// The session being fed.
    public let session: ScanSession
    /// Per-frame results, then the final summary; the sequence ends after `.finished`.
    /// Results of live sources are buffered newest-first (see ``FrameProcessorConfiguration``).
    public let results: AsyncStream<FrameProcessorEvent>

    let captureQueue: DispatchQueue
    let detector: any BarcodeDetector
    let source: SourceBox
    let isLive: Bool
    let deliversImages: Bool
    let continuation: AsyncStream<FrameProcessorEvent>.Continuation
    let inFlight: DispatchSemaphore
    let state = Mutex(PipelineState())

    struct PipelineState {
        var started = false
        var stopRequested = false
        var streamEnded = false
        var pending: [Frame] = []
        var drainScheduled = false
        var droppedSinceLastResult = 0
        /// Of `droppedSinceLastResult`, the numbers the source skipped.
        var droppedBySourceSinceLastResult = 0
        /// Frames the source skipped as damaged, not yet reported: each is reported before the
        /// first frame with a higher number, so events stay in frame order.
        var damaged: [SkippedFrame] = []
    }

    /// Takes over `source` (it is used only on the capture queue from now on and
    /// closed when capture ends). Call ``start()`` to begin.
    public init(source: sending any FrameSource, detector: any BarcodeDetector, session: ScanSession,
                configuration: FrameProcessorConfiguration = FrameProcessorConfiguration()) {
        self.isLive = source.isLive
        self.deliversImages = configuration.deliversImages
        self.source = SourceBox(source)
        self.detector = detector
        self.session = session
        self.processingQueue = DispatchQueue(label: configuration.label + ".processing")
        self.captureQueue = DispatchQueue(label: configuration.label + ".capture")
        // Start at 0 and signal up: libdispatch traps when a semaphore is destroyed
        // with a value below its initial one, which a stopped pipeline can leave behind.
        self.inFlight = DispatchSemaphore(value: 0)
        for _ in 0..<max(1, configuration.readAhead) { inFlight.signal() }
        let policy: AsyncStream<FrameProcessorEvent>.Continuation.BufferingPolicy =
            isLive ? .bufferingNewest(max(1, configuration.liveResultBufferSize)) : .unbounded
        (results, continuation) = AsyncStream.makeStream(of: FrameProcessorEvent.self, bufferingPolicy: policy)
    }

    /// Starts capture and processing; calling it again does nothing.
    public func start() {
        let first = state.withLock { state -> Bool in
            defer { state.started = true }
            return !state.started
        }
        guard first else { return }
        captureQueue.async { self.captureLoop() }
    }

    /// Stops: ends the session with ``ScanSummary/EndReason/stopped`` (if it has not
    /// ended), finishes ``results``, and stops capture after the frame it may be waiting for.
    public func stop() {
        state.withLock { $0.stopRequested = true }
        session.stop()
        endStream()
        inFlight.signal()  // wakes a capture loop waiting for room
    }

    /// Waits for the final result (consuming ``results``).
    public func finalSummary() async -> ScanSummary? {
        for await event in results {
            if case .finished(let summary) = event { return summary }
        }
        return session.summary
    }

    private var shouldStopCapture: Bool {
        state.withLock { $0.stopRequested } || session.isFinished
    }

    /// Runs on the capture queue until the input ends, fails or the session ends.
    private func captureLoop() {
        let source = source.source
        var reason = ScanSummary.EndReason.endOfInput
        var lastNumber: Int?
        while !shouldStopCapture {
            if !isLive { inFlight.wait() }
            if shouldStopCapture { break }
            let frame: Frame?
            do {
                frame = try source.nextFrame()
            } catch {
                reason = .failed("frame source \(source.name) failed: \(error)")
                break
            }
            let damaged = source.takeDamagedFrames()
            guard let frame else {
                if !damaged.isEmpty { state.withLock { $0.damaged += damaged } }
                break
            }
            // Numbers the live source skipped are frames it dropped before they reached us
            // (those it skipped as damaged are counted as such, not as dropped).
            let gap = frame.number - (lastNumber ?? 0) - 1
            let skippedBySource = isLive ? max(0, gap - damaged.count(where: { $0.frameNumber < frame.number })) : 0
            lastNumber = frame.number
            let schedule = state.withLock { state -> Bool in
                state.damaged += damaged
                state.droppedSinceLastResult += skippedBySource
                state.droppedBySourceSinceLastResult += skippedBySource
                if isLive && !state.pending.isEmpty {
                    state.droppedSinceLastResult += state.pending.count
                    state.pending.removeAll(keepingCapacity: true)
                }
                state.pending.append(frame)
                defer { state.drainScheduled = true }
                return !state.drainScheduled
            }
            if schedule { processingQueue.async { self.drain() } }
        }
        let damaged = source.damagedFrameCount
        source.close()
        // Queued after any pending drain on the serial queue, so every handed-off frame is processed first.
        processingQueue.async { [reason] in
            self.drain()
            self.reportDamaged(before: nil)
            self.session.noteSkippedFrames(damaged)
            self.session.finish(reason)
            self.endStream()
        }
    }

    /// Runs on the processing queue: processes handed-off frames until none is left.
    private func drain() {
        while true {
            let next = state.withLock { state -> (Frame, Int, Int, Frame?)? in
                guard !state.pending.isEmpty else {
                    state.drainScheduled = false
                    return nil
                }
                defer {
                    state.droppedSinceLastResult = 0
                    state.droppedBySourceSinceLastResult = 0
                }
                let frame = state.pending.removeFirst()
                // A file's next frame, when read already: a live source's may be dropped for a newer one.
                return (frame, state.droppedSinceLastResult, state.droppedBySourceSinceLastResult, isLive ? nil : state.pending.first)
            }
            guard let (frame, dropped, bySource, following) = next else { return }
            reportDamaged(before: frame.number)
            if let following, !session.isFinished { session.prepare(next: following, using: detector) }
            process(frame, dropped: dropped, bySource: bySource)
            if !isLive { inFlight.signal() }
            if session.isFinished { endStream() }
        }
    }

    private func process(_ frame: Frame, dropped: Int, bySource: Int) {
        if dropped > 0 { session.noteDroppedFrames(dropped, bySource: bySource) }
        guard !session.isFinished else { return }
        let size = Size(width: Double(frame.image.width), height: Double(frame.image.height))
        let report: DetectionReport
        do {
            report = try session.report(in: frame, using: detector)
        } catch {
            skip(frame, because: error)
            return
        }
        do {
            guard var result = try session.process(report.detections, frameNumber: frame.number, time: frame.time, frameSize: size)
            else { return }
            result.droppedFramesSinceLastResult = dropped
            result.warnings = report.warnings
            if deliversImages { result.image = frame.image }
            continuation.yield(.frame(result))
        } catch {
            skip(frame, because: error)
        }
    }

    /// Runs on the processing queue: tells the consumer of ``results`` about the frames the source
    /// skipped as damaged with numbers below `number` (all of them when `nil`). They are counted
    /// from ``FrameSource/damagedFrameCount`` when capture ends, not here.
    private func reportDamaged(before number: Int?) {
        let due = state.withLock { state -> [SkippedFrame] in
            guard !state.damaged.isEmpty else { return [] }
            let cut = number.map { limit in state.damaged.firstIndex { $0.frameNumber >= limit } ?? state.damaged.endIndex }
                ?? state.damaged.endIndex
            defer { state.damaged.removeFirst(cut) }
            return Array(state.damaged[..<cut])
        }
        for frame in due { continuation.yield(.skipped(frame)) }
    }

    /// Counts `frame` as skipped and tells the consumer of ``results`` why.
    private func skip(_ frame: Frame, because error: any Error) {
        session.noteSkippedFrames(1)
        continuation.yield(.skipped(SkippedFrame(frameNumber: frame.number, time: frame.time, reason: "\(error)")))
    }

    /// Delivers the final summary to `results` and finishes it, once.
    private func endStream() {
        guard let summary = session.summary else { return }
        let first = state.withLock { state -> Bool in
            defer { state.streamEnded = true }
            return !state.streamEnded
        }
        guard first else { return }
        continuation.yield(.finished(summary))
        continuation.finish()
    }
}

/// Holds the non-`Sendable` frame source.
///
/// `@unchecked Sendable` is sound because the source is handed over with `sending`
/// at init and afterwards touched only by `captureLoop`, which `start()` runs
/// exactly once, on the serial capture queue.
final class SourceBox: @unchecked Sendable {
    let source: any FrameSource
    init(_ source: sending any FrameSource) { self.source = source }
}
