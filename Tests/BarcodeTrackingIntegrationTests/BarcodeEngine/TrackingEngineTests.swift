import BarcodeDecoding
import BarcodeEngine
import BarcodeTracking
import FrameSources
import SyntheticScenes
import TestSupport
import Testing

/// The engine's fast path, on synthetic scenes with exact ground truth.
struct TrackingEngineTests {
    static func scene(codes: Int = 6, frames: Int = 40, shake: Double = 0, noise: Double = 0) throws -> SyntheticScene {
        var c = SyntheticSceneConfiguration.demo
        c.width = 960
        c.height = 540
        c.codeCount = codes
        c.frameCount = frames
        c.shake = shake
        c.noise = noise
        c.unevenLighting = 0
        return try SyntheticScene.fitting(c)
    }

    /// Runs a session frame by frame the way the pipeline does; returns per-frame results and truths.
    static func run(_ scene: SyntheticScene, detector: any BarcodeDetector) throws -> (ScanSession, [(ScanFrameResult, GroundTruthFrame)]) {
        let session = try ScanSession()
        var out: [(ScanFrameResult, GroundTruthFrame)] = []
        for n in 1...scene.configuration.frameCount {
            let (frame, truth) = scene.render(frame: n)
            if let result = try session.step(frame, using: detector, number: n) {
                out.append((result, truth))
            }
        }
        return (session, out)
    }

    @Test("Every label is recognized, and measured locations stay on the code they name")
    func followsCodes() throws {
        let scene = try Self.scene()
        let (session, frames) = try Self.run(scene, detector: try TrackingEngine())
        #expect(Set(session.recognized.compactMap(\.barcode.data)) == Set(scene.labels.map(\.payload)))
        var measured = 0
        for (result, truth) in frames {
            for track in result.tracks where track.state == .tracked {
                let code = try #require(truth.codes.first { $0.payload == track.barcode?.data }, "track of an unknown payload")
                #expect(code.location.contains(track.location.center), "frame \(result.frameNumber): #\(track.id) off its code")
                measured += 1
            }
        }
        // Most frame/code pairs are measured, not just predicted.
        let pairs = frames.reduce(0) { $0 + $1.1.codes.filter { $0.visibility == 1 }.count }
        #expect(Double(measured) / Double(pairs) > 0.85, "\(measured) of \(pairs) measured")
    }

    @Test("The engine reads every code decoding every full frame reads, nothing else, with one id per label")
    func recallAndIdentity() throws {
        let scene = try Self.scene(codes: 8, frames: 45, shake: 0.8, noise: 3)
        let (engine, engineFrames) = try Self.run(scene, detector: try TrackingEngine())
        let (baseline, _) = try Self.run(scene, detector: try BarcodeReader())
        let engineCodes = Set(engine.recognized.compactMap(\.barcode.data))
        let baselineCodes = Set(baseline.recognized.compactMap(\.barcode.data))
        #expect(engineCodes.isSuperset(of: baselineCodes), "missed: \(baselineCodes.subtracting(engineCodes))")
        #expect(engineCodes.isSubset(of: Set(scene.labels.map(\.payload))), "misread: \(engineCodes.subtracting(scene.labels.map(\.payload)))")
        // One track id per payload for the whole run: no identity switches.
        var idsByPayload: [String: Set<TrackID>] = [:]
        for (result, _) in engineFrames {
            for track in result.tracks { if let data = track.barcode?.data { idsByPayload[data, default: []].insert(track.id) } }
        }
        #expect(idsByPayload.values.allSatisfy { $0.count == 1 }, "\(idsByPayload.filter { $0.value.count > 1 })")
    }

