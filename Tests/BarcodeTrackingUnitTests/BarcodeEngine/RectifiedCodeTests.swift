import BarcodeTracking
@testable import BarcodeEngine
import Testing

/// Resampling a quad upright, and how slanted a quad is.
struct RectifiedCodeTests {
    @Test("A rectangle at any rotation has no slant; a trapezoid seen at a tilt and a rhombus have")
    func slant() throws {
        let square = try #require(Quadrilateral([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10)]))
        #expect(square.slant < 1e-12)
        let turned = try #require(Quadrilateral([Point(x: 50, y: 0), Point(x: 100, y: 50), Point(x: 50, y: 100), Point(x: 0, y: 50)]))
        #expect(turned.slant < 1e-12)
        let trapezoid = try #require(Quadrilateral([Point(x: 10, y: 0), Point(x: 90, y: 0), Point(x: 100, y: 60), Point(x: 0, y: 60)]))
        #expect(trapezoid.slant > 0.1)
        let rhombus = try #require(Quadrilateral([Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 130, y: 90), Point(x: 30, y: 90)]))
        #expect(rhombus.slant > 0.3)
    }

    @Test("The quad fills the square inside the border, and points map back to the frame")
    func resampled() throws {
        // A frame whose pixel value is its column: a shear shows in the rows it samples.
        let width = 200, height = 100
        let frame = try LumaImage(width: width, height: height, pixels: (0..<height).flatMap { _ in (0..<width).map { UInt8($0) } })
        let quad = try #require(Quadrilateral([Point(x: 40, y: 20), Point(x: 120, y: 20), Point(x: 140, y: 80), Point(x: 60, y: 80)]))
        let upright = try #require(RectifiedCode(frame, quad: quad, side: 60, border: 10))
        #expect(upright.image.width == 80 && upright.image.height == 80)
        let corners = [Point(x: 10, y: 10), Point(x: 70, y: 10), Point(x: 70, y: 70), Point(x: 10, y: 70)]
        for (corner, expected) in zip(corners, quad.corners) { #expect(upright.toFrame.apply(corner).distance(to: expected) < 1e-9) }
        // Top-left of the inner square samples near column 40; the top row's middle near 80,
        // the bottom row's middle near 100 (the shear).
        let pixel = { (x: Int, y: Int) in Int(upright.image.pixels[y * upright.image.bytesPerRow + x]) }
        #expect(abs(pixel(10, 10) - 40) <= 1)
        #expect(abs(pixel(40, 10) - 80) <= 1)
        #expect(abs(pixel(40, 69) - 100) <= 1)
        #expect(RectifiedCode(frame, quad: quad, side: 4, border: 2) == nil)
        // A quad reaching past the frame's left edge: white there (a quiet zone), not the edge column drawn out.
        let leftEdge = try #require(Quadrilateral([Point(x: -40, y: 20), Point(x: 40, y: 20), Point(x: 40, y: 80), Point(x: -40, y: 80)]))
        let cut = try #require(RectifiedCode(frame, quad: leftEdge, side: 60, border: 10))
        let cutPixel = { (x: Int, y: Int) in Int(cut.image.pixels[y * cut.image.bytesPerRow + x]) }
        #expect(cutPixel(20, 40) == 255)
        #expect(abs(cutPixel(60, 40) - 27) <= 1)
    }

    @Test("Every rectified pixel is the frame sampled bilinearly at its centre mapped by toFrame, within one grey level")
    func everyPixelThroughTheMap() throws {
        // A busy texture, so that any pixel sampled from the wrong place shows.
        let width = 640, height = 480
        var texture = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let value: Int = x * 7 + y * 13 + (x * y) % 31
                texture[y * width + x] = UInt8(value % 256)
            }
        }
        let frame = try LumaImage(width: width, height: height, pixels: texture)
        let corners = [Point(x: 120.3, y: 80.7), Point(x: 390.2, y: 60.1), Point(x: 420.9, y: 300.4), Point(x: 90.6, y: 330.2)]
        let quad = try #require(Quadrilateral(corners))
        let upright = try #require(RectifiedCode(frame, around: quad))
        let size = upright.image.width
        var differing = 0, worst = 0
        for y in 0..<size {
            for x in 0..<size {
                let wanted = Self.sample(frame, at: upright.toFrame.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)))
                let difference = abs(Int(upright.image.pixels[y * upright.image.bytesPerRow + x]) - wanted)
                if difference > 0 { differing += 1 }
                worst = max(worst, difference)
            }
        }
        #expect(size > 300)
        // The resampler blends in 256ths (fixed point), the reference in doubles: at most one
        // grey level apart, and on most pixels not at all.
        #expect(worst <= 1, "\(worst) grey levels apart")
        #expect(differing < size * size / 4, "\(differing) of \(size * size) pixels")
    }

    /// Bilinear sample of `frame` at `p` (frame pixels, pixel centres at +0.5), white outside it.
    static func sample(_ frame: LumaImage, at p: Point) -> Int {
        let maxX = Double(frame.width - 1), maxY = Double(frame.height - 1)
        guard p.x >= 0, p.y >= 0, p.x <= maxX + 1, p.y <= maxY + 1 else { return 255 }
        let fx = min(max(p.x - 0.5, 0), maxX), fy = min(max(p.y - 0.5, 0), maxY)
        let x0 = Int(fx), y0 = Int(fy), x1 = min(x0 + 1, frame.width - 1), y1 = min(y0 + 1, frame.height - 1)
        let ax = fx - Double(x0), ay = fy - Double(y0)
        let value = { (x: Int, y: Int) in Double(frame.pixels[y * frame.bytesPerRow + x]) }
        let top = value(x0, y0) * (1 - ax) + value(x1, y0) * ax, bottom = value(x0, y1) * (1 - ax) + value(x1, y1) * ax
        return Int(UInt8(min(255, max(0, top * (1 - ay) + bottom * ay + 0.5))))
    }
}
