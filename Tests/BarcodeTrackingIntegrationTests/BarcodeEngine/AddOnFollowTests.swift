@testable import BarcodeEngine
import BarcodeDecoding
import BarcodeTracking
import FrameSources
import Testing
import TestSupport

/// An EAN/UPC add-on is followed by reads, with the code it sits beside.
struct AddOnFollowTests {
    /// Frames 1... of a 1280 × 720 view of zxing-cpp's sample photo of a book's EAN-13 with
    /// its EAN-5 price add-on (692 × 380), moving 4 pixels right a frame.
    static func frames(_ count: Int) throws -> [Frame] {
        let photo = try ImageFile.load(path: SharedData.samples.appendingPathComponent("ean13-extension-1/1.png").path)
        return try (1...count).map { number in
            var image = try LumaImage(width: 1280, height: 720)
            for i in image.pixels.indices { image.pixels[i] = 200 }
            let (x0, y0) = (200 + 4 * number, 150)
            for y in 0..<photo.height {
                for x in 0..<photo.width {
                    image.pixels[(y0 + y) * image.bytesPerRow + x0 + x] = photo.pixels[y * photo.bytesPerRow + x]
                }
            }
            return Frame(number: number, time: Double(number - 1) / 30, image: image)
        }
    }

    @Test("An add-on is measured in every frame by its code's window read, not only when the whole frame is read", .needsSharedData)
    func addOnMeasuredByWindowReads() throws {
        let frames = try Self.frames(7)
        // The premise: a whole-frame read gives the code and its add-on.
        let whole = try BarcodeReader(options: .video).read(frames[1].image).detections.compactMap(\.barcode?.data)
        #expect(Set(whole) == ["9780735200449", "51299"])
        // Only the first frame is searched whole, and no region nor strip after it: later
        // measurements are the tracks' own (correlation, window reads).
        let (measured, _) = try LinearRowsTests.run(frames, LinearRowsTests.quietDiscovery(linearRowsTime: 0))
        for (index, payloads) in measured.enumerated() {
            #expect(payloads == ["51299", "9780735200449"], "frame \(index + 1): the add-on and its code are both measured")
        }
    }

    @Test("A code's window reads add-ons only when the engine's options do")
    func windowReadersFollowTheAddOnOption() throws {
        var options = DecoderOptions.video
        let reading = try TrackingEngine(options: options)
        #expect(reading.windowReaders[.ean13]?.options.readAddOns == true)
        #expect(reading.bandReaders[.upcA]?.options.readAddOns == true)
        #expect(reading.windowReaders[.code128]?.options.readAddOns == false, "no add-on follows a Code 128")
        options.readAddOns = false
        let notReading = try TrackingEngine(options: options)
        #expect(notReading.windowReaders[.ean13]?.options.readAddOns == false)
    }
}