    @Test("A code entering the view mid-run is discovered within the strip cycle")
    func discoversNewCodes() throws {
        var c = SyntheticSceneConfiguration.demo
        c.width = 960
        c.height = 540
        c.layout = .conveyor
        c.codeCount = 3
        c.frameCount = 150
        c.beltSpeed = 300
        c.noise = 0
        let scene = try SyntheticScene.fitting(c)
        let (session, frames) = try Self.run(scene, detector: try TrackingEngine())
        #expect(session.recognized.count == 3, "\(session.recognized.map { "\($0.barcode.symbology) \($0.barcode.data ?? "?")" })")
        let config = TrackingEngineConfiguration()
        // 2-D: six tiles, then the same grid shifted by half a tile; 1-D: the strip positions.
        let cycle = max(12 * config.relaxedDiscoveryInterval, config.linearStrips * config.relaxedLinearDiscoveryInterval)
        for label in scene.labels {
            guard let firstFull = frames.first(where: { $0.1.codes.contains { $0.instance == label.instance && $0.visibility == 1 } })?.1.number,
                  let recognized = frames.first(where: { $0.0.tracks.contains { $0.barcode?.data == label.payload } })?.0.frameNumber
            else { Issue.record("\(label.payload) never fully visible or never recognized"); continue }
            #expect(recognized - firstFull <= cycle, "\(label.symbology) took \(recognized - firstFull) frames")
        }
    }

    @Test("A discovery that re-reads a measured code is dropped, even as a partial quad; a same-payload label elsewhere is kept")
    func coveredDiscoveries() {
        func detection(_ payload: String, _ rect: Rect) -> Detection {
            Detection(barcode: Barcode(symbology: .ean13, data: payload, bytes: Array(payload.utf8), location: Quadrilateral(rect)))
        }
        let measured = [detection("4006381333931", Rect(x: 100, y: 100, width: 200, height: 60))]
        // A strip that cut the code: same payload, quad off-centre but overlapping.
        #expect(TrackingEngine.isCovered(detection("4006381333931", Rect(x: 100, y: 70, width: 200, height: 35)), by: measured))
        // A sliver of the code's top rows, just above a measured box that sits a few pixels low.
        #expect(TrackingEngine.isCovered(detection("4006381333931", Rect(x: 100, y: 93, width: 200, height: 3)), by: measured))
        // The same payload on another label of the pallet.
        #expect(!TrackingEngine.isCovered(detection("4006381333931", Rect(x: 400, y: 100, width: 200, height: 60)), by: measured))
        // Another code overlapping the measured one's box, but not its centre.
        #expect(!TrackingEngine.isCovered(detection("4000000000006", Rect(x: 250, y: 140, width: 200, height: 60)), by: measured))
    }

    @Test("Identical 2-D labels a few pixels apart are separate codes; a re-read of the same spot is not")
    func identicalNeighbours() {
        func copies(_ rect: Rect) -> Detection {
            Detection(barcode: Barcode(symbology: .microQRCode, data: "COPIES", bytes: Array("COPIES".utf8), location: Quadrilateral(rect)))
        }
        let measured = [copies(Rect(x: 100, y: 100, width: 44, height: 44))]
        #expect(!TrackingEngine.isCovered(copies(Rect(x: 150, y: 100, width: 44, height: 44)), by: measured))
        #expect(!TrackingEngine.isCovered(copies(Rect(x: 100, y: 150, width: 44, height: 44)), by: measured))
        #expect(TrackingEngine.isCovered(copies(Rect(x: 103, y: 98, width: 44, height: 44)), by: measured))
    }

    @Test("Hiding masks follow the code's tilt and leave a neighbour 8 px away untouched")
    func hidingMaskFollowsTilt() throws {
        // A diamond (a square code rolled by 45°) centred at (60, 60), half-diagonal 30.
        let diamond = Quadrilateral(topLeft: Point(x: 60, y: 30), topRight: Point(x: 90, y: 60),
                                    bottomRight: Point(x: 60, y: 90), bottomLeft: Point(x: 30, y: 60))
        // A bright frame with one dark row, so the fill (the crop's mean) differs from the background.
        var marked = try LumaImage(width: 200, height: 120, filledWith: 200)
        for x in 0..<200 { marked[x, 0] = 0 }
        let masked = try #require(TrackingEngine.crop(marked, to: marked.bounds, hiding: [TrackingEngine.hidingMask(for: diamond)]))
        #expect(masked[60, 60] != 200)           // the code's centre is painted out
        #expect(masked[60, 26] != 200)           // and its grown tip
        #expect(masked[32, 32] == 200)           // the bounding box's corner is not
        #expect(masked[105, 60] == 200)          // nor a neighbour 15 px to the right of the tip
    }

