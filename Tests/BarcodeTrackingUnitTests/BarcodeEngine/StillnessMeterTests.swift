@testable import BarcodeEngine
import BarcodeTracking
import TestSupport
import Testing

/// ``StillnessMeter`` tells a still view (sensor noise only) from one where something moves.
struct StillnessMeterTests {
    /// A 320 × 240 grey frame with seeded noise of about ±`noise` grey levels and a dark
    /// 40 × 40 box at `boxX`.
    static func image(seed: UInt64, noise: Int, boxX: Int?) throws -> LumaImage {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        var pixels = [UInt8](repeating: 0, count: 320 * 240)
        for i in pixels.indices {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            let inBox = boxX.map { (i % 320) >= $0 && (i % 320) < $0 + 40 && (i / 320) >= 100 && (i / 320) < 140 } ?? false
            pixels[i] = UInt8((inBox ? 40 : 150) + Int(state % UInt64(2 * noise + 1)) - noise)
        }
        return try LumaImage(width: 320, height: 240, pixels: pixels)
    }

    @Test("Frames that differ only by noise are still, counted from the second frame, in one spell")
    func noiseIsStill() throws {
        var meter = StillnessMeter()
        let spells = try (0..<10).map { n -> Double? in meter.measure(StillnessMeter.blockMeans(try Self.image(seed: UInt64(n), noise: 6, boxX: 100)), at: Double(n) / 10) }
        #expect(spells[0] == nil)
        #expect(spells.dropFirst().allSatisfy { $0 != nil })
        #expect(abs((spells[9] ?? 0) - 0.8) < 1e-9)
        #expect(meter.spell == 1)
    }

    @Test("A box moving 8 px a frame makes the view move; a new still spell starts when it stops")
    func motionEndsASpell() throws {
        var meter = StillnessMeter()
        var results: [Double?] = []
        for n in 0..<12 {
            let x = n < 3 ? 100 : n < 7 ? 100 + 8 * (n - 2) : 132
            results.append(meter.measure(StillnessMeter.blockMeans(try Self.image(seed: UInt64(n), noise: 3, boxX: x)), at: Double(n)))
        }
        #expect(results[1] != nil && results[2] != nil, "still before the box moves")
        #expect(results[3...6].allSatisfy { $0 == nil }, "\(results)")
        #expect(results[7] == 0 && results[11] == 4, "\(results)")
        #expect(meter.spell == 2)
    }

    @Test("blockMeans is the rounded mean of every other row of each whole 8 × 8 block, pixel by pixel, on a padded image of any bytes")
    func blockMeansArePixelMeans() throws {
        let (width, height, rowBytes) = (205, 67, 211)
        let image = try NoiseImages.image(width: width, height: height, bytesPerRow: rowBytes, seed: 99)
        let pixels = image.pixels
        var expected: [UInt8] = []
        for y in 0..<(height / 8) {
            for x in 0..<(width / 8) {
                var sum = 0
                for dy in stride(from: 0, to: 8, by: 2) { for dx in 0..<8 { sum += Int(pixels[(y * 8 + dy) * rowBytes + x * 8 + dx]) } }
                expected.append(UInt8((sum + 16) / 32))
            }
        }
        let means = StillnessMeter.blockMeans(image)
        #expect(means.width == width / 8 && means.height == height / 8)
        #expect(means.pixels == expected)
        // All white: 255, with no lane overflowing into the next.
        #expect(StillnessMeter.blockMeans(try LumaImage(width: 64, height: 16, filledWith: 255)).pixels == [UInt8](repeating: 255, count: 16))
    }
}
