import BarcodeTracking
import PropertyBased
import SeededRandom
import Synchronization
import Testing

/// Counts calls from any thread.
final class Counter: Sendable {
    private let value = Mutex(0)
    func increment() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

/// Keeps values handed over from callbacks.
final class Box<T: Sendable>: Sendable {
    private let storage: Mutex<[T]>
    init() { storage = Mutex([]) }
    func append(_ value: T) { storage.withLock { $0.append(value) } }
    var values: [T] { storage.withLock { $0 } }
}

let frameSize = Size(width: 640, height: 480)

struct ScanSessionTests {
    func run(_ session: ScanSession, _ frames: [[Detection]], from start: Int = 0) throws -> [ScanFrameResult?] {
        try frames.enumerated().map { index, detections in
            let number = start + index + 1
            return try session.process(detections, frameNumber: number, time: Double(number) / 30, frameSize: frameSize)
        }
    }

    @Test("Each physical code is recognized once, with first and most recent time")
    func recognizesOnce() throws {
        let session = try ScanSession()
        let results = try run(session, (0..<5).map { f in [code("A", at: Point(x: 100 + Double(f) * 4, y: 100))] })
        #expect(results.map { $0?.newlyRecognized.count } == [1, 0, 0, 0, 0])
        let recognized = session.recognized
        #expect(recognized.count == 1)
        #expect(recognized[0].firstSeen == 1.0 / 30 && recognized[0].lastSeen == 5.0 / 30)
        #expect(session.trackedCodes.count == 1)
    }

    @Test("A code rejected in the per-frame callback stays tracked and flagged and never counts")
    func rejectionInsideCallback() throws {
        let finished = Counter()
        var configuration = ScanSessionConfiguration()
        configuration.expectedCount = 2
        let session = try ScanSession(
            configuration: configuration,
            didProcessFrame: { frame in
                for track in frame.tracks where track.barcode?.data == "BAD" { _ = try? frame.reject(track.id) }
            }, onFinish: { _ in finished.increment() })
        let frame = [code("GOOD", at: Point(x: 100, y: 100)), code("BAD", at: Point(x: 300, y: 100))]
        let results = try run(session, [frame, frame, frame])
        #expect(session.recognized.map(\.barcode.data) == ["GOOD"])
        let last = try #require(results.last ?? nil)
        #expect(last.tracks.count == 2)
        #expect(last.tracks.first { $0.barcode?.data == "BAD" }?.isRejected == true)
        #expect(last.tracks.first { $0.barcode?.data == "GOOD" }?.isRejected == false)
        #expect(finished.count == 0, "a rejected code does not count toward the expected number")
        #expect(!session.isFinished)
    }

    @Test("Rejecting after the callback returned throws a misuse error")
    func rejectionOutsideCallback() throws {
        let kept = Box<ScanFrameContext>()
        let session = try ScanSession(didProcessFrame: { kept.append($0) })
        _ = try run(session, [[code("A", at: Point(x: 100, y: 100))]])
        let context = try #require(kept.values.first)
        #expect {
            try context.reject(context.tracks[0].id)
        } throws: { error in
            (error as? TrackingError)?.code == .rejectionOutsideCallback
        }
        _ = try run(session, [[code("A", at: Point(x: 100, y: 100))]], from: 1)
        #expect(session.recognized.count == 1, "the failed rejection changed nothing")
    }

    @Test("The shouldReject predicate keeps codes out of the results")
    func rejectionPredicate() throws {
        let session = try ScanSession(shouldReject: { $0.barcode?.data?.hasPrefix("X") == true })
        let results = try run(session, [[code("X1", at: Point(x: 100, y: 100)), code("Y1", at: Point(x: 300, y: 100))]])
        #expect(session.recognized.map(\.barcode.data) == ["Y1"])
        #expect(results[0]?.tracks.filter(\.isRejected).map(\.barcode?.data) == ["X1"])
        #expect(session.finish(.endOfInput)?.rejectedTrackIDs.count == 1)
    }

    @Test("Reaching the expected count completes the session and delivers the result exactly once")
    func expectedCountCompletion() throws {
        let finished = Box<ScanSummary>()
        var configuration = ScanSessionConfiguration()
        configuration.expectedCount = 2
        let session = try ScanSession(configuration: configuration, onFinish: { finished.append($0) })
        let results = try run(
            session,
            [
                [code("A", at: Point(x: 100, y: 100))],
                [code("A", at: Point(x: 100, y: 100)), code("B", at: Point(x: 300, y: 100))],
                [code("C", at: Point(x: 500, y: 100))],
            ])
        #expect(results[1]?.recognizedCount == 2)
        #expect(results[2] == nil, "frames after completion are ignored")
        session.stop()
        #expect(session.finish(.failed("late")) == nil)
        #expect(finished.values.count == 1)
        #expect(finished.values.first?.reason == .completed)
        #expect(finished.values.first?.recognized.compactMap(\.barcode.data) == ["A", "B"])
    }