    @Test("The whole frame is searched every wholeFrameInterval frames while codes are tracked, and every frame while none is")
    func wholeFrameBound() {
        var config = TrackingEngineConfiguration()
        config.wholeFrameInterval = 3
        var schedule = DiscoverySchedule()
        let searched = (1...10).map { schedule.wholeFrame(at: $0, nothingTracked: $0 == 1, config) != nil }
        #expect(searched == [true, false, false, true, false, false, true, false, false, true])
        let emptyView = schedule.wholeFrame(at: 11, nothingTracked: true, config)
        #expect(emptyView == .fullResolution)
    }

    @Test("While the view is steady and no new code came lately, the whole frame is searched every relaxedWholeFrameInterval frames")
    func steadyWholeFrames() {
        var config = TrackingEngineConfiguration()
        #expect(config.wholeFrameInterval == 3 && config.relaxedWholeFrameInterval == 6, "the defaults this test counts with")
        var schedule = DiscoverySchedule()
        func searched(_ frames: ClosedRange<Int>, steady: Bool) -> [Int] {
            frames.filter { schedule.wholeFrame(at: $0, nothingTracked: false, steady: steady, config) != nil }
        }
        #expect(searched(1...13, steady: true) == [1, 7, 13])
        #expect(searched(14...19, steady: false) == [16, 19])
        // A new code makes the schedule eager: steady or not, every wholeFrameInterval frames.
        schedule.foundNewCode(at: 19)
        #expect(searched(20...25, steady: true) == [22, 25])
        // Never more often than wholeFrameInterval.
        config.wholeFrameInterval = 8
        var other = DiscoverySchedule()
        #expect((1...17).filter { other.wholeFrame(at: $0, nothingTracked: false, steady: true, config) != nil } == [1, 9, 17])
    }

    @Test("The view is steady while the codes measured in the previous frame are predicted to move under steadyViewSpeed")
    func steadyView() throws {
        let engine = try TrackingEngine()  // steadyViewSpeed 0.005: 2.7 px a frame on 960 x 540
        let bounds = Rect(x: 0, y: 0, width: 960, height: 540)
        func track(_ id: Int, moving dx: Double, _ state: TrackState = .tracked) -> TrackedBarcode {
            let box = Quadrilateral(Rect(x: Double(100 * id), y: 100, width: 60, height: 60))
            return TrackedBarcode(id: TrackID(rawValue: id), barcode: Barcode(symbology: .qrCode, data: "\(id)", bytes: Array("\(id)".utf8), location: box), location: box,
                                  predictedLocation: box.translated(by: Point(x: dx, y: 0)), deltaTimeForPrediction: 1.0 / 30,
                                  velocity: Point(x: dx * 30, y: 0), shouldAnimateFromPreviousToNextState: true,
                                  firstSeen: 0, lastSeen: 0, framesSeen: 5, state: state)
        }
        #expect(engine.isSteady([track(1, moving: 2), track(2, moving: -1), track(3, moving: 2)], bounds: bounds))
        #expect(!engine.isSteady([track(1, moving: 4), track(2, moving: 5), track(3, moving: 1)], bounds: bounds))
        // The median: one code moving on its own does not make a pan.
        #expect(engine.isSteady([track(1, moving: 40), track(2, moving: 1), track(3, moving: 0)], bounds: bounds))
        // Only codes measured in the previous frame count; with none, the view is not known to be steady.
        #expect(!engine.isSteady([track(1, moving: 0, .predictedOnly)], bounds: bounds))
        #expect(!engine.isSteady([], bounds: bounds))
    }

