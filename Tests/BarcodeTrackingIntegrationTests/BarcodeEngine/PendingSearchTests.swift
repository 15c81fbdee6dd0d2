@testable import BarcodeDecoding
@testable import BarcodeEngine
import BarcodeTracking
import FrameSources
import Glibc
import Testing
import TestSupport

/// Searches whose reads run in reader processes are sent ahead of the frame's other jobs and
/// collected after them (``TrackingEngine/PendingSearch``).
@Suite(.needsSharedData)
struct PendingSearchTests {
    @Test("A search sent to a reader process finds what the same search finds in this process: whole, reduced, and part of the frame with a code hidden")
    func sameAsInProcess() throws {
        let isolation = try ReadIsolation(command: [TrackProcess.executable.path])
        let isolated = try InProcessPartTests.reader(isolating: isolation), local = try InProcessPartTests.reader(isolating: nil)
        let blank = try LumaImage(width: 8, height: 8, pixels: Array(repeating: 0, count: 64))
        let none = TrackingEngine.PendingSearch(blank, in: blank.bounds, hiding: [], with: local, reducedBy: 1)
        #expect(none == nil, "a reader that reads in this process sends nothing ahead")
        var found = 0
        for name in ["multi-1/multi-qr.png", "pdf417-1/01.png", "qrcode-1/1.png"] {
            let image = try ImageFile.load(path: SharedData.samples.appendingPathComponent(name).path)
            let first = try TrackingEngine.search(image, in: image.bounds, hiding: [], with: local).detections
            let hidden = first.prefix(1).map { TrackingEngine.hidingMask(for: $0.location) }
            let part = Rect(x: 0, y: 0, width: Double(image.width) * 0.75, height: Double(image.height))
            for (rect, hiding, factor) in [(image.bounds, [Quadrilateral](), 1), (image.bounds, [], 2), (part, hidden, 1), (image.bounds, hidden, 2)] {
                let expected = try TrackingEngine.search(image, in: rect, hiding: hiding, with: local, reducedBy: factor)
                let pending = try #require(TrackingEngine.PendingSearch(image, in: rect, hiding: hiding, with: isolated, reducedBy: factor))
                let got = try pending.finish()
                #expect(got == expected, "\(name) \(rect) factor \(factor)")
                found += got.detections.count
            }
        }
        #expect(found > 10)
    }

    @Test("On the real Micro QR clip, the engine with PDF417 isolated (whole-frame searches sent ahead) reports exactly what it reports reading in this process")
    func engineOnRealClip() throws {
        let isolation = try ReadIsolation(symbologies: [.pdf417], command: [TrackProcess.executable.path])
        let engines = [try TrackingEngine(options: try InProcessPartTests.reader(isolating: nil).options),
                       try TrackingEngine(options: try InProcessPartTests.reader(isolating: isolation).options)]
        let sessions = [try ScanSession(), try ScanSession()]
        let source = try MediaFileSource(path: SharedData.video.appendingPathComponent("boofcv-microqr.mp4").path)
        var frames = 0, decoded = 0
        while frames < 60, let frame = try source.nextFrame() {
            frames += 1
            var reports: [[Detection]] = []
            for side in 0..<2 {
                let (detections, _) = try sessions[side].stepReporting(frame, using: engines[side], number: frames)
                reports.append(detections)
            }
            #expect(reports[0] == reports[1], "frame \(frames)")
            decoded += reports[1].filter { $0.barcode != nil }.count
        }
        #expect(frames == 60 && decoded > 100, "\(decoded) decoded")
    }
}

/// Whole-frame searches sent a frame ahead when the pipeline names the next frame
/// (``TrackingEngine/prepare(next:)``).
@Suite(.needsSharedData)
struct ReadAheadTests {
    /// The first `count` frames of the Micro QR clip.
    static func clip(frames count: Int) throws -> [Frame] {
        let source = try MediaFileSource(path: SharedData.video.appendingPathComponent("boofcv-microqr.mp4").path)
        var frames: [Frame] = []
        while frames.count < count, let frame = try source.nextFrame() { frames.append(frame) }
        return frames
    }

    /// Two engines with PDF417 read in reader processes (`track`'s default): one to be told
    /// each next frame, one not.
    /// Two engines reading PDF417 in reader processes, on the usual schedule everywhere (not
    /// searching a still camera's view where it changed, which makes whole-frame reads rare:
    /// ``TrackingEngineConfiguration/searchesWhereViewChanged``); with `resting` false, a still
    /// view is searched as a moving one (``TrackingEngineConfiguration/restsWhileStill``).
    static func isolatedEngines(resting: Bool = true) throws -> (told: TrackingEngine, untold: TrackingEngine) {
        let isolation = try ReadIsolation(symbologies: [.pdf417], command: [TrackProcess.executable.path])
        let options = try InProcessPartTests.reader(isolating: isolation).options
        var configuration = TrackingEngineConfiguration()
        configuration.restsWhileStill = resting
        configuration.searchesWhereViewChanged = false
        return (try TrackingEngine(options: options, configuration: configuration), try TrackingEngine(options: options, configuration: configuration))
    }