    @Test("A session stopped before any frame delivers an empty result once")
    func emptySession() throws {
        let finished = Counter()
        let session = try ScanSession(onFinish: { _ in finished.increment() })
        session.stop()
        session.stop()
        #expect(finished.count == 1)
        #expect(session.summary?.recognized.isEmpty == true && session.summary?.reason == .stopped)
    }

    @Test("clear() forgets results and rejections; codes still in view are recognized again")
    func clearStartsOver() throws {
        let session = try ScanSession(shouldReject: { $0.barcode?.data == "R" })
        let frame = [code("A", at: Point(x: 100, y: 100)), code("R", at: Point(x: 300, y: 100))]
        _ = try run(session, [frame, frame])
        #expect(session.recognized.count == 1)
        session.clear()
        #expect(session.recognized.isEmpty)
        let again = try run(session, [frame], from: 2)
        #expect(again[0]?.newlyRecognized.map(\.barcode.data) == ["A"])
        #expect(session.recognized.count == 1, "the predicate still rejects R")
    }

    @Test("A clear is reported by the next frame's result and counted in the summary; a code seen again counts from that frame")
    func clearIsReportedAndCounted() throws {
        let session = try ScanSession()
        let frame = [code("A", at: Point(x: 100, y: 100)), code("B", at: Point(x: 300, y: 100))]
        _ = try run(session, [frame, frame])
        session.clear()
        let next = try #require(try run(session, [frame], from: 2)[0])
        #expect(next.clears == [2])
        #expect(next.newlyRecognized.map(\.firstSeen) == [3.0 / 30, 3.0 / 30], "first seen in the frame the clear took effect in")
        #expect(try run(session, [frame], from: 3)[0]?.clears == [])
        let summary = try #require(session.finish(.stopped))
        #expect(summary.recognized.map(\.barcode.data) == ["A", "B"] && summary.recognized.allSatisfy { $0.firstSeen == 3.0 / 30 })
        #expect(summary.clears == 1 && summary.clearedCodes == 2)
    }

    @Test("Paused sessions ignore frames until resumed")
    func pauseResume() throws {
        let session = try ScanSession()
        session.pause()
        #expect(try run(session, [[code("A", at: Point(x: 100, y: 100))]])[0] == nil)
        #expect(session.recognized.isEmpty && session.isPaused)
        session.resume()
        #expect(try run(session, [[code("A", at: Point(x: 100, y: 100))]], from: 1)[0]?.newlyRecognized.count == 1)
    }

    @Test("Duplicate policy: equal payloads in view together count separately, a code coming back does not")
    func duplicatePolicies() throws {
        let two = [code("SAME", at: Point(x: 100, y: 100)), code("SAME", at: Point(x: 400, y: 100))]
        let one = [code("SAME", at: Point(x: 100, y: 300))]
        // Two labels together for 0.5 s (twin confirmation), then gone for more than the coast time,
        // then one back elsewhere.
        let script = Array(repeating: two, count: 16) + Array(repeating: [Detection](), count: 20) + [one, one]
        var counts: [ScanSessionConfiguration.DuplicatePolicy: Int] = [:]
        for policy in [ScanSessionConfiguration.DuplicatePolicy.separateWhenSimultaneouslyVisible, .oncePerPayload, .everyTrack] {
            var configuration = ScanSessionConfiguration()
            configuration.duplicatePolicy = policy
            let session = try ScanSession(configuration: configuration)
            _ = try run(session, script)
            counts[policy] = session.recognized.count
        }
        #expect(counts == [.separateWhenSimultaneouslyVisible: 2, .oncePerPayload: 1, .everyTrack: 3])
    }

    /// Runs `session` on "BACK" read at (100, 100) in two frames, then no code for `awayFrames`
    /// frames, then "BACK" read at (400, 300) in one frame.
    func runComingBack(_ session: ScanSession, awayFrames: Int) throws -> [ScanFrameResult?] {
        let first = [code("BACK", at: Point(x: 100, y: 100))]
        return try run(
            session, [first, first] + Array(repeating: [Detection](), count: awayFrames) + [[code("BACK", at: Point(x: 400, y: 300))]])
    }

    @Test("A code that comes back under a new track keeps the id it was announced under")
    func comingBackKeepsAnnouncedID() throws {
        let session = try ScanSession()
        // Away for 31 s: longer than the tracker's 30 s identity memory, so the code gets a new track.
        let results = try runComingBack(session, awayFrames: 930)
        let announced = try #require(results.first??.newlyRecognized.first)
        let recognized = try #require(session.recognized.first)
        #expect(session.recognized.count == 1)
        #expect(recognized.trackID != announced.trackID, "the code follows its new track")
        #expect(recognized.firstTrackID == announced.trackID)
    }

