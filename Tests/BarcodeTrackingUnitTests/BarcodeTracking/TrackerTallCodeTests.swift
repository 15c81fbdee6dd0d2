import Testing
@testable import BarcodeTracking

/// A tall 1-D code read on two bands of rows in one frame, against identical labels stacked.
struct TrackerTallCodeTests {
    /// An EAN-8 box (x, y, width, height), frame pixels.
    static func ean8(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Detection {
        code("48512343", as: .ean8, corners: [(x, y), (x + width, y), (x + width, y + height), (x, y + height)])
    }

    @Test("Two band reads that the code's tallest measurement spans are one code (the symbology sheet's EAN-8, hand-held)")
    func bandsOfOneTallCode() throws {
        // The engine's boxes of the sheet's hand-held photo scene: frame 18 read the label
        // almost whole; frame 25 read it on a top band and, 6 px below, a bottom band of
        // similar height (which `isSameCode` keeps apart, as it must for two whole labels).
        var tracker = try Tracker()
        _ = try tracker.update(with: [Self.ean8(364, 277, 318, 298)], at: 18.0 / 30)
        let update = try tracker.update(with: [Self.ean8(327, 261, 337, 183), Self.ean8(334, 450, 342, 132)], at: 25.0 / 30)
        #expect(update.tracks.count == 1 && update.added.isEmpty, "one label, read on two bands")
        #expect(Tracker.isPartOfTallCode(Self.ean8(327, 261, 337, 183).location, Self.ean8(334, 450, 342, 132).location,
                                         tallest: 298.0 / 318))
    }

    @Test("Identical labels stacked 5 px apart stay two codes, and a band beside a code that was never measured tall is a code of its own")
    func stackedLabelsStayApart() throws {
        var tracker = try Tracker()
        _ = try tracker.update(with: [Self.ean8(300, 100, 300, 150)], at: 0)
        let stacked = try tracker.update(with: [Self.ean8(300, 100, 300, 150), Self.ean8(300, 255, 300, 150)], at: 1.0 / 30)
        #expect(stacked.tracks.count == 2 && stacked.added.count == 1, "a label under it is a second code")
        // Not tall enough together for the tallest box measured so far (height 0.5 of the width).
        #expect(!Tracker.isPartOfTallCode(Self.ean8(300, 100, 300, 150).location, Self.ean8(300, 255, 300, 60).location, tallest: 0.5))
        // Columns that do not overlap by 70% of the narrower box: side by side, not stacked.
        #expect(!Tracker.isPartOfTallCode(Self.ean8(300, 100, 300, 150).location, Self.ean8(420, 260, 300, 40).location, tallest: 2))
        #expect(!Tracker.isPartOfTallCode(Self.ean8(300, 100, 300, 150).location, Self.ean8(300, 260, 300, 40).location, tallest: 0))
    }
}
