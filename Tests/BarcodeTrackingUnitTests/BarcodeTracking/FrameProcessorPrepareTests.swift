import Dispatch
import Testing
import BarcodeTracking

/// A tracking-aware detector that records, in order, the frames it is told come next
/// (`prepare`) and the frames it detects (`report`), taking a few milliseconds per frame so
/// that the capture loop reads ahead of it.
struct RecordingDetector: TrackingAwareDetector {
    enum Event: Equatable, Sendable {
        case prepare(Int)
        case detect(Int)
    }

    let events = Box<Event>()

    func detect(in image: LumaImage, region: Rect?) throws -> [Detection] { [] }

    func detect(in frame: Frame, region: Rect?, expected: [TrackedBarcode]) throws -> [Detection] {
        events.append(.detect(frame.number))
        pause(milliseconds: 3)
        return []
    }

    func prepare(next frame: Frame) {
        events.append(.prepare(frame.number))
    }

    private func pause(milliseconds: Int) {
        let done = DispatchSemaphore(value: 0)
        _ = done.wait(timeout: .now() + .milliseconds(milliseconds))
    }
}

struct FrameProcessorPrepareTests {
    func run(frames: Int, isLive: Bool, _ detector: RecordingDetector) async throws {
        let processor = FrameProcessor(source: ScriptedSource(frames: frames, isLive: isLive), detector: detector, session: try ScanSession())
        processor.start()
        for await _ in processor.results {}
    }

    @Test("On a file, the detector is told each frame read ahead right before the frame in front of it is detected, and that frame comes next")
    func fileFramesAreNamedAhead() async throws {
        let detector = RecordingDetector()
        try await run(frames: 30, isLive: false, detector)
        let events = detector.events.values
        #expect(events.filter { if case .detect = $0 { true } else { false } } == (1...30).map { .detect($0) })
        var named = 0
        for (index, event) in events.enumerated() {
            guard case .prepare(let next) = event else { continue }
            named += 1
            #expect(index + 1 < events.count && events[index + 1] == .detect(next - 1), "frame \(next) named before \(next - 1) is detected")
        }
        // The source is far quicker than 3 ms a frame: nearly every frame is read ahead.
        #expect(named >= 20, "\(named) of 29 frames named ahead")
    }

    @Test("A live source's frames are never named ahead: a newer one may replace them")
    func liveFramesAreNot() async throws {
        let detector = RecordingDetector()
        try await run(frames: 20, isLive: true, detector)
        let events = detector.events.values
        #expect(!events.isEmpty)
        #expect(!events.contains { if case .prepare = $0 { true } else { false } })
    }
}
