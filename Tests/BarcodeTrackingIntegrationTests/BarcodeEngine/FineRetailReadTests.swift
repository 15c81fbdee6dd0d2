@testable import BarcodeEngine
import BarcodeDecoding
import BarcodeTracking
import SyntheticScenes
import Testing

/// The first read of a fine EAN/UPC code (modules under 3 frame pixels) is checked enlarged
/// (``TrackingEngine/checkingFineRetailRead(_:in:)``).
struct FineRetailReadTests {
    /// `track station --demo --size 640x360 --fps 10 --codes 7 --seed 3`: its first pallet carries
    /// the EAN-13 4020220121282 at 2 pixels a module.
    static func scene() throws -> SyntheticScene {
        var c = SyntheticSceneConfiguration.demo
        c.layout = .station
        (c.width, c.height, c.frameRate, c.codeCount, c.seed, c.shake, c.stopProbability, c.modulePixels) = (640, 360, 10, 7, 3, 0, 0.5, 2)
        return try SyntheticScene.fitting(c)
    }

    @Test("An EAN-13 at 2 px a module that zxing-cpp reads as another UPC-A on every whole frame while it stands is tracked with its own payload")
    func fineEAN13KeepsItsPayload() throws {
        let scene = try Self.scene()
        let frames = (1...60).map { scene.render(frame: $0).frame }
        let reader = try BarcodeReader(options: .video)
        let wholeFrameReads = try Set(frames.flatMap { try reader.read($0.image).detections.compactMap(\.barcode?.data) })
        #expect(wholeFrameReads.contains("000202121282"), "the premise: zxing-cpp misreads the label in the whole frame")
        // The usual schedule: with nothing tracked on any frame (no session here), a still
        // camera's changed bands read the label on frames the enlarged check does not replace
        // the misread on (an open gap of searching where the view changed).
        var usual = TrackingEngineConfiguration()
        usual.searchesWhereViewChanged = false
        let engine = try TrackingEngine(configuration: usual)
        var tracked = Set<String>()
        for frame in frames {
            tracked.formUnion(try engine.report(in: frame, region: nil, expected: []).detections.compactMap(\.barcode?.data))
        }
        #expect(tracked.contains("4020220121282"))
        #expect(!tracked.contains("000202121282"))
    }

    @Test("Enlarging keeps geometry: a point at (x, y) of the enlarged crop lies at (x0 + x / factor, y0 + y / factor)")
    func enlargingKeepsGeometry() throws {
        var pixels = [UInt8](repeating: 255, count: 40 * 30)
        for y in 10..<20 { for x in 12..<22 { pixels[y * 40 + x] = 0 } }
        let image = try LumaImage(width: 40, height: 30, pixels: pixels)
        let enlarged = try #require(TrackingEngine.enlarged(image, x0: 10, y0: 5, width: 20, height: 20, by: 3))
        #expect(enlarged.width == 60 && enlarged.height == 60)
        // The dark square spans x 12..<22 and y 10..<20 of the image: 6..<36 and 15..<45 enlarged.
        #expect(enlarged.pixels[20 * 60 + 20] == 0 && enlarged.pixels[20 * 60 + 3] == 255 && enlarged.pixels[50 * 60 + 20] == 255)
        #expect(enlarged.pixels[20 * 60 + 7] < 128 && enlarged.pixels[20 * 60 + 4] > 128)
    }
}
