import Testing
import BarcodeTracking

/// A code read again after the view jumped further than the gate between two frames.
struct TrackerReacquisitionTests {
    /// Two frames a third of a second apart (a 3 fps camera, or a paced run that dropped
    /// 9 frames of 10): a 40 px code measured at x 100, then read `jump` pixels to the right.
    static func ids(jump: Double, neighbour: Detection? = nil, factor: Double? = nil) throws -> (first: TrackID, second: [TrackID]) {
        var configuration = TrackerConfiguration()
        if let factor { configuration.reacquisitionGateFactor = factor }
        var tracker = try Tracker(configuration: configuration)
        let first = try tracker.update(with: [code("A", at: Point(x: 100, y: 100))], at: 0)
        let moved = [code("A", at: Point(x: 100 + jump, y: 100))] + (neighbour.map { [$0] } ?? [])
        let second = try tracker.update(with: moved, at: 1.0 / 3)
        return (try #require(first.tracks.first?.id), second.tracks.filter { $0.barcode?.data == "A" && $0.state == .tracked }.map(\.id))
    }

    @Test("The only read of a payload, 2.5 gates away, continues the only track with that payload")
    func jumpKeepsIdentifier() throws {
        // The gate of a 40 px code is 60 px; the code is read 150 px away.
        let (first, second) = try Self.ids(jump: 150)
        #expect(second == [first])
    }

    @Test("Beyond the widened gate, or with the widening off, the read starts a track of its own")
    func widenedGateHasALimit() throws {
        let far = try Self.ids(jump: 200)
        #expect(far.second.count == 1 && far.second != [far.first])
        let off = try Self.ids(jump: 150, factor: 1)
        #expect(off.second.count == 1 && off.second != [off.first])
    }

    @Test("Two reads of the payload (identical labels) get the usual gate: the far one starts its own track")
    func identicalLabelsKeepTheUsualGate() throws {
        let (first, second) = try Self.ids(jump: 150, neighbour: code("A", at: Point(x: 400, y: 300)))
        #expect(second.count == 2 && !second.contains(first))
    }

    @Test("A factor below 1 is refused")
    func validation() {
        var configuration = TrackerConfiguration()
        configuration.reacquisitionGateFactor = 0.5
        #expect(throws: TrackingError.self) { try Tracker(configuration: configuration) }
    }

    /// Code "A" measured for 0.1 s at x 100, out of view for 0.7 s (longer than the coast
    /// time, so its track is removed), then read at x 500 with `others` beside it.
    static func comeBack(memory: Double? = nil, others: [Detection] = []) throws -> (before: TrackID, after: TrackUpdateIDs) {
        var configuration = TrackerConfiguration()
        if let memory { configuration.identityMemory = memory }
        var tracker = try Tracker(configuration: configuration)
        var time = 0.0
        var before: TrackID?
        for _ in 0..<3 {
            before = try tracker.update(with: [code("A", at: Point(x: 100, y: 100))], at: time).tracks.first?.id
            time += 1.0 / 30
        }
        var removed: [TrackID] = []
        for _ in 0..<21 {
            removed += try tracker.update(with: [], at: time).removed.map(\.id)
            time += 1.0 / 30
        }
        let update = try tracker.update(with: [code("A", at: Point(x: 500, y: 300))] + others, at: time)
        return (try #require(before), TrackUpdateIDs(removed: removed, added: update.added,
                                                      a: update.tracks.filter { $0.barcode?.data == "A" }.map(\.id),
                                                      all: update.tracks.map(\.id)))
    }

    struct TrackUpdateIDs {
        var removed: [TrackID], added: [TrackID], a: [TrackID], all: [TrackID]
    }

    @Test("A code back 0.7 s after it was last seen, its payload carried by nothing else, gets its id back")
    func comeBackKeepsIdentifier() throws {
        let (before, after) = try Self.comeBack(others: [code("B", at: Point(x: 50, y: 50))])
        #expect(after.removed == [before], "the track was removed while the code was away")
        #expect(after.a == [before] && after.added.contains(before))
        #expect(after.all == after.all.sorted(), "tracks stay sorted by id")
        #expect(after.all.count == 2 && after.all.last! > before, "B gets a new id")
    }

    @Test("With identityMemory 0, or two reads of the payload, the code gets a new id")
    func comeBackWithoutMemory() throws {
        let off = try Self.comeBack(memory: 0)
        #expect(off.after.a.count == 1 && off.after.a != [off.before])
        let twins = try Self.comeBack(others: [code("A", at: Point(x: 300, y: 300))])
        #expect(twins.after.a.count == 2 && !twins.after.a.contains(twins.before))
        let late = try Self.comeBack(memory: 0.6)
        #expect(late.after.a.count == 1 && late.after.a != [late.before], "0.7 s away is past a 0.6 s memory")
    }
}
