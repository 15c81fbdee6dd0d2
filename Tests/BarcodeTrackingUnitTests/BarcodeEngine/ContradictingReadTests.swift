@testable import BarcodeEngine
import BarcodeTracking
import Testing

/// One place holds one 1-D code: a new read of another payload on a code measured there is a
/// misread (``TrackingEngine/contradicts(_:measured:)``).
struct ContradictingReadTests {
    static func read(_ data: String, _ symbology: Symbology, x: Double, reversed: Bool = false) -> Detection {
        let box = Quadrilateral(Rect(x: x, y: 348, width: 188, height: 37))
        let c = box.corners
        let quad = reversed ? Quadrilateral(topLeft: c[1], topRight: c[0], bottomRight: c[3], bottomLeft: c[2]) : box
        return Detection(barcode: Barcode(symbology: symbology, data: data, bytes: Array(data.utf8), location: quad))
    }

    @Test("A UPC-A read backwards over a measured EAN-13 of another payload contradicts it; the same payload, a code beside it, an add-on, or a 2-D read do not")
    func onlyAnotherLinearPayloadOnTheSamePlaceContradicts() {
        let ean = Self.read("4025194271322", .ean13, x: 4)
        #expect(TrackingEngine.contradicts(Self.read("774717491122", .upcA, x: 5, reversed: true), measured: [ean]))
        #expect(!TrackingEngine.contradicts(Self.read("4025194271322", .ean13, x: 6), measured: [ean]))
        #expect(!TrackingEngine.contradicts(Self.read("774717491122", .upcA, x: 260), measured: [ean]))
        #expect(!TrackingEngine.contradicts(Self.read("12", .ean2, x: 10), measured: [ean]))
        #expect(!TrackingEngine.contradicts(Self.read("774717491122", .qrCode, x: 5), measured: [ean]))
        #expect(!TrackingEngine.contradicts(Self.read("774717491122", .upcA, x: 5), measured: [Detection(location: ean.location)]))
    }
}
