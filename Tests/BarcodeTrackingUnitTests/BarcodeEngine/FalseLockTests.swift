@testable import BarcodeEngine
import BarcodeTracking
import Testing

/// Correlation matches that a fresh read in the same frame contradicts.
struct FalseLockTests {
    static func detection(_ text: String, _ rect: Rect, symbology: Symbology = .dataMatrix, fresh: Bool) -> Detection {
        var d = Detection(barcode: Barcode(symbology: symbology, data: text, bytes: Array(text.utf8), location: Quadrilateral(rect)))
        d.isFreshRead = fresh
        return d
    }

    @Test("A correlation match a third over the code's own read at another spot is dropped; the read is kept")
    func overlappingMatchIsDropped() {
        // The soak's Data Matrix: matched 23 px off, read 60 px from the prediction.
        let match = Self.detection("http://google.com/m", Rect(x: 629, y: 174, width: 57, height: 59), fresh: false)
        let read = Self.detection("http://google.com/m", Rect(x: 642, y: 214, width: 57, height: 58), fresh: true)
        let kept = TrackingEngine.droppingFalseLocks([match, read])
        #expect(kept.count == 1 && kept[0].isFreshRead)
    }

    @Test("A match on its code, or beside an identical label's read, stays")
    func rightMatchesStay() {
        let match = Self.detection("COPIES", Rect(x: 100, y: 100, width: 44, height: 44), symbology: .microQRCode, fresh: false)
        // Re-read of the same spot a few pixels off, and an identical label 6 px to the right.
        let same = Self.detection("COPIES", Rect(x: 103, y: 98, width: 44, height: 44), symbology: .microQRCode, fresh: true)
        let beside = Self.detection("COPIES", Rect(x: 150, y: 100, width: 44, height: 44), symbology: .microQRCode, fresh: true)
        #expect(TrackingEngine.droppingFalseLocks([match, same, beside]).count == 3)
    }

    @Test("A 1-D read of another payload does not drop a match (zxing-cpp 1.4's 1-D quads can span half the frame)")
    func linearReadsOfOtherPayloadsDoNotCount() {
        let match = Self.detection("QR Code", Rect(x: 100, y: 100, width: 60, height: 60), symbology: .qrCode, fresh: false)
        let wide = Self.detection("4006381333931", Rect(x: 0, y: 90, width: 640, height: 80), symbology: .ean13, fresh: true)
        #expect(TrackingEngine.droppingFalseLocks([match, wide]).count == 2)
        let overlap = TrackingEngine.overlapShare(of: match.location, inside: wide.location)
        #expect(overlap == 1)
    }
}
