import PropertyBased
import SeededRandom
import Testing
@testable import BarcodeTracking

struct TrackerTests {
    @Test("A code moving at constant velocity is predicted exactly where the next frame measures it")
    func constantVelocityPrediction() throws {
        var tracker = try Tracker()
        var previous: TrackedBarcode?
        var id: TrackID?
        for frame in 0..<20 {
            let t = Double(frame) / 30
            let update = try tracker.update(with: [code("A", at: Point(x: 100 + 150 * t, y: 200 - 60 * t))], at: t)
            let track = try #require(update.tracks.first)
            #expect(update.tracks.count == 1)
            if let id { #expect(track.id == id) } else { id = track.id }
            if frame >= 2, let previous {
                #expect(previous.predictedLocation.center.distance(to: track.location.center) < 1e-9)
                #expect(abs(track.velocity.x - 150) < 1e-9 && abs(track.velocity.y + 60) < 1e-9)
                #expect(track.shouldAnimateFromPreviousToNextState)
            }
            previous = track
        }
    }

    @Test("Irregular and dropped frames keep velocity right and take deltaTime from measured intervals")
    func irregularFrames() throws {
        var tracker = try Tracker()
        let times = [0.0, 0.1, 0.2, 0.5, 0.6, 0.7, 0.75, 0.85, 0.95, 1.05, 1.15, 1.25, 1.35, 1.45]
        var last: TrackedBarcode?
        for t in times {
            let update = try tracker.update(with: [code("A", at: Point(x: 50 + 80 * t, y: 40))], at: t)
            last = update.tracks.first
            let track = try #require(last)
            if t > 0 {
                #expect(abs(track.velocity.x - 80) < 1e-9, "velocity from real timestamps, at t=\(t)")
            }
            let expected = track.location.translated(by: track.velocity * track.deltaTimeForPrediction)
            #expect(track.predictedLocation == expected)
        }
        // The last ten intervals are 0.1 s (one 0.05 s): the smoothed interval is near 0.1, not 1/30.
        let dt = try #require(last).deltaTimeForPrediction
        #expect(abs(dt - 0.1) < 0.01)
        #expect(tracker.deltaTimeForPrediction == dt)
    }

    @Test("An accelerating code keeps its id and is predicted better than by standing still")
    func acceleration() throws {
        var tracker = try Tracker()
        var ids = Set<TrackID>()
        var predictionError = 0.0, stillError = 0.0
        var previous: TrackedBarcode?
        for frame in 0..<30 {
            let t = Double(frame) / 30
            let update = try tracker.update(with: [code("A", at: Point(x: 20 + 300 * t * t, y: 100))], at: t)
            let track = try #require(update.tracks.first)
            ids.insert(track.id)
            if frame >= 3, let previous {
                predictionError += previous.predictedLocation.center.distance(to: track.location.center)
                stillError += previous.location.center.distance(to: track.location.center)
            }
            previous = track
        }
        #expect(ids.count == 1)
        #expect(predictionError < stillError / 3)
    }

    @Test("Two codes with the same payload crossing paths keep their own ids")
    func samePayloadCrossing() throws {
        var tracker = try Tracker()
        var rng = SplitMix64(seed: 7)
        var rightward: TrackID?, leftward: TrackID?
        for frame in 0..<40 {
            let t = Double(frame) / 30
            let a = code("PALLET-1", at: Point(x: 100 + 300 * t, y: 200))
            let b = code("PALLET-1", at: Point(x: 500 - 300 * t, y: 215))
            let update = try tracker.update(with: [a, b].shuffled(using: &rng), at: t)
            #expect(update.tracks.count == 2)
            // The rightward code runs at y = 200, the leftward one at y = 215.
            let sorted = update.tracks.sorted { $0.location.center.y < $1.location.center.y }
            let (r, l) = (sorted[0], sorted[1])
            if let rightward, let leftward {
                #expect(r.id == rightward && l.id == leftward, "identity swap at frame \(frame)")
            } else {
                rightward = r.id
                leftward = l.id
            }
        }
        #expect(rightward != leftward)
    }

    @Test("A label missed for one frame on a sheet of identical labels leaves its neighbours' ids alone")
    func identicalNeighboursDoNotSwap() throws {
        // As on boofcv-microqr.mp4 (frame 52): 44 px Micro QR labels about 60 px
        // apart; the upper one is not read in one frame while a new one appears on
        // the left. Matching every detection to some track would move the upper
        // label's id onto the lower one and the lower one's onto the newcomer.
        var tracker = try Tracker()
        let upper = Point(x: 71, y: 346), lower = Point(x: 60, y: 409)
        var ids: [TrackID] = []
        for frame in 0..<3 {
            let update = try tracker.update(with: [code("COPIES", at: upper, size: 44), code("COPIES", at: lower, size: 44)],
                                            at: Double(frame) / 30)
            ids = update.tracks.map(\.id)
        }
        let update = try tracker.update(with: [code("COPIES", at: Point(x: 65, y: 408), size: 44),
                                               code("COPIES", at: Point(x: 0, y: 404), size: 44)], at: 3.0 / 30)
        let onLower = try #require(update.tracks.first { $0.state == .tracked && $0.location.center.distance(to: Point(x: 65, y: 408)) < 1 })
        #expect(onLower.id == ids[1], "the lower label keeps its id")
        let upperTrack = try #require(update.tracks.first { $0.id == ids[0] })
        #expect(upperTrack.state == .predictedOnly, "the missed label coasts, it does not jump")
        #expect(update.added.count == 1, "the newcomer gets a new id")
    }

    @Test("A label's pitch from a coasting track, while the code measured last frame crept, is the next label of the payload; fast or unknown view motion keeps the id")
    func unexplainedJumpIsAnotherLabel() throws {
        // As on boofcv-microqr.mp4 (frames 21-28): a `COPIES` label read up to frame 4 and
        // not in 5-6, while the board's own code is read creeping 3.5 px a frame; in frame 7
        // the label below it, 64 px from the first one's prediction (68 px labels), is read.
        func run(other step: Double?) throws -> (first: TrackID, read: TrackedBarcode) {
            var tracker = try Tracker()
            var first: TrackID?
            for frame in 0..<7 {
                var detections: [Detection] = []
                if let step { detections.append(code("RPI", at: Point(x: 399 - step * Double(frame), y: 173 - step * Double(frame)), size: 68)) }
                if frame <= 4 { detections.append(code("COPIES", at: Point(x: 58 - 1.5 * Double(frame), y: 459 - 2 * Double(frame)), size: 68)) }
                let update = try tracker.update(with: detections, at: Double(frame) / 30)
                first = first ?? update.tracks.first { $0.barcode?.data == "COPIES" }?.id
            }
            let update = try tracker.update(with: [code("COPIES", at: Point(x: 40, y: 509), size: 68)], at: 7.0 / 30)
            let read = try #require(update.tracks.first { $0.state == .tracked && $0.barcode?.data == "COPIES" })
            return (try #require(first), read)
        }
        let crept = try run(other: 3.5)
        #expect(crept.read.id != crept.first, "the view crept 3.5 px a frame: a 64 px jump is the next label")
        let panned = try run(other: 25)
        #expect(panned.read.id == panned.first, "the view moved 25 px a frame: the label moved with it")
        let alone = try run(other: nil)
        #expect(alone.read.id == alone.first, "nothing tells how the view moved: the only read of the payload continues its only track")
        var off = TrackerConfiguration()
        off.unexplainedJumpFactor = 0
        #expect(throws: Never.self) { try Tracker(configuration: off) }
        off.unexplainedJumpFactor = -1
        #expect(throws: TrackingError.self) { try Tracker(configuration: off) }
    }

    @Test("A code read twice on one spot starts no second track; a second label elsewhere does")
    func repeatSighting() throws {
        var tracker = try Tracker()
        _ = try tracker.update(with: [code("PALLET-1", at: Point(x: 100, y: 100))], at: 0)
        let twice = try tracker.update(with: [code("PALLET-1", at: Point(x: 101, y: 100)),
                                              code("PALLET-1", at: Point(x: 104, y: 90), size: 20)], at: 1.0 / 30)
        #expect(twice.tracks.count == 1 && twice.added.isEmpty)
        let elsewhere = try tracker.update(with: [code("PALLET-1", at: Point(x: 102, y: 100)),
                                                  code("PALLET-1", at: Point(x: 300, y: 100))], at: 2.0 / 30)
        #expect(elsewhere.tracks.count == 2 && elsewhere.added.count == 1)
    }

    @Test("A PDF417 read of only its bottom rows on a tracked label is a repeat sighting; a second label below is a new code")
    func partialRowsOfStackedCode() throws {
        // The quads of the paced soak scene's frame 1136 (3 fps pan): the label measured
        // whole, and a second read of its bottom rows only, whose centre lies outside it.
        let label = code("1234567890", as: .pdf417, corners: [(248, 136), (529, 156), (528, 268), (245, 192)])
        let bottomRows = code("1234567890", as: .pdf417, corners: [(243, 225), (529, 235), (529, 269), (241, 261)])
        let labelBelow = code("1234567890", as: .pdf417, corners: [(243, 300), (529, 310), (529, 420), (241, 410)])
        var tracker = try Tracker()
        _ = try tracker.update(with: [label], at: 0)
        let update = try tracker.update(with: [label, bottomRows], at: 1.0 / 3)
        #expect(update.tracks.count == 1 && update.added.isEmpty, "one label, read twice")
        let below = try tracker.update(with: [label, labelBelow], at: 2.0 / 3)
        #expect(below.tracks.count == 2 && below.added.count == 1, "an identical label under it is a second code")
    }

    @Test("A PDF417 read of its bottom rows a few pixels below a measurement of its top rows is a repeat sighting")
    func partialRowsAcrossAGap() throws {
        // The quads of the 1-hour soak's frames 89–90 (30 fps pan): the track's measurement
        // had shrunk to the label's top rows, and a read of its bottom rows lay 4 px below
        // it (the boxes do not touch): it started a second track of the same label.
        let whole = code("1234567890", as: .pdf417, corners: [(234, 53), (524, 68), (527, 178), (229, 180)])
        let topRows = code("1234567890", as: .pdf417, corners: [(244, 54), (541, 66), (544, 133), (241, 141)])
        let bottomRows = code("1234567890", as: .pdf417, corners: [(243, 145), (547, 161), (547, 183), (241, 183)])
        var tracker = try Tracker()
        _ = try tracker.update(with: [whole], at: 0)
        let update = try tracker.update(with: [topRows, bottomRows], at: 1.0 / 30)
        #expect(update.tracks.count == 1 && update.added.isEmpty, "one label, read in two strips")
        // Two whole labels of one payload stacked 4 px apart, or side by side, are two codes.
        let below = code("1234567890", as: .pdf417, corners: [(234, 184), (524, 184), (524, 310), (234, 310)])
        let stacked = try tracker.update(with: [whole, below], at: 2.0 / 30)
        #expect(stacked.tracks.count == 2 && stacked.added.count == 1, "a label under it is a second code")
        var sideBySide = try Tracker()
        func ean(_ x: Double) -> Detection { code("4006381333931", as: .ean13, corners: [(x, 100), (x + 95, 100), (x + 95, 160), (x, 160)]) }
        _ = try sideBySide.update(with: [ean(100)], at: 0)
        let next = try sideBySide.update(with: [ean(100), ean(198)], at: 1.0 / 30)
        #expect(next.tracks.count == 2 && next.added.count == 1, "an identical label 3 px to the right is a second code")
    }

    @Test("Two tracks of one payload measured on one spot are one code: the younger is removed, the older keeps it")
    func convergedTracksMerge() throws {
        // The quads of a 15 fps pan over the pallet (frames 1730–1732): a read of a few rows
        // just below the track's lagging measurement started a second track, and from the
        // next frame on both followed the label. The strip is 30 px tall here (that run's was
        // 11): not thin beside the label's 53, so no rule takes it for a band of the label (the
        // repeat-sighting rules, `isThinBand`, now catch the run's own strip), and a second
        // track starts, as the merge under test needs.
        func upcA(_ corners: [(Double, Double)]) -> Detection { code("456314319671", as: .upcA, corners: corners) }
        var tracker = try Tracker()
        _ = try tracker.update(with: [upcA([(838, 334), (1094, 334), (1092, 387), (836, 387)])], at: 0)
        let split = try tracker.update(with: [upcA([(843, 341), (1099, 341), (1097, 394), (841, 394)]),
                                              upcA([(850, 402), (1105, 402), (1105, 432), (850, 432)])], at: 1.0 / 15)
        #expect(split.tracks.count == 2, "the strip's box misses the measurement's: a second track starts")
        let ids = split.tracks.map(\.id)
        let merged = try tracker.update(with: [upcA([(847, 354), (1103, 354), (1101, 407), (845, 407)]),
                                               upcA([(854, 365), (1110, 365), (1108, 418), (852, 418)])], at: 2.0 / 15)
        #expect(merged.tracks.map(\.id) == [ids[0]] && merged.tracks.first?.state == .tracked)
        #expect(merged.removed.map(\.id) == [ids[1]] && merged.removed.first?.state == .lost)
        #expect(merged.added.isEmpty)
    }

    @Test("An identical label rolled 45° whose box touches a tracked one's is a new code, not a repeat sighting")
    func tiltedIdenticalNeighbour() throws {
        // Diamonds (squares rolled by 45°) of half-diagonal 30: their boxes overlap in a
        // 10 × 10 corner, their quads stay about 28 px apart.
        func diamond(at c: Point) -> Detection {
            let quad = Quadrilateral(topLeft: Point(x: c.x, y: c.y - 30), topRight: Point(x: c.x + 30, y: c.y),
                                     bottomRight: Point(x: c.x, y: c.y + 30), bottomLeft: Point(x: c.x - 30, y: c.y))
            return Detection(barcode: Barcode(symbology: .microQRCode, data: "COPIES", bytes: Array("COPIES".utf8), location: quad))
        }
        var tracker = try Tracker()
        _ = try tracker.update(with: [diamond(at: Point(x: 100, y: 100))], at: 0)
        let update = try tracker.update(with: [diamond(at: Point(x: 100, y: 100)), diamond(at: Point(x: 150, y: 150))], at: 1.0 / 30)
        #expect(update.tracks.count == 2 && update.added.count == 1)
    }

    @Test("Occlusion inside the coast time keeps the id and is reported as predicted, never as measured")
    func occlusionInsideCoastTime() throws {
        var tracker = try Tracker()
        var id: TrackID?
        for frame in 0..<20 {
            let t = Double(frame) / 30
            let hidden = (8..<14).contains(frame)  // 0.2 s, coast time is 0.5 s
            let center = Point(x: 100 + 90 * t, y: 100)
            let update = try tracker.update(with: hidden ? [] : [code("A", at: center)], at: t)
            let track = try #require(update.tracks.first)
            if let id { #expect(track.id == id) } else { id = track.id }
            #expect(track.state == (hidden ? .predictedOnly : .tracked))
            #expect(update.removed.isEmpty && (frame == 0 ? update.added.count == 1 : update.added.isEmpty))
            if hidden {
                #expect(track.location.center.distance(to: center) < 1e-6, "extrapolated along the motion")
                #expect(track.framesSeen == 8)
            }
        }
    }

    @Test("A code hidden longer than the coast time is removed once, and comes back with a new id after the identity memory",
          arguments: [(memory: 0.0, newID: true), (memory: 3.0, newID: false)])
    func occlusionAfterCoastTime(memory: Double, newID: Bool) throws {
        var configuration = TrackerConfiguration()
        configuration.coastTime = 0.2
        configuration.identityMemory = memory
        var tracker = try Tracker(configuration: configuration)
        var removedIDs: [TrackID] = []
        var seen: [TrackID] = []
        for frame in 0..<30 {
            let t = Double(frame) / 30
            let visible = frame < 5 || frame >= 20
            let update = try tracker.update(with: visible ? [code("A", at: Point(x: 100, y: 100))] : [], at: t)
            removedIDs += update.removed.map(\.id)
            #expect(update.removed.allSatisfy { $0.state == .lost })
            seen += update.tracks.map(\.id)
        }
        #expect(removedIDs.count == 1)
        // Back 0.5 s after it was last seen: a new id without memory, its own id within a 3 s one.
        #expect(Set(seen).count == (newID ? 2 : 1))
        #expect(newID ? seen.last! > removedIDs[0] : seen.last! == removedIDs[0])
    }

    @Test("Corners relabelled by the detector (90° and 180°) keep canonical order; animate is false only on the change")
    func rotationKeepsCanonicalCorners() throws {
        var tracker = try Tracker()
        let center = Point(x: 200, y: 150)
        let first = try tracker.update(with: [code("A", at: center)], at: 0).tracks[0]
        #expect(!first.shouldAnimateFromPreviousToNextState, "a new track has no previous state")
        let same = try tracker.update(with: [code("A", at: center)], at: 1.0 / 30).tracks[0]
        #expect(same.shouldAnimateFromPreviousToNextState)
        for (frame, shift) in [(2, 1), (3, 1), (4, 3), (5, 2), (6, 2)] {
            let update = try tracker.update(with: [code("A", at: center, labelShift: shift)], at: Double(frame) / 30)
            let track = update.tracks[0]
            #expect(track.location == square(at: center), "canonical corners at frame \(frame)")
            #expect(track.id == first.id)
            let changed = frame != 3 && frame != 6
            #expect(track.shouldAnimateFromPreviousToNextState == !changed, "animate flag at frame \(frame)")
        }
    }

    @Test("A jump inside the gate keeps the id and clears the animate flag")
    func jump() throws {
        var tracker = try Tracker()
        _ = try tracker.update(with: [code("A", at: Point(x: 100, y: 100))], at: 0)
        _ = try tracker.update(with: [code("A", at: Point(x: 100, y: 100))], at: 0.04)
        let jumped = try tracker.update(with: [code("A", at: Point(x: 135, y: 100))], at: 0.08).tracks
        #expect(jumped.count == 1 && jumped[0].id == TrackID(rawValue: 1))
        #expect(!jumped[0].shouldAnimateFromPreviousToNextState)
        let far = try tracker.update(with: [code("A", at: Point(x: 600, y: 100))], at: 0.12)
        #expect(far.added == [TrackID(rawValue: 2)], "a jump beyond the gate is another code")
    }

    @Test("A located-only code keeps its id when it becomes decoded, and keeps its barcode when a read fails")
    func locatedOnlyBecomesDecoded() throws {
        var tracker = try Tracker()
        for frame in 0..<3 {
            let update = try tracker.update(with: [located(at: Point(x: 100 + Double(frame) * 3, y: 80))], at: Double(frame) / 30)
            #expect(update.tracks.count == 1 && !update.tracks[0].isDecoded)
        }
        let decoded = try tracker.update(with: [code("A", at: Point(x: 109, y: 80))], at: 3.0 / 30).tracks
        #expect(decoded.count == 1 && decoded[0].id == TrackID(rawValue: 1) && decoded[0].barcode?.data == "A")
        let unread = try tracker.update(with: [located(at: Point(x: 112, y: 80))], at: 4.0 / 30).tracks
        #expect(unread.count == 1 && unread[0].barcode?.data == "A" && unread[0].state == .tracked)
    }

    @Test("Codes with different payloads never take each other's track")
    func differentPayloadsStayApart() throws {
        var tracker = try Tracker()
        let a1 = try tracker.update(with: [code("A", at: Point(x: 100, y: 100))], at: 0)
        // B appears exactly where A was while A vanishes: B must get a new id.
        let b = try tracker.update(with: [code("B", at: Point(x: 100, y: 100))], at: 0.04)
        #expect(b.added == [TrackID(rawValue: 2)])
        #expect(b.track(a1.tracks[0].id)?.state == .predictedOnly)
    }

    @Test("Bad frame times throw without changing the tracker; bad detections are ignored and counted")
    func badInput() throws {
        var tracker = try Tracker()
        _ = try tracker.update(with: [code("A", at: Point(x: 10, y: 10))], at: 1)
        #expect(throws: TrackingError.self) { try tracker.update(with: [], at: 0.5) }
        #expect(throws: TrackingError.self) { try tracker.update(with: [], at: .nan) }
        let nan = Point(x: .nan, y: 0)
        let broken = Detection(location: Quadrilateral(topLeft: nan, topRight: nan, bottomRight: nan, bottomLeft: nan))
        let update = try tracker.update(with: [broken, code("A", at: Point(x: 11, y: 10))], at: 1.1)
        #expect(update.ignoredDetectionCount == 1 && update.tracks.count == 1 && update.tracks[0].framesSeen == 2)
        var bad = TrackerConfiguration()
        bad.coastTime = -1
        #expect(throws: TrackingError.self) { try Tracker(configuration: bad) }
    }

    @Test("Property: ids are unique in every frame, and one that comes back carries the payload it had, over random scripts")
    func idsNeverGivenToAnotherCode() async {
        // A script is drawn from the seed: codes (some sharing payloads) moving, vanishing,
        // reappearing, sometimes located only, at irregular frame times.
        await propertyCheck(count: 60, input: Gen.uint64(in: 0...UInt64(UInt32.max)), Gen.int(in: 1...12)) { seed, codeCount in
            var rng = SplitMix64(seed: seed)
            var tracker = try Tracker()
            var payloadByID: [TrackID: String] = [:], removed = Set<TrackID>()
            var codes: [(text: String, position: Point, velocity: Point, visible: Bool)] = (0..<codeCount).map { i in
                ("P\(i % 3)", Point(x: .random(in: 0...640, using: &rng), y: .random(in: 0...480, using: &rng)),
                 Point(x: .random(in: -200...200, using: &rng), y: .random(in: -200...200, using: &rng)), true)
            }
            var time = 0.0
            for _ in 0..<60 {
                time += .random(in: 0.01...0.15, using: &rng)
                var detections: [Detection] = []
                for i in codes.indices {
                    codes[i].position = codes[i].position + codes[i].velocity * 0.033
                    if Double.random(in: 0...1, using: &rng) < 0.1 { codes[i].visible.toggle() }
                    guard codes[i].visible else { continue }
                    detections.append(Double.random(in: 0...1, using: &rng) < 0.2
                        ? located(at: codes[i].position) : code(codes[i].text, at: codes[i].position))
                }
                let update = try tracker.update(with: detections.shuffled(using: &rng), at: time)
                let ids = update.tracks.map(\.id)
                #expect(Set(ids).count == ids.count, "duplicate id in one frame (seed \(seed))")
                #expect(ids == ids.sorted())
                for track in update.tracks where update.added.contains(track.id) && payloadByID[track.id] != nil {
                    // Only a removed decoded track's id comes back, and only with its own payload.
                    #expect(removed.contains(track.id) && track.barcode?.data == payloadByID[track.id],
                            "id \(track.id) given to \(track.barcode?.data ?? "a located-only code") (seed \(seed))")
                    removed.remove(track.id)
                }
                #expect(ids.allSatisfy { !removed.contains($0) }, "a removed id came back unannounced (seed \(seed))")
                #expect(Set(update.added).union(update.updated) == Set(ids))
                #expect(update.added == update.added.sorted() && update.decoded == update.decoded.sorted())
                for track in update.tracks { payloadByID[track.id] = track.barcode?.data ?? payloadByID[track.id] ?? "" }
                removed.formUnion(update.removed.map(\.id))
            }
        }
    }
}