    @Test("While nothing is tracked, or every tracked code is lost, the whole frame is searched every idle / lost interval frames",
          arguments: [false, true])
    func idleAndLostWholeFrames(allLost: Bool) {
        var config = TrackingEngineConfiguration()
        config.wholeFrameInterval = 3
        if allLost { config.lostWholeFrameInterval = 2 } else { config.idleWholeFrameInterval = 2 }
        var schedule = DiscoverySchedule()
        let sparse = (1...6).map { schedule.wholeFrame(at: $0, nothingTracked: !allLost, allLost: allLost, config) != nil }
        #expect(sparse == [true, false, true, false, true, false])
        // Codes measured from frame 7: the tracked interval counts from the last search (frame 5).
        let tracked = (7...10).map { schedule.wholeFrame(at: $0, nothingTracked: false, config) != nil }
        #expect(tracked == [false, true, false, false])
    }

    @Test("A forced frame is searched whole whatever the schedule; while every code is lost, never more seldom than tracked")
    func forcedAndThoroughWholeFrames() {
        var config = TrackingEngineConfiguration()
        config.wholeFrameInterval = 3
        var schedule = DiscoverySchedule()
        _ = schedule.wholeFrame(at: 10, nothingTracked: false, config)
        let forced = schedule.wholeFrame(at: 11, nothingTracked: false, forced: true, config)
        let next = schedule.wholeFrame(at: 12, nothingTracked: false, config)
        #expect(forced != nil && next == nil)
        // A tracked interval shorter than the lost one wins (`--effort thorough`: every frame).
        config.wholeFrameInterval = 1
        config.lostWholeFrameInterval = 2
        var thorough = DiscoverySchedule()
        #expect((1...4).allSatisfy { thorough.wholeFrame(at: $0, nothingTracked: false, allLost: true, config) != nil })
    }

    @Test("Every fullResolutionWholeFrameInterval-th whole-frame search is at full resolution on a frame large enough, the others reduced")
    func reducedWholeFrames() {
        var config = TrackingEngineConfiguration()
        config.wholeFrameInterval = 3
        config.fullResolutionWholeFrameInterval = 2
        var schedule = DiscoverySchedule()
        let tracked = (1...9).map { schedule.wholeFrame(at: $0, nothingTracked: false, reducible: true, config) }
        #expect(tracked == [.fullResolution, nil, nil, .reduced, nil, nil, .fullResolution, nil, nil])
        // An empty view: every frame searched whole, every other one at full resolution.
        let idle = (10...13).map { schedule.wholeFrame(at: $0, nothingTracked: true, reducible: true, config) }
        #expect(idle == [.reduced, .fullResolution, .reduced, .fullResolution])
        // Forced (warm-up, spare time) and small frames: always full resolution.
        #expect(schedule.wholeFrame(at: 14, nothingTracked: true, forced: true, reducible: true, config) == .fullResolution)
        #expect(schedule.wholeFrame(at: 15, nothingTracked: true, reducible: false, config) == .fullResolution)
        config.fullResolutionWholeFrameInterval = 1
        #expect(schedule.wholeFrame(at: 16, nothingTracked: true, reducible: true, config) == .fullResolution)
    }

    @Test("While every tracked code is lost, every whole-frame search is at full resolution, unless turned off")
    func lostViewsAtFullResolution() {
        var config = TrackingEngineConfiguration()
        config.fullResolutionWholeFrameInterval = 2
        var schedule = DiscoverySchedule()
        // Codes tracked and lost (predicted only): every frame searched whole, each at full size.
        let lost = (1...4).map { schedule.wholeFrame(at: $0, nothingTracked: false, allLost: true, reducible: true, config) }
        #expect(lost == [.fullResolution, .fullResolution, .fullResolution, .fullResolution])
        // An empty view (no track to have lost) keeps alternating.
        let idle = (5...8).map { schedule.wholeFrame(at: $0, nothingTracked: true, allLost: true, reducible: true, config) }
        #expect(idle == [.reduced, .fullResolution, .reduced, .fullResolution])
        // Turned off (`track --effort fast`): lost views alternate too.
        config.lostWholeFrameAtFullResolution = false
        var fast = DiscoverySchedule()
        let alternating = (1...4).map { fast.wholeFrame(at: $0, nothingTracked: false, allLost: true, reducible: true, config) }
        #expect(alternating == [.fullResolution, .reduced, .fullResolution, .reduced])
    }

