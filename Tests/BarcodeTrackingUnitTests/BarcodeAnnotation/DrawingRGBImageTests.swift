import Testing
import BarcodeAnnotation
import BarcodeTracking

struct RGBImageTests {
    /// Coordinates of the pixels that differ between two images of the same size.
    static func changed(_ a: RGBImage, _ b: RGBImage) -> [(Int, Int)] {
        var result: [(Int, Int)] = []
        for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { result.append((x, y)) } }
        return result
    }

    @Test("A luma image becomes grey RGB pixel for pixel, honouring its row stride")
    func fromLuma() throws {
        let luma = try LumaImage(width: 3, height: 2, bytesPerRow: 4, pixels: [10, 20, 30, 99, 40, 50, 60, 99])
        let rgb = RGBImage(luma)
        #expect(rgb.width == 3 && rgb.height == 2)
        #expect(rgb.pixels == [10, 10, 10, 20, 20, 20, 30, 30, 30, 40, 40, 40, 50, 50, 50, 60, 60, 60])
        #expect(rgb[2, 1] == RGBColor(gray: 60))
    }

    @Test("Buffers that do not match the size are rejected")
    func badBuffers() {
        #expect { try RGBImage(width: 2, height: 2, pixels: [0, 0, 0]) } throws: { ($0 as? FrameError)?.code == .wrongBufferSize }
        #expect { try RGBImage(width: 0, height: 2) } throws: { ($0 as? FrameError)?.code == .invalidSize }
    }

    @Test("A filled rectangle covers exactly the pixels whose centres it contains")
    func fillRect() throws {
        let blank = try RGBImage(width: 10, height: 10)
        var image = blank
        image.fill(Rect(x: 2, y: 3, width: 4, height: 5), color: .white)
        let pixels = Self.changed(blank, image)
        #expect(pixels.count == 20)
        #expect(pixels.allSatisfy { (2...5).contains($0.0) && (3...7).contains($0.1) })
    }

    @Test("Translucent fills blend with what is underneath")
    func translucent() throws {
        var image = try RGBImage(width: 4, height: 4, filledWith: RGBColor(gray: 100))
        image.fill(Rect(x: 0, y: 0, width: 4, height: 4), color: RGBColor(red: 200, green: 0, blue: 100), opacity: 0.25)
        #expect(image[1, 1] == RGBColor(red: 125, green: 75, blue: 100))
    }

    @Test("Lines are as thick as asked", arguments: [(1.0, 6), (3.0, 24)])
    func lineThickness(thickness: Double, expectedCount: Int) throws {
        let blank = try RGBImage(width: 12, height: 12)
        var image = blank
        image.drawLine(from: Point(x: 2.5, y: 5.5), to: Point(x: 7.5, y: 5.5), color: .red, thickness: thickness)
        let pixels = Self.changed(blank, image)
        #expect(pixels.count == expectedCount)
        #expect(image[5, 5] == .red)
    }

    @Test("A diagonal line passes through the pixels on its path and nowhere far from it")
    func diagonal() throws {
        var image = try RGBImage(width: 20, height: 20)
        image.drawLine(from: Point(x: 2, y: 2), to: Point(x: 18, y: 18), color: .green, thickness: 2)
        for i in 3..<17 { #expect(image[i, i] == .green) }
        #expect(image[15, 4] == .black)
        #expect(image[4, 15] == .black)
    }

    @Test("Quadrilateral outlines leave the inside alone; fills cover it")
    func quads() throws {
        let diamond = Quadrilateral(topLeft: Point(x: 20, y: 5), topRight: Point(x: 35, y: 20),
                                    bottomRight: Point(x: 20, y: 35), bottomLeft: Point(x: 5, y: 20))
        var outlined = try RGBImage(width: 40, height: 40)
        outlined.stroke(diamond, color: .cyan, thickness: 2)
        #expect(outlined[20, 20] == .black)
        #expect(outlined[20, 5] == .cyan && outlined[5, 20] == .cyan && outlined[27, 12] == .cyan)
        var filled = try RGBImage(width: 40, height: 40)
        filled.fill(diamond, color: .cyan)
        #expect(filled[20, 20] == .cyan)
        #expect(filled[7, 7] == .black && filled[32, 32] == .black)
    }

    @Test("Shapes outside the image or with absurd coordinates are clipped without a crash")
    func clipping() throws {
        let blank = try RGBImage(width: 8, height: 8)
        var image = blank
        image.fill(Rect(x: 100, y: 100, width: 5, height: 5), color: .white)
        image.drawLine(from: Point(x: -1e300, y: -5), to: Point(x: 1e300, y: -5), color: .white, thickness: 2)
        image.drawLine(from: Point(x: .nan, y: 0), to: Point(x: 3, y: 3), color: .white)
        image.drawText("12", at: Point(x: -1e200, y: 0), color: .white)
        #expect(image == blank)
        image.fill(Rect(x: -5, y: -5, width: 7, height: 7), color: .white)
        #expect(Self.changed(blank, image).count == 4)
        image.drawLine(from: Point(x: -1e12, y: 6.5), to: Point(x: 1e12, y: 6.5), color: .red)
        #expect((0..<8).allSatisfy { image[$0, 6] == .red })
    }

    @Test("Text is drawn from the built-in font's glyphs, scaled in whole pixels")
    func text() throws {
        var image = try RGBImage(width: 30, height: 20)
        image.drawText("1", at: Point(x: 0, y: 0), color: .white)
        // Glyph "1": ..#.. / .##.. / ..#.. ×4 / .###.
        #expect(image[2, 0] == .white && image[1, 1] == .white && image[2, 3] == .white)
        #expect(image[0, 0] == .black && image[3, 3] == .black)
        #expect((1...3).allSatisfy { image[$0, 6] == .white })
        var big = try RGBImage(width: 30, height: 20)
        big.drawText("1", at: Point(x: 10, y: 2), color: .white, scale: 2)
        #expect(big[14, 2] == .white && big[15, 3] == .white && big[13, 2] == .black)
        #expect(BitmapFont.size(of: "123", scale: 2) == Size(width: 34, height: 14))
        for character in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ#-.:/? " { #expect(BitmapFont.hasGlyph(for: character)) }
        #expect(BitmapFont.rows(for: "a") == BitmapFont.rows(for: "A"))
        #expect(BitmapFont.rows(for: "€") == BitmapFont.rows(for: "?"))
        #expect(Set("0123456789".map { BitmapFont.rows(for: $0) }).count == 10)
    }

    @Test("PPM output is a P6 header followed by the pixels")
    func ppm() throws {
        var image = try RGBImage(width: 2, height: 1)
        image[1, 0] = RGBColor(red: 1, green: 2, blue: 3)
        #expect(image.ppmData == Array("P6\n2 1\n255\n".utf8) + [0, 0, 0, 1, 2, 3])
    }
}
