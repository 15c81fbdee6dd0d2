import BarcodeDecoding
import BarcodeEngine
import BarcodeTracking
import SyntheticScenes
import Testing

/// ``EngineJobTimes``: every job of every frame is timed under the kind it is.
struct EngineJobTimesTests {
    /// The schedule these tests count: whole-frame searches everywhere, not the changed boxes of a
    /// still camera's view (``TrackingEngineConfiguration/searchesWhereViewChanged``, tested in
    /// `ChangeDrivenSearchTests`).
    static var usualSchedule: TrackingEngineConfiguration {
        var configuration = TrackingEngineConfiguration()
        configuration.searchesWhereViewChanged = false
        return configuration
    }

    @Test("An empty view (the engine not resting while still): every frame is searched whole (full size and halved in turn), nothing is followed")
    func emptyViewIsSearchedWhole() throws {
        let times = EngineJobTimes()
        var configuration = TrackingEngineConfiguration()
        configuration.restsWhileStill = false
        configuration.searchesWhereViewChanged = false
        let engine = try TrackingEngine(configuration: configuration, jobTimes: times)
        let session = try ScanSession()
        let frames = 12
        for n in 1...frames {
            let frame = Frame(number: n, time: Double(n) / 30, image: try LumaImage(width: 960, height: 540, filledWith: 200))
            _ = try session.detect(in: frame, using: engine)
        }
        let totals = times.snapshot
        let whole = totals[.wholeFrame]?.jobs ?? 0, reduced = totals[.reducedWholeFrame]?.jobs ?? 0
        #expect(whole + reduced == frames, "\(whole) full-size and \(reduced) halved whole-frame searches in \(frames) frames")
        #expect(whole == frames / 2, "full size every other time")
        #expect(totals[.follow] == nil, "nothing to follow")
        // A halved search leaves small codes to the strip and the tile, at full size.
        #expect((totals[.tile]?.jobs ?? 0) <= reduced && (totals[.strip]?.jobs ?? 0) <= reduced)
        #expect(totals.values.allSatisfy { $0.seconds > 0 })
    }

    @Test("Codes tracked but none measured in the previous frame (a whip pan lost them all): searched whole every lostWholeFrameInterval frames")
    func everyTrackLostIsSearchedWhole() throws {
        func track(_ id: Int, _ state: TrackState) -> TrackedBarcode {
            let box = Quadrilateral(Rect(x: Double(150 * id), y: 100, width: 80, height: 80))
            return TrackedBarcode(id: TrackID(rawValue: id), barcode: Barcode(symbology: .qrCode, data: "\(id)", bytes: Array("\(id)".utf8), location: box),
                                  location: box, predictedLocation: box, deltaTimeForPrediction: 1.0 / 30, velocity: Point(x: 0, y: 0),
                                  shouldAnimateFromPreviousToNextState: true, firstSeen: 0, lastSeen: 0, framesSeen: 10, state: state)
        }
        func wholeFrameSearches(_ state: TrackState) throws -> Int {
            let times = EngineJobTimes()
            let engine = try TrackingEngine(configuration: Self.usualSchedule, jobTimes: times)
            let image = try LumaImage(width: 960, height: 540, filledWith: 200)
            for n in 1...12 {
                _ = try engine.report(in: Frame(number: n, time: Double(n) / 30, image: image), region: nil,
                                      expected: [track(1, state), track(2, state), track(3, state)])
            }
            return (times.snapshot[.wholeFrame]?.jobs ?? 0) + (times.snapshot[.reducedWholeFrame]?.jobs ?? 0)
        }
        #expect(try wholeFrameSearches(.predictedOnly) == 12, "every frame (the default 1), full size and halved in turn")
        // The same tracks measured at the frame before, standing still: the steady view's
        // schedule, every sixth frame (frames 1 and 7).
        let measured = try wholeFrameSearches(.tracked)
        #expect(measured == 2, "\(measured)")
    }

    @Test("Codes in view: one follow job per decoded code tracked at the frame before, and whole-frame searches every third frame")
    func followsAndWholeFrames() throws {
        let scene = try TrackingEngineTests.scene(codes: 6, frames: 30)
        let times = EngineJobTimes()
        let (_, frames) = try TrackingEngineTests.run(scene, detector: try TrackingEngine(configuration: Self.usualSchedule, jobTimes: times))
        // The engine follows the codes the session expected: the previous result's live decoded tracks.
        let expectedFollows = zip(frames, frames.dropFirst()).reduce(0) { sum, pair in
            sum + pair.0.0.tracks.filter { $0.state != .lost && $0.barcode != nil }.count
        }
        let totals = times.snapshot
        #expect(expectedFollows > 100, "\(expectedFollows): the codes were tracked")
        #expect(totals[.follow]?.jobs == expectedFollows)
        let whole = (totals[.wholeFrame]?.jobs ?? 0) + (totals[.reducedWholeFrame]?.jobs ?? 0)
        #expect(whole >= 10 && whole < 30, "\(whole) whole-frame searches in 30 frames: the first, then every third")
        #expect(totals[.likenessMap]?.jobs == 30, "the code-likeness map on every frame")
        #expect(try TrackingEngine().jobTimes == nil, "no timers unless asked for")
    }
}
