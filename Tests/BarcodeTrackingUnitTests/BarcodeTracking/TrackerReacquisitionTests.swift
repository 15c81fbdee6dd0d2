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
}
