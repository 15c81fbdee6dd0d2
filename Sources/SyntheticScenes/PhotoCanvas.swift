import FrameSources
import BarcodeTracking
import Foundation
import SeededRandom

/// The plane a ``PhotoScene``'s camera looks at: photos pasted on a cardboard-grey
/// background, with a pyramid of half-size copies so that a far view averages the
/// photo's pixels as a lens does instead of aliasing. Coordinates are canvas pixels
/// (level 0), origin top-left, y down.
struct PhotoCanvas: Sendable {
    /// Level 0 is the canvas; level k is 2^k times smaller.
    let levels: [LumaImage]
    /// Grey beyond the canvas edge (the floor around the pallet).
    static let outside: Double = 70

    init(width: Int, height: Int, seed: UInt64, photos: [(image: LumaImage, origin: (x: Int, y: Int))]) throws(SourceError) {
        var base: LumaImage
        do { base = try LumaImage(width: width, height: height, filledWith: 0) } catch {
            throw SourceError(.invalidArgument, "photo canvas \(width)x\(height) is too large; use fewer or smaller photos")
        }
        Self.paintCardboard(&base, seed: seed)
        for (image, origin) in photos {
            for y in 0..<image.height {
                let dst = (origin.y + y) * base.bytesPerRow + origin.x, src = y * image.bytesPerRow
                base.pixels.replaceSubrange(dst..<(dst + image.width), with: image.pixels[src..<(src + image.width)])
            }
        }
        var levels = [base]
        while let last = levels.last, last.width >= 64, last.height >= 64, levels.count < 7 {
            levels.append(last.reduced(by: 2))
        }
        self.levels = levels
    }

    var width: Int { levels[0].width }
    var height: Int { levels[0].height }

    /// Cardboard: a soft mottle (8-texel cells, bilinear) plus grain, around grey 135.
    private static func paintCardboard(_ image: inout LumaImage, seed: UInt64) {
        var rng = SplitMix64(seed: seed ^ 0xCA4D_B0A4_D000_0001)
        let cell = 48, cw = image.width / cell + 2, ch = image.height / cell + 2
        let mottle = (0..<(cw * ch)).map { _ in Double(rng.next() % 30) }
        for y in 0..<image.height {
            let fy = Double(y) / Double(cell), y0 = Int(fy), ay = fy - Double(y0)
            for x in 0..<image.width {
                let fx = Double(x) / Double(cell), x0 = Int(fx), ax = fx - Double(x0)
                let m = (mottle[y0 * cw + x0] * (1 - ax) + mottle[y0 * cw + x0 + 1] * ax) * (1 - ay)
                    + (mottle[(y0 + 1) * cw + x0] * (1 - ax) + mottle[(y0 + 1) * cw + x0 + 1] * ax) * ay
                image.pixels[y * image.bytesPerRow + x] = UInt8(120 + m + Double(rng.next() % 12))
            }
        }
    }

    /// `image` resized by `factor` (< 1): each output pixel the mean of the input pixels it covers.
    static func shrunk(_ image: LumaImage, by factor: Double) -> LumaImage {
        let w = max(1, Int((Double(image.width) * factor).rounded())), h = max(1, Int((Double(image.height) * factor).rounded()))
        let sx = Double(image.width) / Double(w), sy = Double(image.height) / Double(h)
        var pixels = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            let y0 = Int(Double(y) * sy), y1 = max(y0 + 1, min(image.height, Int(Double(y + 1) * sy)))
            for x in 0..<w {
                let x0 = Int(Double(x) * sx), x1 = max(x0 + 1, min(image.width, Int(Double(x + 1) * sx)))
                var sum = 0
                for yy in y0..<y1 { for xx in x0..<x1 { sum += Int(image.pixels[yy * image.bytesPerRow + xx]) } }
                pixels[y * w + x] = UInt8(sum / ((y1 - y0) * (x1 - x0)))
            }
        }
        return try! LumaImage(width: w, height: h, pixels: pixels)  // w, h ≥ 1
    }
}
