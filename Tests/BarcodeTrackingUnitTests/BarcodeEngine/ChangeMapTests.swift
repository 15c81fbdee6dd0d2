import BarcodeTracking
import Testing

@testable import BarcodeEngine

/// ``ChangeMap`` names the boxes where a fixed camera's view changed since it was last searched.
struct ChangeMapTests {
    /// Block means of a 320 × 240 grey view (one value per 8 × 8 block) with `dark` blocks
    /// (block columns and rows) at grey level 40.
    static func means(dark: [(x: Int, y: Int)] = [], level: UInt8 = 150) throws -> LumaImage {
        var image = try LumaImage(width: 40, height: 30, filledWith: level)
        for block in dark { image.pixels[block.y * 40 + block.x] = 40 }
        return image
    }

    static let bounds = Rect(x: 0, y: 0, width: 320, height: 240)

    @Test("Before any whole search there is no map; after one, an unchanged view has no changed box")
    func unchangedViewHasNoBoxes() throws {
        var map = ChangeMap()
        let view = try Self.means()
        #expect(map.decide(view, hiding: [], bounds: Self.bounds, at: 0, sweepInterval: 2) == .usual)
        map.searchedWhole(view, at: 0)
        #expect(map.decide(view, hiding: [], bounds: Self.bounds, at: 0.1, sweepInterval: 2) == .changed(boxes: [], bands: []))
        #expect(map.drivesSearch)
    }

    @Test("Blocks that changed give one box around them, grown by the margin; once that box is searched, nothing is changed")
    func changedBlocksGiveABoxUntilSearched() throws {
        var map = ChangeMap()
        map.searchedWhole(try Self.means(), at: 0)
        // Blocks (20...22, 10...11): pixels 160..<184 × 80..<96, in the 32-px cells 5 and 2...
        let label = try Self.means(dark: [(20, 10), (21, 10), (22, 10), (20, 11), (21, 11), (22, 11)])
        guard case .changed(let boxes, let bands) = map.decide(label, hiding: [], bounds: Self.bounds, at: 0.1, sweepInterval: 2) else {
            Issue.record("expected changed boxes")
            return
        }
        #expect(boxes == [Rect(x: 160 - 24, y: 64 - 24, width: 32 + 48, height: 32 + 48)], "\(boxes)")
        #expect(bands == [Rect(x: 0, y: 64 - 24, width: 320, height: 32 + 48)], "the box's rows across the view: \(bands)")
        #expect(boxes[0].contains(Point(x: 160, y: 80)) && boxes[0].contains(Point(x: 183, y: 95)))
        map.searched(boxes, label)
        #expect(map.decide(label, hiding: [], bounds: Self.bounds, at: 0.2, sweepInterval: 2) == .changed(boxes: [], bands: []))
    }

    @Test("Changes far apart give separate boxes; a change wholly under a tracked code's box gives none")
    func separateBoxesAndHiddenBlocks() throws {
        var map = ChangeMap()
        map.searchedWhole(try Self.means(), at: 0)
        let two = try Self.means(dark: [(1, 1), (35, 25)])
        guard case .changed(let boxes, _) = map.decide(two, hiding: [], bounds: Self.bounds, at: 0.1, sweepInterval: 2) else {
            Issue.record("expected changed boxes")
            return
        }
        #expect(boxes.count == 2, "\(boxes)")
        let tracked = Rect(x: 0, y: 0, width: 24, height: 24)
        guard case .changed(let unhidden, _) = map.decide(two, hiding: [tracked], bounds: Self.bounds, at: 0.1, sweepInterval: 2) else {
            Issue.record("expected changed boxes")
            return
        }
        #expect(unhidden.count == 1 && unhidden[0].contains(Point(x: 284, y: 204)), "\(unhidden)")
    }

