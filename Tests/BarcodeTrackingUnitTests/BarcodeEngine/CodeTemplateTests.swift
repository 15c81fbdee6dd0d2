@testable import BarcodeEngine
import BarcodeTracking
import SeededRandom
import Testing

/// Correlation following at a scale: a code that grew since its template was taken.
struct CodeTemplateTests {
    /// A 200 × 200 grey frame with a 48 × 48 pattern of random dark and light 6-pixel
    /// modules centred on `center`, drawn `scale` times as large (nearest neighbour).
    static func frame(center: Point, scale: Double) throws -> LumaImage {
        var rng = SplitMix64(seed: 7)
        let modules = (0..<64).map { _ in rng.next() & 1 == 0 ? UInt8(30) : UInt8(220) }
        var pixels = [UInt8](repeating: 128, count: 200 * 200)
        for y in 0..<200 {
            for x in 0..<200 {
                // Where this pixel falls in the unscaled 48 × 48 pattern.
                let u = (Double(x) + 0.5 - center.x) / scale + 24, v = (Double(y) + 0.5 - center.y) / scale + 24
                guard u >= 0, v >= 0, u < 48, v < 48 else { continue }
                pixels[y * 200 + x] = modules[Int(v) / 6 * 8 + Int(u) / 6]
            }
        }
        return try LumaImage(width: 200, height: 200, pixels: pixels)
    }

    @Test("a code 15% larger than its template is located at that scale, and scores poorly at scale 1")
    func locatesAtScale() throws {
        let before = try Self.frame(center: Point(x: 84, y: 84), scale: 1)
        let template = try #require(CodeTemplate(image: before, box: Rect(x: 60, y: 60, width: 48, height: 48)))
        // The code moved by (5, 3) and grew by 15% about its centre.
        let center = Point(x: 89, y: 87), scale = 1.15
        let after = try Self.frame(center: center, scale: scale)
        let expected = center + (template.origin - Point(x: 84, y: 84)) * scale
        let scaled = try #require(template.locate(in: after, around: expected + Point(x: 3, y: -2), radius: 8, scale: scale))
        #expect(scaled.score > 0.9)
        #expect(scaled.origin.distance(to: expected) <= 2)
        let unscaled = try #require(template.locate(in: after, around: expected, radius: 8))
        #expect(unscaled.score < scaled.score - 0.2)
    }

    /// A 200 × 200 grey frame with a 1-D code of random bars 2-6 pixels wide, 120 × 60
    /// pixels, its top-left corner at (`x`, `y`).
    static func bars(x x0: Int, y y0: Int) throws -> LumaImage {
        var rng = SplitMix64(seed: 5)
        var columns: [UInt8] = [], dark = true
        while columns.count < 120 {
            columns += Array(repeating: dark ? 30 : 220, count: 2 + Int(rng.next() % 5))
            dark.toggle()
        }
        var pixels = [UInt8](repeating: 128, count: 200 * 200)
        for y in y0..<(y0 + 60) { for x in x0..<(x0 + 120) { pixels[y * 200 + x] = columns[x - x0] } }
        return try LumaImage(width: 200, height: 200, pixels: pixels)
    }

    @Test("a 1-D code moved 14 pixels along its bars: the climb along them reaches it, the 3 × 3 climb alone stops short")
    func climbsAlongBars() throws {
        let template = try #require(CodeTemplate(image: try Self.bars(x: 40, y: 40), box: Rect(x: 40, y: 40, width: 120, height: 60)))
        let after = try Self.bars(x: 40, y: 54)
        // Predicted where it was (the prediction lagging an accelerating pan).
        let expected = Point(x: 40, y: 40)
        let along = try #require(template.locate(in: after, around: expected, radius: 24, accept: 0.8, along: (0, 1)))
        let alone = try #require(template.locate(in: after, around: expected, radius: 24, accept: 0.8))
        #expect(along.origin.distance(to: Point(x: 40, y: 54)) <= 1, "\(along.origin) \(alone.origin) \(alone.score)")
        #expect(along.score > 0.95)
        #expect(alone.origin.y <= 45, "the 3 × 3 climb moves 3 pixels at most, then the score is accepted")
        #expect(alone.score >= 0.8 && alone.score < along.score)
        #expect(TrackingEngine.barDirection(of: Quadrilateral(Rect(x: 40, y: 40, width: 120, height: 60)))! == (0, 1))
    }

    @Test("scale 1 finds an unscaled move exactly")
    func locatesAtScaleOne() throws {
        let before = try Self.frame(center: Point(x: 84, y: 84), scale: 1)
        let template = try #require(CodeTemplate(image: before, box: Rect(x: 60, y: 60, width: 48, height: 48)))
        let after = try Self.frame(center: Point(x: 90, y: 80), scale: 1)
        let match = try #require(template.locate(in: after, around: Point(x: 64, y: 58), radius: 8))
        #expect(match.score > 0.99)
        #expect(match.origin == Point(x: 66, y: 56))
    }

    @Test("a code that jumped past the search radius gives no match inside it: the best placement sits on the window's edge")
    func jumpPastTheRadius() throws {
        let before = try Self.frame(center: Point(x: 70, y: 84), scale: 1)
        let template = try #require(CodeTemplate(image: before, box: Rect(x: 46, y: 60, width: 48, height: 48)))
        // The code moved 40 pixels right (the search reaches 16): part of it is in reach.
        let after = try Self.frame(center: Point(x: 110, y: 84), scale: 1)
        let expected = Point(x: 46, y: 60)
        let edge = try #require(template.locate(in: after, around: expected, radius: 16))
        #expect(!TrackingEngine.isWithinSearch(edge.origin, of: expected, radius: 16),
                "best placement \(edge.origin) (score \(edge.score)) is inside the window")
        // Within reach, the same code is found inside the window.
        let near = try #require(template.locate(in: after, around: Point(x: 76, y: 60), radius: 16))
        #expect(TrackingEngine.isWithinSearch(near.origin, of: Point(x: 76, y: 60), radius: 16))
        #expect(near.origin == Point(x: 86, y: 60))
    }
}