    /// `frames` through `told` (named the frame `naming` gives before each one) and through
    /// `untold`, each in a session of its own; calls `check` with each frame's index and both
    /// engines' detections.
    static func compare(_ frames: [Frame], told: TrackingEngine, untold: TrackingEngine, naming: (Int) -> Frame?,
                        check: (Int, [Detection], [Detection]) -> Void) throws {
        let sessions = [try ScanSession(), try ScanSession()]
        for (index, frame) in frames.enumerated() {
            if let next = naming(index) { sessions[0].prepare(next: next, using: told) }
            var reports: [[Detection]] = []
            for (session, engine) in zip(sessions, [told, untold]) {
                let (detections, _) = try session.stepReporting(frame, using: engine)
                reports.append(detections)
            }
            check(index, reports[0], reports[1])
        }
    }

    @Test("On the real Micro QR clip, an engine told each next frame sends whole-frame reads ahead and reports exactly what an engine not told reports")
    func sameDetectionsWithReadAhead() throws {
        let (told, untold) = try Self.isolatedEngines()
        let frames = try Self.clip(frames: 90)
        var decoded = 0
        try Self.compare(frames, told: told, untold: untold, naming: { $0 + 1 < frames.count ? frames[$0 + 1] : nil }) { index, a, b in
            #expect(a == b, "frame \(index + 1)")
            decoded += a.filter { $0.barcode != nil }.count
        }
        // Tracked from the first frames on, the clip is searched whole every third frame.
        #expect(told.wholeFrameReadsSentAhead >= 20, "\(told.wholeFrameReadsSentAhead) sent ahead")
        #expect(untold.wholeFrameReadsSentAhead == 0)
        // Every frame after the first has its code-likeness map made among the jobs of the one before.
        #expect(told.likenessMapsMadeAhead == frames.count - 1, "\(told.likenessMapsMadeAhead) maps made ahead")
        #expect(untold.likenessMapsMadeAhead == 0)
        #expect(decoded > 150, "\(decoded) decoded")
    }

    @Test("While the view stays empty (and the engine does not rest), the next frame's whole-frame read is sent ahead too, and the frames after it report what an engine not told reports")
    func emptyViewReadsAhead() throws {
        let (told, untold) = try Self.isolatedEngines(resting: false)
        let clip = try Self.clip(frames: 30)
        let (width, height) = (clip[0].image.width, clip[0].image.height)
        // Six frames of a grey wall, then the codes come into view.
        let empty = try (0..<6).map { Frame(number: $0, time: Double($0) / 30, image: try LumaImage(width: width, height: height, filledWith: 128)) }
        let frames = empty + clip.enumerated().map { Frame(number: $0.offset + 6, time: Double($0.offset + 6) / 30, image: $0.element.image) }
        var sentWhileEmpty = 0, decoded = 0
        try Self.compare(frames, told: told, untold: untold, naming: { $0 + 1 < frames.count ? frames[$0 + 1] : nil }) { index, a, b in
            #expect(a == b, "frame \(index + 1)")
            if index == 5 { sentWhileEmpty = told.wholeFrameReadsSentAhead }
            decoded += a.filter { $0.barcode != nil }.count
        }
        // Not at the first frame (the view may hold codes); from the second empty frame on,
        // each empty frame's read was sent at the one before.
        #expect(sentWhileEmpty >= 3, "\(sentWhileEmpty) of the empty frames' reads sent ahead")
        #expect(untold.wholeFrameReadsSentAhead == 0)
        #expect(decoded > 20, "\(decoded) decoded")
    }

    @Test("A read sent ahead for a frame that does not come next is dropped: the frame that comes is searched as it should be")
    func anotherFrameComes() throws {
        let isolation = try ReadIsolation(symbologies: [.pdf417], command: [TrackProcess.executable.path])
        let told = try TrackingEngine(options: try InProcessPartTests.reader(isolating: isolation).options)
        let untold = try TrackingEngine(options: try InProcessPartTests.reader(isolating: nil).options)
        let frames = try Self.clip(frames: 40)
        let blank = Frame(number: 1000, time: 99, image: try LumaImage(width: frames[0].image.width, height: frames[0].image.height))
        var processes = Set<pid_t>()
        // A wrong frame named every time: nothing sent ahead may be taken.
        try Self.compare(frames, told: told, untold: untold, naming: { _ in blank }) { index, a, b in
            #expect(a == b, "frame \(index + 1)")
            processes.formUnion(isolation.idleProcessIDs)
        }
        #expect(told.wholeFrameReadsSentAhead == 0)
        // One read sent ahead, one read in its frame and one of the frame's widest region
        // (PDF417) at a time: three processes, which taking and dropping the answers keeps (a
        // read dropped unfinished kills its process).
        #expect(processes.count <= 3, "\(processes.count) reader processes")
    }
}