    @Test("A view more than 30% changed (a moving camera, the light) keeps the usual schedule; the sweep comes every interval")
    func movingViewAndSweep() throws {
        var map = ChangeMap()
        map.searchedWhole(try Self.means(), at: 0)
        #expect(map.decide(try Self.means(level: 120), hiding: [], bounds: Self.bounds, at: 0.5, sweepInterval: 2) == .usual)
        #expect(!map.drivesSearch)
        #expect(map.decide(try Self.means(), hiding: [], bounds: Self.bounds, at: 2.0, sweepInterval: 2) == .sweep)
    }

    @Test("Counting changed blocks stops once more than the most asked for are sure to be changed, blocks a tracked box may hide aside")
    func changedBlocksStopPastTheMost() throws {
        let before = try Self.means(), now = try Self.means(level: 120)
        #expect(ChangeMap.changedBlocks(before, now, hiding: [])?.count == 40 * 30)
        #expect(ChangeMap.changedBlocks(before, now, hiding: [], most: 100) == nil)
        // A tracked box of 20 × 20 blocks may hide 22 × 22 (a part-block on every side): 1,200
        // changed are more than 700 + 484, so nil. One of 30 × 30 may hide 1,024: the count is
        // finished, and 300 are left outside it.
        #expect(ChangeMap.changedBlocks(before, now, hiding: [Rect(x: 0, y: 0, width: 160, height: 160)], most: 700) == nil)
        let hidden = [Rect(x: 0, y: 0, width: 240, height: 240)]
        #expect(ChangeMap.changedBlocks(before, now, hiding: hidden, most: 700)?.count == 40 * 30 - 30 * 30)
    }

    @Test("A few changed blocks whose boxes and bands of rows span most of the view keep the usual schedule")
    func changesAcrossTheViewKeepTheUsualSchedule() throws {
        var map = ChangeMap()
        map.searchedWhole(try Self.means(), at: 0)
        let box = Rect(x: 0, y: 0, width: 80, height: 80)
        #expect(ChangeMap.bands(of: [box], in: Self.bounds) == [Rect(x: 0, y: 0, width: 320, height: 80)])
        #expect(ChangeMap.readShare(boxes: [box], bands: ChangeMap.bands(of: [box], in: Self.bounds), in: Self.bounds)
                == Double(80 * 80 + 320 * 80) / Double(2 * 320 * 240))
        // Three blocks, a quarter of a percent of the view, in three bands of rows top to bottom.
        let scattered = try Self.means(dark: [(1, 1), (35, 12), (1, 25)])
        #expect(map.decide(scattered, hiding: [], bounds: Self.bounds, at: 0.1, sweepInterval: 2) == .usual)
        #expect(!map.drivesSearch)
        let two = try Self.means(dark: [(1, 1), (35, 25)])
        guard case .changed(let boxes, let bands) = map.decide(two, hiding: [], bounds: Self.bounds, at: 0.2, sweepInterval: 2) else {
            Issue.record("expected changed boxes")
            return
        }
        #expect(bands == ChangeMap.bands(of: boxes, in: Self.bounds), "the bands of rows come with the boxes")
        #expect(ChangeMap.readShare(boxes: boxes, bands: bands, in: Self.bounds) <= ChangeMap.largestReadShare, "\(boxes)")
    }

    @Test("A search's part within the changed boxes: the box around its overlaps, none when they miss it, itself without a map")
    func withinChangedBoxes() {
        let strip = Rect(x: 0, y: 100, width: 320, height: 40)
        #expect(TrackingEngine.within(strip, nil) == strip)
        #expect(TrackingEngine.within(strip, []) == nil)
        #expect(TrackingEngine.within(strip, [Rect(x: 10, y: 0, width: 50, height: 50)]) == nil)
        let boxes = [Rect(x: 10, y: 90, width: 50, height: 30), Rect(x: 200, y: 120, width: 40, height: 100)]
        #expect(TrackingEngine.within(strip, boxes) == Rect(x: 10, y: 100, width: 230, height: 40))
    }
}
