@testable import BarcodeEngine
import BarcodeTracking
import SyntheticScenes
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
