import BarcodeTracking
import TestSupport
import Testing

struct LumaImageReductionTests {
    @Test("reduced(by:) averages each factor × factor block (rounded), honours the row stride and drops partial blocks")
    func blockMeans() throws {
        // 5 × 3 pixels in rows of 8 bytes (the padding holds 99, which must not be read).
        let rows: [[UInt8]] = [[0, 2, 10, 20, 7], [1, 2, 30, 41, 7], [9, 9, 9, 9, 9]]
        let pixels: [UInt8] = rows.flatMap { $0 + [99, 99, 99] }
        let image = try LumaImage(width: 5, height: 3, bytesPerRow: 8, pixels: pixels)
        let half = image.reduced(by: 2)
        #expect(half.width == 2 && half.height == 1 && half.bytesPerRow == 2)
        // (0+2+1+2)/4 = 1.25 → 1; (10+20+30+41)/4 = 25.25 → 25.
        #expect(half.pixels == [1, 25])
        // Another factor: 3 × 3 blocks, (0+2+10 + 1+2+30 + 9+9+9)/9 = 8.
        #expect(image.reduced(by: 3).pixels == [8])
        #expect(image.reduced(by: 1) == image)
        // Smaller than one block: unchanged.
        #expect(image.reduced(by: 4) == image)
    }

    @Test("reduced(by:) equals the rounded mean of each block, computed pixel by pixel, for factors 2 to 8 on a padded image")
    func blockMeansOfEveryFactor() throws {
        let (width, height, stride) = (61, 43, 67)
        let image = try NoiseImages.image(width: width, height: height, bytesPerRow: stride, seed: 12345)
        let pixels = image.pixels
        for factor in 2...8 {
            let reduced = image.reduced(by: factor)
            let (w, h) = (width / factor, height / factor)
            #expect(reduced.width == w && reduced.height == h)
            var expected: [UInt8] = []
            for y in 0..<h {
                for x in 0..<w {
                    var sum = 0
                    for dy in 0..<factor { for dx in 0..<factor { sum += Int(pixels[(y * factor + dy) * stride + x * factor + dx]) } }
                    expected.append(UInt8((sum + factor * factor / 2) / (factor * factor)))
                }
            }
            #expect(Array(reduced.pixels.prefix(w * h)) == expected, "factor \(factor)")
        }
    }

    @Test("A point of a reduced image scaled by the factor lands on the same place of the full image")
    func scaledLocations() {
        let quad = Quadrilateral(topLeft: Point(x: 10, y: 20), topRight: Point(x: 40, y: 20),
                                 bottomRight: Point(x: 40, y: 50), bottomLeft: Point(x: 10, y: 50))
        let scaled = quad.scaled(by: 2)
        #expect(scaled.corners == [Point(x: 20, y: 40), Point(x: 80, y: 40), Point(x: 80, y: 100), Point(x: 20, y: 100)])
        let detection = Detection(barcode: Barcode(symbology: .qrCode, data: "A", bytes: [65], location: quad)).scaled(by: 3)
        #expect(detection.location.topRight == Point(x: 120, y: 60))
        #expect(detection.barcode?.location.bottomLeft == Point(x: 30, y: 150))
    }
}
