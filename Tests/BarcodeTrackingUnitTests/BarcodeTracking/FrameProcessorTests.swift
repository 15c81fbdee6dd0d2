import Dispatch
import Synchronization
import Testing
import BarcodeTracking

/// A frame source that plays a fixed number of frames; frame i has pixel (0, 0) = i
/// so the scripted detector knows which frame it sees.
final class ScriptedSource: FrameSource {
    let name = "scripted"
    let isLive: Bool
    let count: Int
    let failAfter: Int?
    let onEnd: (@Sendable () -> Void)?
    let beforeFrame: (@Sendable (Int) -> Void)?
    let closed: Counter
    var damagedFrameCount = 0
    private var next = 0

    init(frames count: Int, isLive: Bool = false, failAfter: Int? = nil, closed: Counter = Counter(),
         onEnd: (@Sendable () -> Void)? = nil, beforeFrame: (@Sendable (Int) -> Void)? = nil) {
        self.beforeFrame = beforeFrame
        self.count = count
        self.isLive = isLive
        self.failAfter = failAfter
        self.closed = closed
        self.onEnd = onEnd
    }

    struct Unplugged: Error, CustomStringConvertible { var description: String { "device unplugged" } }

    func nextFrame() throws -> Frame? {
        if let failAfter, next >= failAfter { throw Unplugged() }
        guard next < count else {
            onEnd?()
            return nil
        }
        beforeFrame?(next)
        var image = try LumaImage(width: 640, height: 480)
        image[0, 0] = UInt8(next % 256)
        next += 1
        return Frame(number: next, time: Double(next) / 30, image: image)
    }

    func close() { closed.increment() }
}

/// A detector playing a script: frame i (read from pixel (0, 0)) yields `script(i)`.
/// It records which queue it runs on and can hold the first frame until released
/// (signalling `firstFrameStarted` first).
struct ScriptedDetector: BarcodeDetector {
    let script: @Sendable (Int) -> [Detection]
    let queueTags: Box<Int?>
    let holdFirstFrame: DispatchSemaphore?
    let firstFrameStarted: DispatchSemaphore?

    init(queueTags: Box<Int?> = Box(), holdFirstFrame: DispatchSemaphore? = nil, firstFrameStarted: DispatchSemaphore? = nil,
         script: @escaping @Sendable (Int) -> [Detection]) {
        self.script = script
        self.queueTags = queueTags
        self.holdFirstFrame = holdFirstFrame
        self.firstFrameStarted = firstFrameStarted
    }

    func detect(in image: LumaImage, region: Rect?) throws -> [Detection] {
        queueTags.append(DispatchQueue.getSpecific(key: FrameProcessorTests.queueKey))
        let index = Int(image[0, 0])
        if index == 0, let holdFirstFrame {
            firstFrameStarted?.signal()
            holdFirstFrame.wait()
        }
        return script(index)
    }
}

struct FrameProcessorTests {
    static let queueKey = DispatchSpecificKey<Int>()

    func events(_ processor: FrameProcessor) async -> (frames: [ScanFrameResult], summaries: [ScanSummary]) {
        let (frames, _, summaries) = await allEvents(processor)
        return (frames, summaries)
    }

    func allEvents(_ processor: FrameProcessor) async -> (frames: [ScanFrameResult], skipped: [SkippedFrame], summaries: [ScanSummary]) {
        var frames: [ScanFrameResult] = [], skipped: [SkippedFrame] = [], summaries: [ScanSummary] = []
        for await event in processor.results {
            switch event {
            case .frame(let result): frames.append(result)
            case .skipped(let frame): skipped.append(frame)
            case .finished(let summary): summaries.append(summary)
            }
        }
        return (frames, skipped, summaries)
    }

    @Test("A frame whose detection throws is reported as skipped, with its number and the reason, and counted")
    func skippedFramesReachTheConsumer() async throws {
        struct Unreadable: Error, CustomStringConvertible { var description: String { "frame 3 is unreadable" } }
        struct FailingOnThird: BarcodeDetector {
            func detect(in image: LumaImage, region: Rect?) throws -> [Detection] {
                if image[0, 0] == 2 { throw Unreadable() }
                return []
            }
        }
        let processor = FrameProcessor(source: ScriptedSource(frames: 5), detector: FailingOnThird(), session: try ScanSession())
        processor.start()
        let (frames, skipped, summaries) = await allEvents(processor)
        #expect(frames.map(\.frameNumber) == [1, 2, 4, 5])
        #expect(skipped == [SkippedFrame(frameNumber: 3, time: 3.0 / 30, reason: "frame 3 is unreadable")])
        #expect(summaries.first?.framesSkipped == 1)
    }

    @Test("A detector's warnings reach the frame's result; a plain detector reports none")
    func warningsReachTheConsumer() async throws {
        struct WarningOnSecond: BarcodeDetector {
            func detect(in image: LumaImage, region: Rect?) throws -> [Detection] { [] }
            func report(in image: LumaImage, region: Rect?) throws -> DetectionReport {
                DetectionReport(warnings: image[0, 0] == 1 ? ["a pass was cut short"] : [])
            }
        }
        let processor = FrameProcessor(source: ScriptedSource(frames: 3), detector: WarningOnSecond(), session: try ScanSession())
        processor.start()
        let (frames, _) = await events(processor)
        #expect(frames.map(\.warnings) == [[], ["a pass was cut short"], []])
        let plain = ScriptedDetector { _ in [code("A", at: Point(x: 50, y: 50))] }
        let image = try LumaImage(width: 64, height: 64)
        #expect(try plain.report(in: image, region: nil) == DetectionReport(detections: plain.detect(in: image, region: nil)))
    }

