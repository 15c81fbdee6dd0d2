import BarcodeDecoding
@testable import BarcodeEngine
import BarcodeTracking
import Testing

/// A short 1-D code read whole stays trusted at the frame's edge (``TrackingEngine/ShortCode``).
struct ShortCodeMemoryTests {
    /// A 640 × 360 grey frame with `code` pasted at x = `left` (pixels past the right edge cut off).
    static func frame(_ code: LumaImage, left: Int, number: Int, time: Double) throws -> Frame {
        var pixels = [UInt8](repeating: 160, count: 640 * 360)
        for y in 0..<code.height {
            for x in 0..<code.width where left + x >= 0 && left + x < 640 {
                pixels[(100 + y) * 640 + left + x] = code.pixels[y * code.bytesPerRow + x]
            }
        }
        return Frame(number: number, time: time, image: try LumaImage(width: 640, height: 360, pixels: pixels))
    }

    @Test("A UPC-E whose end lies on the frame's right edge: dropped by a fresh engine, reported by one that read it whole within 30 s")
    func upcEAtTheEdge() throws {
        let code = try BarcodeRenderer.render("00123457", as: .upcE, width: 51 * 3 + 60, height: 120, quietZone: 30)
        let reader = try BarcodeReader(options: DecoderOptions(symbologies: [.upcE]))
        let lastBar = Int(try #require(try reader.read(code, region: nil).detections.first).location.corners.map(\.x).max()!)
        let atEdge = 639 - lastBar
        func upcE(_ engine: TrackingEngine, _ frame: Frame) throws -> [String] {
            try engine.report(in: frame, region: nil, expected: []).detections.compactMap(\.barcode).filter { $0.symbology == .upcE }.compactMap(\.data)
        }
        let fresh = try TrackingEngine()
        #expect(try upcE(fresh, try Self.frame(code, left: atEdge, number: 1, time: 0)).isEmpty, "never read whole: may be a cut EAN-13")
        let engine = try TrackingEngine()
        #expect(try upcE(engine, try Self.frame(code, left: 200, number: 1, time: 0)) == ["00123457"], "read whole")
        #expect(try upcE(engine, try Self.frame(code, left: atEdge, number: 2, time: 20)) == ["00123457"], "20 s later, at the edge")
        // Its last read was at 20 s: forgotten after 30 s more.
        #expect(try upcE(engine, try Self.frame(code, left: atEdge, number: 3, time: 51)).isEmpty, "31 s after its last read")
    }
}