    @Test("Discovery is eager after a new code, relaxed when the view is known")
    func discoverySchedule() {
        let config = TrackingEngineConfiguration()
        var schedule = DiscoverySchedule()
        func due(_ frames: ClosedRange<Int>) -> (strips: [Int], tiles: [Int]) {
            var strips: [Int] = [], tiles: [Int] = []
            for frame in frames {
                if schedule.strip(at: frame, config) != nil { strips.append(frame) }
                if schedule.tile(at: frame, config) != nil { tiles.append(frame) }
            }
            return (strips, tiles)
        }
        let relaxed = due(1...12)
        #expect(relaxed.strips == [1, 4, 7, 10] && relaxed.tiles == [1, 3, 5, 7, 9, 11])
        schedule.foundNewCode(at: 12)
        #expect(schedule.isEager(at: 13, config))
        let eager = due(13...18)
        #expect(eager.strips == [13, 15, 17] && eager.tiles == [13, 14, 15, 16, 17, 18])
        #expect(!schedule.isEager(at: 12 + config.discoveryBackoffFrames + 1, config))
    }

    @Test("Discoveries with collapsed corners are not taken for codes")
    func plausibleQuads() {
        let seen = Quadrilateral(topLeft: Point(x: 454, y: 128), topRight: Point(x: 410, y: 0),
                                 bottomRight: Point(x: 410, y: 0), bottomLeft: Point(x: 458, y: 155))
        #expect(!TrackingEngine.isPlausible(seen))
        #expect(TrackingEngine.isPlausible(Quadrilateral(Rect(x: 10, y: 10, width: 60, height: 20))))
        #expect(!TrackingEngine.isPlausible(Quadrilateral(Rect(x: 10, y: 10, width: 60, height: 2))))
    }

    @Test("Out-of-range settings are rejected when the reader is built")
    func validation() {
        var c = TrackingEngineConfiguration()
        c.redecodeInterval = 0
        #expect(throws: DecodingError.self) { try TrackingEngine(configuration: c) }
        c = TrackingEngineConfiguration()
        c.minimumCorrelation = 1.5
        #expect(throws: DecodingError.self) { try TrackingEngine(configuration: c) }
        c = TrackingEngineConfiguration()
        c.frameTimeBudget = 0
        #expect(throws: DecodingError.self) { try TrackingEngine(configuration: c) }
        c.frameTimeBudget = .nan
        #expect(throws: DecodingError.self) { try TrackingEngine(configuration: c) }
        c.frameTimeBudget = 0.025
        #expect(throws: Never.self) { try TrackingEngine(configuration: c) }
    }

    @Test("Crops for the 1-D search copy the frame and fill hidden boxes uniformly")
    func crop() throws {
        var image = try LumaImage(width: 20, height: 12, filledWith: 0)
        for x in 0..<20 { for y in 0..<12 { image[x, y] = UInt8((x * 10 + y) % 256) } }
        let rect = Rect(x: 5, y: 2, width: 10, height: 8)
        let crop = try #require(TrackingEngine.crop(image, to: rect, hiding: [Quadrilateral(Rect(x: 5, y: 2, width: 3, height: 8))]))
        #expect(crop.width == 10 && crop.height == 8)
        for y in 0..<8 {
            for x in 3..<10 { #expect(crop[x, y] == image[x + 5, y + 2]) }
            for x in 0..<3 { #expect(crop[x, y] == crop[0, 0]) }
        }
        #expect(TrackingEngine.crop(image, to: Rect(x: 0, y: 0, width: 4, height: 4), hiding: []) == nil)
    }
}
