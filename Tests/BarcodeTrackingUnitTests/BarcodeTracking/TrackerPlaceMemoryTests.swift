import Testing
import BarcodeTracking

/// What the place of a code among the others (``TrackerConfiguration/placeAmongOthersGateFactor``)
/// remembers: anchors kept across an id taken back, anchors placed by their own anchors, and a
/// place that says a read is another label of a payload seen on one label so far.
/// Uses ``TrackerPlaceTests``' pallet: labels "A" left (300, 300) and right (600, 300), "B" above, "C" below.
struct TrackerPlaceMemoryTests {
    typealias Place = TrackerPlaceTests

    /// `count` frames of the pallet (labels `keeping` says) through a view moved by `shift`, from `start`.
    static func show(_ tracker: inout Tracker, _ count: Int, shift: Point = .zero, from start: Double,
                     keeping: (String) -> Bool) throws -> (update: TrackerUpdate?, time: Double) {
        try Place.run(&tracker, Array(repeating: Place.view(shift: shift, keeping: keeping), count: count), from: start)
    }

    @Test("Labels whose anchors are all out of view are placed through the anchors' own anchors")
    func placedThroughAChain() throws {
        var tracker = try Tracker()
        // The labels are seen with B only; then B with C while the labels are gone (removed);
        // then C alone while B is removed too; then the labels come back with C in a moved view.
        let seen = try Self.show(&tracker, 10, from: 0) { $0 != "C" }
        let ids = Place.labelsA(seen.update)
        #expect(ids.count == 2)
        let withC = try Self.show(&tracker, 20, from: seen.time) { $0 == "B" || $0 == "C" }
        #expect(withC.update?.tracks.count == 2, "the labels' tracks are removed")
        let alone = try Self.show(&tracker, 20, from: withC.time) { $0 == "C" }
        #expect(alone.update?.tracks.count == 1, "B's track is removed")
        let back = try Self.show(&tracker, 1, shift: Point(x: 150, y: 40), from: alone.time) { $0 != "B" }
        #expect(Place.labelsA(back.update) == ids, "placed by B, which C places")
    }

    @Test("A label that took back its id by place keeps its anchors: the codes seen with it before place it again")
    func anchorsKeptAcrossAnIdTakenBack() throws {
        var tracker = try Tracker()
        let seen = try Self.show(&tracker, 10, from: 0) { _ in true }
        let ids = Place.labelsA(seen.update)
        let gone = try Self.show(&tracker, 21, from: seen.time) { _ in false }
        // Back with C only: C places them; gone again; back with B only, in a moved view.
        let withC = try Self.show(&tracker, 10, from: gone.time) { $0 != "B" }
        #expect(Place.labelsA(withC.update) == ids)
        let goneAgain = try Self.show(&tracker, 21, from: withC.time) { _ in false }
        let withB = try Self.show(&tracker, 1, shift: Point(x: -120, y: 50), from: goneAgain.time) { $0 != "C" }
        #expect(Place.labelsA(withB.update) == ids, "B, noted before the ids were taken back, places them")
    }

    @Test("A payload seen on one label so far: a read of it where the codes around place another spot is a second label")
    func placeContradictsThePayload() throws {
        var tracker = try Tracker()
        let left = code("A", at: Point(x: 300, y: 300), size: 60), right = code("A", at: Point(x: 600, y: 300), size: 60)
        let others = Place.view { $0 != "A" }
        // Only the left "A" is seen, with B and C; all leave; the right "A" comes into view with
        // B and C, 300 px from where they place the left one; then the left one comes back too.
        let seen = try Place.run(&tracker, Array(repeating: others + [left], count: 10), from: 0)
        let leftID = try #require(seen.update?.tracks.first { $0.barcode?.data == "A" }?.id)
        let gone = try Place.run(&tracker, Array(repeating: [], count: 21), from: seen.time)
        let second = try Place.run(&tracker, [others + [right]], from: gone.time)
        let rightID = try #require(second.update?.tracks.first { $0.barcode?.data == "A" }?.id)
        #expect(rightID != leftID, "a second label, not the first back")
        let both = try Place.run(&tracker, [others + [left, right]], from: second.time)
        #expect(Place.labelsA(both.update) == [leftID, rightID], "the left label takes back its id at its place")
    }

    @Test("The same payload read where the codes around place it, or near, takes its id back")
    func placeAgreesWithThePayload() throws {
        var tracker = try Tracker()
        let others = Place.view { $0 != "A" }
        let seen = try Place.run(&tracker, Array(repeating: others + [code("A", at: Point(x: 300, y: 300), size: 60)], count: 10), from: 0)
        let leftID = try #require(seen.update?.tracks.first { $0.barcode?.data == "A" }?.id)
        let gone = try Place.run(&tracker, Array(repeating: [], count: 21), from: seen.time)
        // 150 px off its place (under two gates of 90 px): an estimate's error, still the same code.
        let back = try Place.run(&tracker, [others + [code("A", at: Point(x: 450, y: 300), size: 60)]], from: gone.time)
        #expect(back.update?.tracks.first { $0.barcode?.data == "A" }?.id == leftID)
    }

    @Test("A label read off its estimated place by up to a gate takes its id back when no other place is near; further off, a new id")
    func clearPlaceWiderGate() throws {
        // Size 60: a gate of 90 px; the place gate is half of it, twice that when the next
        // place of the payload lies three times as far.
        for (offset, back) in [(70.0, true), (100, false)] {
            var tracker = try Tracker()
            let before = try Place.seenThenGone(&tracker)
            let left = code("A", at: Point(x: 300, y: 300 + offset), size: 60)
            let update = try Place.run(&tracker, [Place.view { $0 != "A" } + [left]], from: before.time).update
            let id = update?.tracks.first { $0.barcode?.data == "A" }?.id
            #expect((id == before.ids[0]) == back, "\(offset) px below its place (the other label's place over 300 px off)")
        }
    }
}
