import BarcodeDecoding
import BarcodeEngine
import BarcodeTracking
import SyntheticScenes
import TestSupport
import Testing

/// Window reads of a large tracked code that zxing-cpp 1.4 reads only at half size
/// (``TrackingEngine/windowReads(_:in:with:payload:)``).
@Suite(.needsSharedData)
struct HalfSizeWindowReadTests {
    /// The pallet pan of `track bench` (photos-pallet-pan): its PDF417 `1234567890`, 350 ×
    /// 115 pixels and slightly turned near the top of the view, in frames 60-70.
    static func scene() throws -> PhotoScene {
        var c = PhotoSceneConfiguration()
        c.path = .pan
        c.seed = 11
        c.frameCount = 120
        return try PhotoScene(photos: ViewJumpTests.pallet, configuration: c)
    }

    @Test("The PDF417's window misses it at full size; the half-size read finds it, at its place in the frame")
    func halfSizeReadsTheWindow() throws {
        let scene = try Self.scene()
        var options = DecoderOptions.video
        options.symbologies = [.pdf417]
        let reader = try BarcodeReader(options: options)
        var halfOnly = 0
        for n in 60...70 {
            let (frame, truth) = scene.render(frame: n)
            let code = try #require(truth.codes.first { $0.payload == "1234567890" }, "frame \(n)")
            // The engine's window around the code: its box grown by a quarter of its longer side and 24 pixels.
            let box = code.location.boundingBox, pad = max(box.width, box.height) * 0.25 + 24
            let window = try #require(Rect(x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad)
                .intersection(frame.image.bounds))
            #expect(TrackingEngine.halfSizeWindowSides.contains(max(window.width, window.height)))
            let full = try reader.read(frame.image, region: window).detections.compactMap(\.barcode)
            let reads = try TrackingEngine.windowReads(frame.image, in: window, with: reader, payload: Array("1234567890".utf8))
            let found = reads.detections.compactMap(\.barcode).filter { $0.data == "1234567890" }
            #expect(found.count >= 1, "frame \(n): the window read misses the code")
            for read in found {
                #expect(read.location.center.distance(to: code.location.center) < 12, "frame \(n): read at \(read.location.center)")
            }
            if full.isEmpty, !found.isEmpty { halfOnly += 1 }
        }
        // The reason for the half-size read: in most of these frames only it reads the code.
        #expect(halfOnly >= 6)
    }
}
