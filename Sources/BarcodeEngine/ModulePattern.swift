import BarcodeDecoding
import BarcodeTracking

/// The bars a 1-D payload prints, one module at a time, and how well the pixels under a read
/// match them.
///
/// Two different EAN/UPC payloads read at one place cannot both be right, and reading again
/// settles nothing when zxing-cpp misreads the code the same way on every frame: at about 2
/// frame pixels a module its whole-pixel bar widths confuse the digits 1/7 and 2/8, and an
/// EAN-13 comes out as another UPC-A with a valid check digit, in the same rows of every frame
/// (the station scene's 4025712751794, read as 075777151194 beside its own payload in the whole
/// frame and alone in its window). The payload's own bars are an independent witness: printed
/// where the read found the code, the right payload's modules match the pixels' light and dark
/// better than a payload that differs from it in a few bar widths. This is no decoder; it only
/// ranks payloads that a decoder already read there.
struct ModulePattern: Sendable {
    /// `true` for each light module, in reading order (no quiet zone).
    let light: [Bool]

    /// The modules of `payload` printed as `symbology` (zxing-cpp's writer); `nil` when that
    /// cannot be written or holds no bars.
    init?(payload: String, symbology: Symbology) {
        guard let bitmap = try? BarcodeRenderer.render(payload, as: symbology, width: 0, height: 0, quietZone: 0),
            bitmap.width >= 8, bitmap.height >= 1
        else { return nil }
        // The middle row: an EAN/UPC's guard bars run longer below, every row holds all modules.
        let row = bitmap.height / 2
        light = (0..<bitmap.width).map { bitmap.pixels[row * bitmap.bytesPerRow + $0] >= 128 }
    }

    /// Distances (frame pixels) each end of a read is moved by, both ways, when the modules are
    /// laid over it: zxing-cpp rounds a 1-D read's ends to whole pixels and can place them a
    /// pixel or so off the first and last bar's edges.
    static let endShifts: [Double] = stride(from: -3.0, through: 3.0, by: 0.5).map { $0 }

    /// Where across the read's quad (shares from its top side to its bottom side) rows are sampled.
    static let rowShares = [0.3, 0.5, 0.7]

    /// The best Pearson correlation (−1...1) between the luma of `image` at each module's centre
    /// (the mean over ``rowShares``) and the module being light, over the ``endShifts`` of both
    /// ends of `quad` (frame pixels; the code's top-left first, its top side running in reading
    /// order); −1 when the quad is too short to hold the modules at a pixel each.
    func match(in image: LumaImage, at quad: Quadrilateral) -> Double {
        let count = light.count
        let lightShare = Double(light.count(where: { $0 })) / Double(count)
        let patternSpread = (lightShare * (1 - lightShare)).squareRoot()
        guard patternSpread > 0 else { return -1 }
        var best = -1.0
        Self.forEachSampling(of: count, in: image, at: quad) { samples in
            // Pearson correlation with a 0/1 pattern: (mean over light − mean) · share / spread.
            var sum = 0.0, squares = 0.0, lightSum = 0.0
            for m in 0..<count {
                let v = samples[m]
                sum += v
                squares += v * v
                if light[m] { lightSum += v }
            }
            let n = Double(count), mean = sum / n
            let variance = squares / n - mean * mean
            guard variance > 1e-9 else { return }
            let covariance = lightSum / n - mean * lightShare
            best = max(best, covariance / (variance.squareRoot() * patternSpread))
        }
        return best
    }

    /// Calls `body` with the luma of `image` at the centres of `count` modules laid over `quad`
    /// (frame pixels; its top side in reading order), the mean over ``rowShares``, once for each
    /// of the ``endShifts`` of both ends; never when the quad is shorter than `count` pixels.
    static func forEachSampling(of count: Int, in image: LumaImage, at quad: Quadrilateral, _ body: ([Double]) -> Void) {
        let axis = quad.topRight - quad.topLeft
        let length = (axis.x * axis.x + axis.y * axis.y).squareRoot()
        guard length >= Double(count) else { return }
        let unit = axis * (1 / length)
        let starts = rowShares.map { quad.topLeft + (quad.bottomLeft - quad.topLeft) * $0 }
        var samples = [Double](repeating: 0, count: count)
        for startShift in endShifts {
            for endShift in endShifts {
                let span = length - startShift + endShift
                guard span >= Double(count) else { continue }
                let step = unit * (span / Double(count))
                for m in 0..<count { samples[m] = 0 }
                for start in starts {
                    let first = start + unit * startShift + step * 0.5
                    for m in 0..<count {
                        samples[m] += luma(image, at: first + step * Double(m))
                    }
                }
                body(samples)
            }
        }
    }

    /// Bilinear luma of `image` at `point` (frame pixels, pixel centres at whole coordinates),
    /// clamped to the image.
    static func luma(_ image: LumaImage, at point: Point) -> Double {
        let x = max(0, min(Double(image.width - 1), point.x)), y = max(0, min(Double(image.height - 1), point.y))
        let x0 = Int(x), y0 = Int(y), x1 = min(image.width - 1, x0 + 1), y1 = min(image.height - 1, y0 + 1)
        let fx = x - Double(x0), fy = y - Double(y0), stride = image.bytesPerRow
        return image.pixels.withUnsafeBufferPointer { p in
            let top = Double(p[y0 * stride + x0]) * (1 - fx) + Double(p[y0 * stride + x1]) * fx
            let bottom = Double(p[y1 * stride + x0]) * (1 - fx) + Double(p[y1 * stride + x1]) * fx
            return top * (1 - fy) + bottom * fy
        }
    }
}