    @Test("A code back within the identity memory takes its id back and is not announced again")
    func comingBackSoonTakesItsIDBack() throws {
        let session = try ScanSession()
        // Away for 0.7 s: past the coast time (its track is removed), within the 30 s memory.
        let results = try runComingBack(session, awayFrames: 20)
        let announced = try #require(results.first??.newlyRecognized.first)
        let back = try #require(results.last??.tracks.first)
        #expect(back.id == announced.trackID && back.state == .tracked)
        #expect(results.last??.newlyRecognized.isEmpty == true)
        #expect(session.recognized.count == 1 && session.recognized.first?.trackID == announced.trackID)
    }

    @Test("A label read twice on one spot in one frame stays one track and one code")
    func labelReadTwice() throws {
        let session = try ScanSession()
        let label = code("SAME", at: Point(x: 100, y: 100))
        // Frame 2 reports the label twice (as a partial re-read would).
        let results = try run(session, [[label], [label, code("SAME", at: Point(x: 104, y: 100))], [label]])
        #expect(results[1]?.tracks.count == 1)
        #expect(session.recognized.count == 1)
        #expect(results.compactMap { $0?.newlyRecognized.count }.reduce(0, +) == 1)
    }

    @Test("N-of-M verification delays recognition until enough frames decoded the code")
    func verification() throws {
        var configuration = ScanSessionConfiguration()
        configuration.verification = .init(required: 2, window: 3)
        let session = try ScanSession(configuration: configuration)
        let p = Point(x: 100, y: 100)
        let results = try run(session, [[code("A", at: p)], [located(at: p)], [code("A", at: p)]])
        #expect(results.map { $0?.newlyRecognized.count } == [0, 0, 1])
    }

    @Test("Disabled symbologies, the scan area and the per-frame cap filter detections")
    func filters() throws {
        var configuration = ScanSessionConfiguration()
        configuration.enabledSymbologies = [.qrCode, .code128]
        configuration.maximumCodesPerFrame = 2
        configuration.scanArea = try ScanArea(margins: .init(left: .pixels(50)))
        let session = try ScanSession(configuration: configuration)
        let result = try #require(
            try run(
                session,
                [
                    [
                        code("EAN", at: Point(x: 320, y: 240), symbology: .ean13),
                        code("EDGE", at: Point(x: 20, y: 240)),
                        code("NEAR", at: Point(x: 330, y: 240)),
                        code("MID", at: Point(x: 400, y: 240)),
                        code("FAR", at: Point(x: 600, y: 400), symbology: .qrCode),
                    ]
                ])[0])
        #expect(Set(result.tracks.compactMap(\.barcode?.data)) == ["NEAR", "MID"])
        var bad = ScanSessionConfiguration()
        bad.verification = .init(required: 3, window: 2)
        #expect(throws: TrackingError.self) { try ScanSession(configuration: bad) }
    }

    @Test("Property: a code is newly recognized once per session, rejected codes are never counted")
    func randomizedInvariants() async {
        await propertyCheck(count: 40, input: Gen.uint64(in: 0...UInt64(UInt32.max)), Gen.int(in: 2...4)) { seed, rejectEvery in
            var rng = SplitMix64(seed: seed)
            let session = try ScanSession(didProcessFrame: { frame in
                for track in frame.tracks where track.id.rawValue % rejectEvery == 0 { _ = try? frame.reject(track.id) }
            })
            var newlyByTrack: [TrackID: Int] = [:]
            var rejected = Set<TrackID>()
            var positions = (0..<6).map { _ in Point(x: .random(in: 50...590, using: &rng), y: .random(in: 50...430, using: &rng)) }
            for frame in 0..<50 {
                var detections: [Detection] = []
                for i in positions.indices {
                    positions[i] = positions[i] + Point(x: .random(in: -3...3, using: &rng), y: .random(in: -3...3, using: &rng))
                    if Double.random(in: 0...1, using: &rng) < 0.8 { detections.append(code("C\(i)", at: positions[i])) }
                }
                if frame == 30 {
                    session.clear()
                    newlyByTrack = [:]
                }
                let result = try #require(
                    try session.process(detections, frameNumber: frame + 1, time: Double(frame) / 30, frameSize: frameSize))
                rejected.formUnion(result.tracks.filter(\.isRejected).map(\.id))
                for code in result.newlyRecognized { newlyByTrack[code.trackID, default: 0] += 1 }
                #expect(session.recognized.allSatisfy { !rejected.contains($0.trackID) }, "seed \(seed)")
            }
            #expect(newlyByTrack.values.allSatisfy { $0 == 1 }, "seed \(seed)")
            #expect(newlyByTrack.keys.allSatisfy { !rejected.contains($0) }, "seed \(seed)")
        }
    }
}
