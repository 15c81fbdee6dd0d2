import BarcodeDecoding
@testable import BarcodeEngine
import BarcodeTracking
import FrameSources
import Testing
import TestSupport

/// A 1-D code readable in a few rows only, as motion blur across its bars leaves it: decoding
/// every frame reports it with a quad a pixel or two tall, and so must the engine.
@Suite(.needsSharedData)
struct ThinLinearReadTests {
    /// `name`'s sample with every row white but the three around its middle row, the row
    /// zxing-cpp's 1-D scan of a frame reads first (the next ones are a 32nd of the height
    /// away, so these three rows are the only ones it reads there).
    static func middleRows(of name: String) throws -> LumaImage {
        let sample = try ImageFile.load(path: SharedData.samples.appendingPathComponent(name).path)
        var pixels = [UInt8](repeating: 255, count: sample.width * sample.height)
        for y in (sample.height / 2 - 1)...(sample.height / 2 + 1) {
            for x in 0..<sample.width { pixels[y * sample.width + x] = sample.pixels[y * sample.bytesPerRow + x] }
        }
        return try LumaImage(width: sample.width, height: sample.height, pixels: pixels)
    }

    @Test("A UPC-A and an EAN-8 readable in three rows are reported with their thin quads, as decoding every frame reports them")
    func codesReadInThreeRows() throws {
        for name in ["upca-1/16.png", "ean8-1/1.png"] {
            let image = try Self.middleRows(of: name)
            let baseline = try BarcodeReader(options: .video).read(image).detections.compactMap(\.barcode)
            let read = try #require(baseline.first { $0.symbology.isLinear }, "\(name): decoding the frame reads the band")
            let box = read.location.boundingBox
            #expect(box.height < 4 && box.width > 40, "\(name): a thin quad, \(box)")
            let engine = try TrackingEngine(options: .video)
            let found = try engine.detect(in: Frame(number: 0, time: 0, image: image), region: nil, expected: []).compactMap(\.barcode)
            #expect(found.contains { $0.symbology == read.symbology && $0.bytes == read.bytes }, "\(name): \(found.map(\.data))")
        }
        // A 2-D code's quad still needs four sides of 4 pixels or more, a 1-D code's its two along the rows.
        let thin = Quadrilateral(Rect(x: 10, y: 10, width: 60, height: 1))
        #expect(TrackingEngine.isPlausible(thin, linear: true) && !TrackingEngine.isPlausible(thin))
        #expect(!TrackingEngine.isPlausible(Quadrilateral(Rect(x: 10, y: 10, width: 3, height: 1)), linear: true))
    }
}
