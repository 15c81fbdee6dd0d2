import Testing
import BarcodeTracking

/// Identical labels (one payload on several codes) keep identities that follow geometry.
struct TrackerIdenticalLabelsTests {
    /// Two labels "COPIES" 200 px apart, 40 px codes, tracked for three frames at 30 fps.
    static func trackedPair() throws -> (tracker: Tracker, left: TrackID, right: TrackID) {
        var tracker = try Tracker()
        var tracks: [TrackedBarcode] = []
        for frame in 0..<3 {
            tracks = try tracker.update(with: [code("COPIES", at: Point(x: 100, y: 100)), code("COPIES", at: Point(x: 300, y: 100))],
                                        at: Double(frame) / 30).tracks
        }
        tracks.sort { $0.location.center.x < $1.location.center.x }
        return (tracker, tracks[0].id, tracks[1].id)
    }

    @Test("A label read one pitch from an unmeasured identical label's track is a new label, not that track moved")
    func nextLabelStartsItsOwnTrack() throws {
        var (tracker, left, right) = try Self.trackedPair()
        // The left label goes unread for a frame while the one below it (50 px, 1.25 sizes) comes into view.
        let update = try tracker.update(with: [code("COPIES", at: Point(x: 100, y: 150)), code("COPIES", at: Point(x: 300, y: 100))],
                                        at: 3.0 / 30)
        let leftTrack = try #require(update.tracks.first { $0.id == left })
        #expect(leftTrack.location.center.distance(to: Point(x: 100, y: 100)) < 1, "the left label's track stays where it was")
        #expect(leftTrack.state != .tracked)
        #expect(update.tracks.first { $0.id == right }?.state == .tracked)
        #expect(update.addedTracks.count == 1 && (update.addedTracks.first?.location.center.distance(to: Point(x: 100, y: 150)) ?? 99) < 1)
    }

    @Test("An identical label that moved less than the narrowed gate still continues its own track")
    func smallMoveContinues() throws {
        var (tracker, left, _) = try Self.trackedPair()
        let update = try tracker.update(with: [code("COPIES", at: Point(x: 100, y: 122)), code("COPIES", at: Point(x: 300, y: 100))],
                                        at: 3.0 / 30)
        #expect(update.added.isEmpty)
        #expect(update.tracks.first { $0.id == left }.map { $0.location.center.distance(to: Point(x: 100, y: 122)) < 1 } == true)
    }

    @Test("With the narrowing off (factor 1) the next label is taken for the unmeasured one: the behaviour the setting prevents")
    func withoutNarrowing() throws {
        var configuration = TrackerConfiguration()
        configuration.identicalLabelsGateFactor = 1
        var tracker = try Tracker(configuration: configuration)
        for frame in 0..<3 {
            _ = try tracker.update(with: [code("COPIES", at: Point(x: 100, y: 100)), code("COPIES", at: Point(x: 300, y: 100))],
                                   at: Double(frame) / 30)
        }
        let update = try tracker.update(with: [code("COPIES", at: Point(x: 100, y: 150)), code("COPIES", at: Point(x: 300, y: 100))],
                                        at: 3.0 / 30)
        #expect(update.added.isEmpty)
    }
}