    @Test("Every frame of a file is processed, callbacks run on the processing queue, the summary comes once")
    func fileSource() async throws {
        let callbackTags = Box<Int?>(), detectorTags = Box<Int?>(), finished = Counter()
        let session = try ScanSession(
            didProcessFrame: { _ in callbackTags.append(DispatchQueue.getSpecific(key: Self.queueKey)) },
            onFinish: { _ in finished.increment() })
        let detector = ScriptedDetector(queueTags: detectorTags) { i in [code("A", at: Point(x: 10 + Double(i) * 2, y: 50))] }
        let processor = FrameProcessor(source: ScriptedSource(frames: 25), detector: detector, session: session)
        processor.processingQueue.setSpecific(key: Self.queueKey, value: 7)
        DispatchQueue.global().setSpecific(key: Self.queueKey, value: 1)
        processor.start()
        let (frames, summaries) = await events(processor)
        #expect(frames.map(\.frameNumber) == Array(1...25))
        #expect(frames.allSatisfy { $0.tracks.map(\.id) == [TrackID(rawValue: 1)] })
        #expect(summaries.count == 1 && summaries[0].reason == .endOfInput && summaries[0].framesProcessed == 25)
        #expect(summaries[0].recognized.count == 1)
        #expect(callbackTags.values.count == 25 && callbackTags.values.allSatisfy { $0 == 7 })
        #expect(detectorTags.values.allSatisfy { $0 == 7 })
        #expect(DispatchQueue.getSpecific(key: Self.queueKey) != 7, "the test itself is not on that queue")
        #expect(finished.count == 1)
    }

    @Test("A live source ahead of processing: the newest frame is processed and the others are counted as dropped")
    func liveSourceDropsFrames() async throws {
        let release = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        let session = try ScanSession()
        let detector = ScriptedDetector(holdFirstFrame: release, firstFrameStarted: started) { _ in
            [code("A", at: Point(x: 50, y: 50))]
        }
        // Frame 2 is captured only once frame 1 is being detected, and that detection
        // waits until the source has handed out all six frames: frames 2 to 5 are superseded.
        let source = ScriptedSource(frames: 6, isLive: true, onEnd: { release.signal() },
                                    beforeFrame: { index in if index == 1 { started.wait() } })
        let processor = FrameProcessor(source: source, detector: detector, session: session)
        processor.start()
        let (frames, summaries) = await events(processor)
        #expect(frames.map(\.frameNumber) == [1, 6])
        #expect(frames.map(\.droppedFramesSinceLastResult) == [0, 4])
        #expect(summaries.first?.framesDropped == 4 && summaries.first?.framesProcessed == 2)
        #expect(summaries.first?.framesDroppedBySource == 0, "the source delivered every frame: the pipeline dropped them")
    }

    @Test("A source that fails ends the session with its results delivered")
    func failingSource() async throws {
        let closed = Counter()
        let session = try ScanSession()
        let detector = ScriptedDetector { i in i < 3 ? [code("A", at: Point(x: 50, y: 50))] : [code("B", at: Point(x: 300, y: 50))] }
        let processor = FrameProcessor(source: ScriptedSource(frames: 100, failAfter: 5, closed: closed), detector: detector, session: session)
        processor.start()
        let (frames, summaries) = await events(processor)
        #expect(frames.count == 5)
        let summary = try #require(summaries.first)
        #expect(summaries.count == 1)
        #expect(summary.reason == .failed("frame source scripted failed: device unplugged"))
        #expect(summary.recognized.compactMap(\.barcode.data) == ["A", "B"])
        #expect(closed.count == 1)
    }

    @Test("Completion by expected count stops capture and closes the source")
    func completionStopsPipeline() async throws {
        let closed = Counter(), finished = Counter()
        var configuration = ScanSessionConfiguration()
        configuration.expectedCount = 3
        let session = try ScanSession(configuration: configuration, onFinish: { _ in finished.increment() })
        let detector = ScriptedDetector { i in (0...min(i, 5)).map { code("C\($0)", at: Point(x: 40 + Double($0) * 90, y: 60)) } }
        let processor = FrameProcessor(source: ScriptedSource(frames: 10_000, closed: closed), detector: detector, session: session)
        processor.start()
        let (frames, summaries) = await events(processor)
        #expect(frames.last?.recognizedCount == 3)
        #expect(summaries.count == 1 && summaries[0].reason == .completed && summaries[0].recognized.count == 3)
        #expect(frames.count < 10_000)
        #expect(finished.count == 1)
        // The capture loop closes the source when it notices the end; wait for that without timing.
        await withCheckedContinuation { continuation in processor.processingQueue.async { continuation.resume() } }
        processor.stop()
        #expect(finished.count == 1, "stop after completion delivers nothing more")
    }

    @Test("stop() ends the results with a stopped summary")
    func stopEndsResults() async throws {
        let session = try ScanSession()
        let detector = ScriptedDetector { _ in [] }
        // The source holds its second frame until stop() has been called, so the input
        // cannot end first however long the test runner takes to schedule this task.
        let gate = DispatchSemaphore(value: 0)
        let source = ScriptedSource(frames: 1_000, beforeFrame: { index in if index == 1 { gate.wait() } })
        let processor = FrameProcessor(source: source, detector: detector, session: session)
        processor.start()
        var sawFrame = false
        var summary: ScanSummary?
        for await event in processor.results {
            switch event {
            case .frame:
                if !sawFrame { sawFrame = true; processor.stop(); gate.signal() }
            case .skipped: break
            case .finished(let final): summary = final
            }
        }
        #expect(sawFrame)
        #expect(summary?.reason == .stopped)
    }
}
