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

    @Test("A thin band read beside the code read whole (a blurred smear in a whip) is that code: its track takes the whole read")
    func smearBandBesideTheCode() throws {
        // The first photo clip set's sheet whip (a UPC-E): its track came back on a band read
        // from the smear above the code, which was then read whole 12 px below the band.
        var tracker = try Tracker()
        let band = Self.ean8(352, 332, 102, 38), whole = Self.ean8(363, 383, 105, 148)
        let first = try tracker.update(with: [band], at: 0)
        let id = try #require(first.tracks.first?.id)
        let both = try tracker.update(with: [Self.ean8(352, 333, 102, 38), whole], at: 1.0 / 30)
        #expect(both.added.isEmpty && both.tracks.map(\.id) == [id], "no second track")
        #expect(both.tracks.first?.location.center == whole.location.center, "the track takes the whole read")
        let thenBand = try tracker.update(with: [whole, Self.ean8(353, 334, 102, 38)], at: 2.0 / 30)
        #expect(thenBand.added.isEmpty && thenBand.tracks.first?.location.center == whole.location.center, "a band read after it is dropped")
        #expect(Tracker.isThinBand(band.location, of: whole.location))
        #expect(!Tracker.isThinBand(whole.location, of: band.location))
        // A label stacked under it, read whole; a band more than half the code's height below
        // it; a band beside it: no bands of this code.
        #expect(!Tracker.isThinBand(Self.ean8(363, 535, 105, 148).location, of: whole.location))
        #expect(!Tracker.isThinBand(Self.ean8(363, 610, 105, 30).location, of: whole.location))
        #expect(!Tracker.isThinBand(Self.ean8(470, 400, 105, 30).location, of: whole.location))
    }

    @Test("A thin band of a payload seen on two labels side by side starts a track of its own")
    func bandOfASharedPayload() throws {
        var tracker = try Tracker()
        let other = Self.ean8(800, 383, 105, 148)
        _ = try tracker.update(with: [Self.ean8(352, 332, 102, 38), other], at: 0)
        let update = try tracker.update(with: [Self.ean8(352, 333, 102, 38), Self.ean8(363, 383, 105, 148), other], at: 1.0 / 30)
        #expect(update.added.count == 1 && update.tracks.count == 3)
    }
}

/// A 1-D code read on other rows or on part of its width from frame to frame: the reads'
/// centres jump while the code stands still, and the velocity must not follow them.
struct TrackerPartialReadMoveTests {
    @Test("A still tall EAN-8 read whole, on its top band, on its bottom band and whole again keeps one track and no made-up velocity")
    func bandSwitchesOnAStillCode() throws {
        var tracker = try Tracker()
        let reads = [TrackerTallCodeTests.ean8(300, 100, 100, 150), TrackerTallCodeTests.ean8(300, 100, 100, 40),
                     TrackerTallCodeTests.ean8(300, 205, 100, 45), TrackerTallCodeTests.ean8(301, 100, 100, 150),
                     TrackerTallCodeTests.ean8(301, 150, 100, 50), TrackerTallCodeTests.ean8(301, 101, 100, 150)]
        for (frame, read) in reads.enumerated() {
            let update = try tracker.update(with: [read], at: Double(frame) / 30)
            #expect(update.tracks.count == 1 && update.tracks.first?.state == .tracked, "frame \(frame)")
            #expect(frame == 0 || update.added.isEmpty, "frame \(frame): the band read is the tracked code")
            let velocity = try #require(update.tracks.first).velocity
            // Pixels a second: a 30 fps frame moves the code 1 px at most here.
            #expect(abs(velocity.y) < 60 && abs(velocity.x) < 60, "frame \(frame): velocity \(velocity)")
        }
    }

    @Test("The move along an axis whose extent changed alone is the predicted one; a whole read, a zoom and a partial width otherwise")
    func moveOfPartialReads() {
        let whole = TrackerTallCodeTests.ean8(300, 100, 100, 150).location
        // Read whole again 6 px lower: the centres' difference.
        let moved = TrackerTallCodeTests.ean8(302, 106, 100, 150).location
        let wholeMove = moved.partialReadMove(from: whole, expected: Point(x: 0, y: 30), tallest: 1.5)
        #expect(abs(wholeMove.x - 2) < 1e-9 && abs(wholeMove.y - 6) < 1e-9, "\(wholeMove)")
        // The top band (height 40 of 150): across the rows the predicted move, along them the centres'.
        let band = TrackerTallCodeTests.ean8(303, 100, 100, 40).location
        let bandMove = band.partialReadMove(from: whole, expected: Point(x: 1, y: 4), tallest: 1.5)
        #expect(abs(bandMove.x - 3) < 1e-9 && abs(bandMove.y - 4) < 1e-9, "\(bandMove)")
        // Half its width (a Code 128 read on part of its length): along the rows the predicted move.
        let half = TrackerTallCodeTests.ean8(300, 103, 50, 150).location
        let halfMove = half.partialReadMove(from: whole, expected: Point(x: -2, y: 0), tallest: 1.5)
        #expect(abs(halfMove.x + 2) < 1e-9 && abs(halfMove.y - 3) < 1e-9, "\(halfMove)")
        // One band, then another of about its height: across the rows the predicted move;
        // the same band followed as the view moves: the centres' difference.
        let top = TrackerTallCodeTests.ean8(300, 100, 100, 40).location
        let bottom = TrackerTallCodeTests.ean8(300, 205, 100, 45).location
        let switched = bottom.partialReadMove(from: top, expected: Point(x: 0, y: 1), tallest: 1.5)
        #expect(abs(switched.x) < 1e-9 && abs(switched.y - 1) < 1e-9, "\(switched)")
        let followed = TrackerTallCodeTests.ean8(300, 106, 100, 40).location.partialReadMove(from: top, expected: Point(x: 0, y: 4), tallest: 1.5)
        #expect(abs(followed.x) < 1e-9 && abs(followed.y - 6) < 1e-9, "\(followed)")
        // A zoom: both extents grew by a third, the centres' difference stands.
        let zoomed = TrackerTallCodeTests.ean8(284, 75, 133, 200).location
        let zoomMove = zoomed.partialReadMove(from: whole, expected: .zero, tallest: 1.5)
        #expect(abs(zoomMove.x - (zoomed.center.x - whole.center.x)) < 1e-9 && abs(zoomMove.y - (zoomed.center.y - whole.center.y)) < 1e-9)
    }
}
