import BarcodeDecoding
@testable import BarcodeEngine
import BarcodeTracking
import Testing

/// 1-D reads of a code cut by the searched region's border (``TrackingEngine/droppingCutReads(_:searched:width:height:)``).
struct CutReadTests {
    /// The pallet's EAN-13 at 4 pixels per module, 40 pixels of quiet zone each side, 120 pixels high.
    static func ean13() throws -> LumaImage {
        try BarcodeRenderer.render("3560070169443", as: .ean13, width: 95 * 4 + 80, height: 120, quietZone: 40)
    }

    @Test("An EAN-13 cut after its middle guard reads as a UPC-E with zxing-cpp; the engine's search drops that read")
    func halfEAN13() throws {
        let image = try Self.ean13()
        let reader = try BarcodeReader(options: DecoderOptions(symbologies: [.ean13, .upcE, .ean8, .upcA]))
        var misreadCuts: [Int] = []
        // The middle guard ends at module 50: cut from there to 4 modules further.
        for cut in stride(from: 40 + 50 * 4, through: 40 + 54 * 4, by: 2) {
            let region = Rect(x: 0, y: 0, width: Double(cut), height: 120)
            let raw = try reader.read(image, region: region).detections.compactMap(\.barcode)
            if raw.contains(where: { $0.symbology == .upcE }) { misreadCuts.append(cut) }
            let searched = try TrackingEngine.search(image, in: region, hiding: [], with: reader).detections
            #expect(!searched.contains { $0.barcode?.symbology == .upcE }, "cut at x = \(cut): the half code passed")
        }
        #expect(!misreadCuts.isEmpty, "zxing-cpp no longer reads the half code as a UPC-E: this test shows nothing")
        // The whole code, searched whole, is kept.
        let whole = try TrackingEngine.search(image, in: Rect(x: 0, y: 0, width: Double(image.width), height: 120),
                                              hiding: [], with: reader).detections
        #expect(whole.compactMap(\.barcode).map(\.symbology) == [.ean13])
    }

    @Test("An EAN-13 whose bars end on the region's border is kept: no longer code holds one")
    func ean13AtTheEdge() throws {
        let image = try Self.ean13()
        let reader = try BarcodeReader(options: DecoderOptions(symbologies: [.ean13, .upcE, .ean8, .upcA]))
        // The right guard's last bar ends at x = 40 + 95 × 4 = 420: no quiet zone inside the region.
        let region = Rect(x: 0, y: 0, width: 421, height: 120)
        let raw = try reader.read(image, region: region).detections.compactMap(\.barcode)
        #expect(raw.map(\.symbology) == [.ean13], "zxing-cpp reads the code without its right quiet zone")
        let searched = try TrackingEngine.search(image, in: region, hiding: [], with: reader).detections
        #expect(searched.compactMap(\.barcode).map(\.symbology) == raw.map(\.symbology))
    }

    @Test("A UPC-E whose end lies on the border is kept once it was read whole (confirmed); an unconfirmed one, and the half EAN-13, are still dropped")
    func confirmedShortCodeAtTheEdge() throws {
        // The sheet's UPC-E with 40 pixels of quiet zone each side, read in a region that ends
        // where its last bar ends: no quiet zone on that side.
        let upcE = try BarcodeRenderer.render("00123457", as: .upcE, width: 51 * 4 + 80, height: 120, quietZone: 40)
        let reader = try BarcodeReader(options: DecoderOptions(symbologies: [.ean13, .upcE, .ean8, .upcA]))
        let whole = try #require(try reader.read(upcE, region: nil).detections.first)
        let atEdge = Rect(x: 0, y: 0, width: whole.location.corners.map(\.x).max()! + 1, height: 120)
        let raw = try reader.read(upcE, region: atEdge).detections.compactMap(\.barcode)
        let read = try #require(raw.first { $0.symbology == .upcE }, "zxing-cpp reads the UPC-E without its right quiet zone")
        #expect(try TrackingEngine.search(upcE, in: atEdge, hiding: [], with: reader).detections.isEmpty, "unconfirmed: may be a cut EAN-13")
        let confirmed: Set<TrackingEngine.ShortCode> = [TrackingEngine.ShortCode(read)]
        let kept = try TrackingEngine.search(upcE, in: atEdge, hiding: [], with: reader, confirmed: confirmed).detections
        #expect(kept.compactMap(\.barcode?.data) == ["00123457"])
        // The half EAN-13 reads as another UPC-E payload: still dropped.
        let ean13 = try Self.ean13()
        for cut in stride(from: 40 + 50 * 4, through: 40 + 54 * 4, by: 2) {
            let region = Rect(x: 0, y: 0, width: Double(cut), height: 120)
            let searched = try TrackingEngine.search(ean13, in: region, hiding: [], with: reader, confirmed: confirmed).detections
            #expect(!searched.contains { $0.barcode?.symbology == .upcE }, "cut at x = \(cut): the half code passed")
        }
    }

    @Test("A short 1-D read counts as cut when its start or end lies within 5 modules of the region's border, not its top")
    func cutGeometry() {
        let region = Rect(x: 0, y: 0, width: 640, height: 480)
        func quad(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Quadrilateral {
            Quadrilateral(topLeft: Point(x: x0, y: y0), topRight: Point(x: x1, y: y0),
                          bottomRight: Point(x: x1, y: y1), bottomLeft: Point(x: x0, y: y1))
        }
        // UPC-E 204 px wide: 4 px per module, so 20 px of room needed.
        #expect(TrackingEngine.isCut(quad(432, 100, 636, 160), by: region, symbology: .upcE), "end 4 px from the right border")
        #expect(TrackingEngine.isCut(quad(1, 100, 205, 160), by: region, symbology: .upcE), "start 1 px from the left border")
        #expect(TrackingEngine.isCut(quad(420, 100, 624, 160), by: region, symbology: .upcE), "16 px: 4 modules")
        #expect(!TrackingEngine.isCut(quad(400, 100, 604, 160), by: region, symbology: .upcE), "36 px of quiet zone visible")
        #expect(!TrackingEngine.isCut(quad(100, 0, 304, 60), by: region, symbology: .upcE), "bars cut at the top are still the whole code")
        #expect(!TrackingEngine.isCut(quad(432, 100, 636, 160), by: region, symbology: .ean13), "no longer code holds an EAN-13")
        #expect(!TrackingEngine.isCut(quad(432, 100, 636, 160), by: region, symbology: .code128), "a check digit and a stop pattern")
        // Rolled 90°: the code's start side is its top edge in the frame.
        let rolled = Quadrilateral(topLeft: Point(x: 300, y: 1), topRight: Point(x: 300, y: 205),
                                   bottomRight: Point(x: 260, y: 205), bottomLeft: Point(x: 260, y: 1))
        #expect(TrackingEngine.isCut(rolled, by: region, symbology: .ean8))
    }
}
