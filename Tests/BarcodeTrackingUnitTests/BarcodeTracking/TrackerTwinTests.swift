import Testing
import BarcodeTracking

/// A second sighting of a decoded code never turns a located-only track beside it into a twin.
struct TrackerTwinTests {
    @Test("A repeat read of a decoded code next to a located-only track is dropped, not given to that track")
    func repeatSightingDoesNotContinueLocatedTrack() throws {
        var tracker = try Tracker()
        _ = try tracker.update(with: [code("A", at: Point(x: 100, y: 100)), located(at: Point(x: 128, y: 100))], at: 0)
        // The code read twice (a partial read a few pixels off), the outline not measured.
        let update = try tracker.update(with: [code("A", at: Point(x: 100, y: 100)), code("A", at: Point(x: 112, y: 100))], at: 1.0 / 30)
        #expect(update.tracks.filter { $0.barcode?.data == "A" }.count == 1, "one code, one decoded track")
        #expect(update.tracks.contains { $0.barcode == nil }, "the located-only track stays located only")
        #expect(update.added.isEmpty)
    }
}
