import BarcodeDecoding
import BarcodeTracking
import Testing

/// Sectional Code 39: reading the whole characters in view, and stitching sections.
struct Code39SectionsTests {
    static let payload = "SECTIONAL-CODE39-PALLET-0042-LONG-LABEL"

    /// The payload rendered by zxing-cpp's writer, 3 pixels a module, 60 pixels tall.
    static func label() throws -> LumaImage {
        try BarcodeRenderer.render(payload, as: .code39, width: (payload.count + 2) * 13 * 3 + 60, height: 60, quietZone: 30)
    }

    /// Columns `x0..<x0 + width` of `image`.
    static func crop(_ image: LumaImage, x0: Int, width: Int) throws -> LumaImage {
        var pixels: [UInt8] = []
        for y in 0..<image.height { pixels += image.pixels[(y * image.bytesPerRow + x0)..<(y * image.bytesPerRow + x0 + width)] }
        return try LumaImage(width: width, height: image.height, pixels: pixels)
    }

    @Test("A whole symbol reads as its payload between start and stop, every character checked against zxing's writer")
    func wholeSymbol() throws {
        let alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%"
        let image = try BarcodeRenderer.render(alphabet, as: .code39, width: 47 * 13 * 2 + 40, height: 20, quietZone: 20)
        #expect(Code39Sections.read(image, row: 10)?.text == "*\(alphabet)*")
        #expect(Code39Sections.read(try Self.label(), row: 30)?.text == "*\(Self.payload)*")
    }

    @Test("A window on the middle of the label reads the whole characters in it, no start or stop")
    func middleSection() throws {
        let label = try Self.label()
        let section = try #require(Code39Sections.read(try Self.crop(label, x0: 500, width: 640), row: 30))
        #expect(!section.text.contains("*"))
        #expect(section.text.count >= 14, "640 px hold about 16 characters of 39 px")
        #expect(Self.payload.contains(section.text))
    }

    @Test("Windows panning along the label stitch into the payload exactly once, at the window that shows the stop")
    func panStitches() throws {
        let label = try Self.label()
        var stitcher = Code39Stitcher()
        var completed: [(Int, String)] = []
        for (step, x0) in stride(from: 0, through: label.width - 640, by: 90).enumerated() {
            guard let section = Code39Sections.read(try Self.crop(label, x0: x0, width: 640), row: 30) else { continue }
            if let payload = stitcher.add(section.text) { completed.append((step, payload)) }
        }
        #expect(completed.map(\.1) == [Self.payload])
        #expect(label.width > 2 * 640, "the label is more than twice the window")
    }

    @Test("Sections join on their overlap in either order; unrelated text without start or stop is ignored")
    func stitcherRules() {
        var forward = Code39Stitcher()
        #expect(forward.add("*PALLET-00") == nil)
        #expect(forward.add("XYZXYZ") == nil, "shares nothing: ignored")
        #expect(forward.add("LET-0042-LO") == nil)
        #expect(forward.add("42-LONG*") == "PALLET-0042-LONG")
        #expect(forward.joined.isEmpty, "starts over after a payload")
        var backward = Code39Stitcher()
        #expect(backward.add("42-LONG*") == nil)
        #expect(backward.add("LET-0042-LO") == nil)
        #expect(backward.add("*PALLET-00") == "PALLET-0042-LONG")
    }
}
