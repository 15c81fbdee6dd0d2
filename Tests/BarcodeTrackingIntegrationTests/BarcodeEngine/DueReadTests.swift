@testable import BarcodeEngine
import BarcodeDecoding
import BarcodeTracking
import Testing

/// A tracked code whose due re-decode misses is found by correlation, once in a row.
struct DueReadTests {
    /// Frame `number` with a QR code at (100, 100) (160 pixels with its quiet zone), its
    /// top-left finder pattern washed out to white when `glare` is set: zxing-cpp cannot
    /// read it then, but most of the code looks as before.
    static func frame(_ number: Int, glare: Bool) throws -> Frame {
        var frame = try LinearRowsTests.frame(number, [("DUE-READ", .qrCode, x: 100, y: 100)])
        if glare {
            // The quiet zone is 20 pixels; a 25-module version 2 code has 5.6-pixel modules,
            // so its finder pattern (7 modules) ends about 40 pixels in.
            for y in 110..<165 { for x in 110..<165 { frame.image.pixels[y * frame.image.bytesPerRow + x] = 255 } }
        }
        return frame
    }

    @Test("A due re-decode that misses (a finder pattern under glare) is followed by correlation once, then no longer")
    func missedDueReadFollowedOnce() throws {
        // Frame 2's re-decode gives the track its template (the first frame's whole-frame read does not).
        let frames = try [false, false, true, true, false].enumerated().map { try Self.frame($0.offset + 1, glare: $0.element) }
        // Zxing-cpp reads the clean frame and not the glared one: what measures frame 3 is correlation.
        let reader = try BarcodeReader()
        #expect(try reader.read(frames[0].image).detections.compactMap(\.barcode?.data) == ["DUE-READ"])
        #expect(try reader.read(frames[2].image).detections.compactMap(\.barcode?.data).isEmpty)
        // Every frame is a due frame, and nothing but the first frame's whole-frame search discovers.
        var configuration = LinearRowsTests.quietDiscovery(linearRowsTime: 0)
        configuration.redecodeInterval = 1
        let (measured, _) = try LinearRowsTests.run(frames, configuration)
        #expect(measured[0] == ["DUE-READ"])
        #expect(measured[1] == ["DUE-READ"])
        #expect(measured[2] == ["DUE-READ"], "the missed due read is followed by correlation")
        #expect(measured[3] == [], "a second missed due read in a row is not")
        #expect(measured[4] == ["DUE-READ"], "read again once the glare is gone")
    }
}
