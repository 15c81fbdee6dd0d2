@testable import BarcodeEngine
import BarcodeDecoding
import BarcodeTracking
import Testing

/// Two reads of one 1-D payload on different rows: bands of one code, or two labels.
struct BandTests {
    /// A white 400 × 380 frame with the EAN-13 label (bars 140 pixels high, zxing-cpp's
    /// writer, no digits) at (50, 20) and the same label again at (50, 200), 40 pixels of
    /// white between their bars; and the label's bars' first and last columns in the frame.
    static func stackedLabels() throws -> (image: LumaImage, bars: ClosedRange<Int>) {
        let label = try BarcodeRenderer.render("8413000065504", as: .ean13, width: 300, height: 140, quietZone: 20)
        var pixels = [UInt8](repeating: 255, count: 400 * 380)
        for top in [20, 200] {
            for y in 0..<label.height { for x in 0..<label.width { pixels[(top + y) * 400 + 50 + x] = label[x, y] } }
        }
        let dark = (0..<label.width).filter { x in label[x, label.height / 2] < 128 }
        let first = try #require(dark.first), last = try #require(dark.last)
        return (try LumaImage(width: 400, height: 380, pixels: pixels), (50 + first)...(50 + last))
    }

    /// A band quad over the bars, rows `rows` of the frame.
    static func band(_ bars: ClosedRange<Int>, _ rows: Range<Int>) -> Quadrilateral {
        Quadrilateral(Rect(x: Double(bars.lowerBound), y: Double(rows.lowerBound),
                           width: Double(bars.count), height: Double(rows.count)))
    }

    @Test("A read of a 1-D code's upper rows is another band of the code read on its lower rows, not a code of its own")
    func upperRowsOfOneCode() throws {
        let (image, bars) = try Self.stackedLabels()
        let measured = Self.band(bars, 100..<150), found = Self.band(bars, 25..<55)
        // (Each answer taken first: a failed expectation would print the whole frame.)
        let upper = TrackingEngine.isAnotherBand(found, of: measured, in: image)
        let lower = TrackingEngine.isAnotherBand(measured, of: found, in: image)
        #expect(upper)
        #expect(lower)
    }

    @Test("The same label stacked below another, white between their bars, is a code of its own")
    func stackedLabelsStayApart() throws {
        let (image, bars) = try Self.stackedLabels()
        let measured = Self.band(bars, 100..<150), below = Self.band(bars, 210..<250)
        let stacked = TrackingEngine.isAnotherBand(below, of: measured, in: image)
        #expect(!stacked)
        // Ends along the rows that differ by more than the tolerance: another code whatever lies between.
        let shorter = Quadrilateral(Rect(x: Double(bars.lowerBound + 60), y: 25, width: Double(bars.count - 60), height: 30))
        let cut = TrackingEngine.isAnotherBand(shorter, of: measured, in: image)
        #expect(!cut)
    }
}
