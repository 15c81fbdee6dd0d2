import BarcodeTracking
import Testing

/// Which codes that left the view and came back take their id back
/// (``TrackerConfiguration/identityMemory``), and which payloads never do.
struct TrackerIdentityMemoryTests {
    /// What ``run(_:_:from:)`` returns.
    typealias Run = (a: [TrackID], removed: [TrackID], time: Double)

    /// Feeds `frames` at 30 fps from `start` (seconds); returns the ids of the tracks
    /// measured with payload "A" in the last frame, every id removed on the way, and the
    /// time after the last frame.
    static func run(_ tracker: inout Tracker, _ frames: [[Detection]], from start: Double) throws -> Run {
        var time = start, last: TrackerUpdate?, removed: [TrackID] = []
        for detections in frames {
            last = try tracker.update(with: detections, at: time)
            removed += last!.removed.map(\.id)
            time += 1.0 / 30
        }
        let a = last?.tracks.filter { $0.barcode?.data == "A" && $0.state == .tracked }.map(\.id) ?? []
        return (a, removed, time)
    }

    static func repeated(_ detections: [Detection], _ count: Int) -> [[Detection]] {
        Array(repeating: detections, count: count)
    }

    /// From `start`, no code for 0.7 s (21 frames: past the coast time, within the default
    /// memory), then "A" read once at (500, 300): the run while away and the run back.
    static func awayAndBack(_ tracker: inout Tracker, from start: Double) throws -> (away: Run, back: Run) {
        let away = try run(&tracker, repeated([], 21), from: start)
        let back = try run(&tracker, [[code("A", at: Point(x: 500, y: 300))]], from: away.time)
        return (away, back)
    }

    @Test("With the default memory a code back 10 s later, in another place, gets its id back")
    func backAfterTenSeconds() throws {
        var tracker = try Tracker()
        let before = try Self.run(&tracker, Self.repeated([code("A", at: Point(x: 100, y: 100))], 5), from: 0)
        let away = try Self.run(&tracker, Self.repeated([code("B", at: Point(x: 300, y: 300))], 300), from: before.time)
        #expect(away.removed == before.a, "A's track was removed while it was away")
        let back = try Self.run(&tracker, [[code("A", at: Point(x: 600, y: 400))]], from: away.time)
        #expect(back.a == before.a)
    }

    @Test("A payload once read at two spots of one frame never takes an id back, even when one of them is remembered alone")
    func identicalLabelsFollowGeometryOnly() throws {
        var configuration = TrackerConfiguration()
        configuration.identityMemory = 1
        var tracker = try Tracker(configuration: configuration)
        let first = code("A", at: Point(x: 100, y: 100)), twin = code("A", at: Point(x: 300, y: 100))
        // Both labels in view, then the twin leaves (and is forgotten after 1 s) while the first stays.
        _ = try Self.run(&tracker, Self.repeated([first, twin], 3), from: 0)
        let stayed = try Self.run(&tracker, Self.repeated([first], 60), from: 0.1)
        #expect(stayed.a.count == 1 && stayed.removed.count == 1)
        // The first leaves for 0.7 s: it is the only label remembered with "A".
        let (away, back) = try Self.awayAndBack(&tracker, from: stayed.time)
        #expect(away.removed == stayed.a)
        #expect(back.a.count == 1 && back.a != stayed.a, "a label of a shared payload gets a new id")
    }

    @Test("Two reads of one code at one spot (a partial read beside the whole) do not make its payload shared")
    func repeatSightingIsNotATwin() throws {
        var tracker = try Tracker()
        let whole = code("A", at: Point(x: 100, y: 100)), part = code("A", at: Point(x: 104, y: 100), size: 20)
        // Tracked first, then read twice a frame: a repeat sighting of the tracked code.
        let seen = try Self.run(&tracker, Self.repeated([whole], 2) + Self.repeated([whole, part], 5), from: 0)
        #expect(seen.a.count == 1)
        let back = try Self.awayAndBack(&tracker, from: seen.time).back
        #expect(back.a == seen.a)
    }

    @Test("removeAllTracks forgets shared payloads with the remembered tracks")
    func resetForgetsSharedPayloads() throws {
        var tracker = try Tracker()
        _ = try Self.run(&tracker, [[code("A", at: Point(x: 100, y: 100)), code("A", at: Point(x: 300, y: 100))]], from: 0)
        tracker.removeAllTracks()
        let seen = try Self.run(&tracker, Self.repeated([code("A", at: Point(x: 100, y: 100))], 3), from: 1)
        let back = try Self.awayAndBack(&tracker, from: seen.time).back
        #expect(back.a == seen.a)
    }

    @Test("A tall 1-D code read on two bands of rows half its length apart is one code: it still takes its id back")
    func bandsOfATallCodeAreNotTwins() throws {
        var tracker = try Tracker()
        // A UPC-E 140 px long read on rows 60 px apart in the same frames (the hand-held sheet clip).
        func band(y: Double) -> Detection {
            code("04965802", as: .upcE, corners: [(140, y), (280, y), (280, y + 2), (140, y + 2)])
        }
        let seen = try Self.run(&tracker, Self.repeated([band(y: 380)], 3) + Self.repeated([band(y: 380), band(y: 440)], 5), from: 0)
        let ids = tracker.currentTracks.map(\.id)
        let away = try Self.run(&tracker, Self.repeated([], 21), from: seen.time)
        #expect(Set(away.removed) == Set(ids))
        _ = try Self.run(&tracker, [[band(y: 300)]], from: away.time)
        let back = try #require(tracker.currentTracks.first?.id)
        #expect(tracker.currentTracks.count == 1 && ids.contains(back), "back under \(back), not one of \(ids)")
    }

    @Test("A code remembered under two ids (it came back while its old track still coasted) takes back the one it had last")
    func latestOfSeveralRememberedIDs() throws {
        var tracker = try Tracker()
        let first = try Self.run(&tracker, Self.repeated([code("A", at: Point(x: 100, y: 100))], 5), from: 0)
        // Read again far off while its first track coasts: a second track, a second id.
        let jumped = try Self.run(&tracker, Self.repeated([code("A", at: Point(x: 900, y: 600))], 5), from: first.time)
        #expect(jumped.a.count == 1 && jumped.a != first.a)
        // Both removed, then the code comes back: the id it was seen under last.
        let (away, back) = try Self.awayAndBack(&tracker, from: jumped.time)
        #expect(Set(away.removed) == Set(first.a + jumped.a))
        #expect(back.a == jumped.a)
    }
}
