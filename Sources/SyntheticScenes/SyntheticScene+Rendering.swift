import FrameSources
public import BarcodeTracking
import Foundation
import SeededRandom

/// Ground truth of one code in one frame.
public struct GroundTruthCode: Sendable, Hashable {
    /// The physical code's instance number (from 1), stable for the whole scene.
    public var instance: Int
    /// Its symbology.
    public var symbology: Symbology
    /// Its payload.
    public var payload: String
    /// The code's corners in frame pixels, its own top-left first, clockwise (quiet zone excluded).
    public var location: Quadrilateral
    /// Fraction of the code inside the frame and not occluded, 0...1.
    public var visibility: Double
    /// Whether a decoder can be expected to read the code in this frame (always true in
    /// synthetic label scenes; ``PhotoScene`` sets it from module size and motion blur).
    public var readable: Bool = true
}

/// Ground truth of one frame.
public struct GroundTruthFrame: Sendable {
    /// Frame number, from 1.
    public var number: Int
    /// Time in seconds.
    public var time: Double
    /// Every code at least partly visible.
    public var codes: [GroundTruthCode]
}

extension SyntheticScene {
    /// Renders frame `number` (1...frameCount) and its ground truth.
    public func render(frame number: Int) -> (frame: Frame, truth: GroundTruthFrame) {
        let c = configuration
        let camera = camera(atFrame: number)
        var pixels = [UInt8](repeating: 0, count: c.width * c.height)
        let occluder = occluderSpan(atFrame: number)
        pixels.withUnsafeMutableBufferPointer { buffer in
            // A station's floor stays put: its camera is fixed and only the pallets move (on
            // rollers or forks), so an empty lane looks still, as at a real dock.
            var floor = camera
            if configuration.layout == .station { floor.center = floor.frameCenter }
            drawBackground(into: buffer, camera: floor)
            for label in labels { draw(label, into: buffer, camera: camera) }
            if let occluder { drawOccluder(occluder, into: buffer) }
            applyLighting(buffer)
            if c.motionBlur >= 1 { blurRows(buffer, length: Int(c.motionBlur.rounded())) }
            if c.noise > 0 { addNoise(buffer, frame: number) }
        }
        let image = try! LumaImage(width: c.width, height: c.height, pixels: pixels) // size validated at init
        let truth = GroundTruthFrame(number: number, time: time(ofFrame: number),
                                     codes: groundTruth(camera: camera, occluder: occluder))
        return (Frame(number: number, time: time(ofFrame: number), image: image), truth)
    }

    /// Ground truth of frame `number` without rendering pixels.
    public func groundTruth(frame number: Int) -> GroundTruthFrame {
        GroundTruthFrame(number: number, time: time(ofFrame: number),
                         codes: groundTruth(camera: camera(atFrame: number), occluder: occluderSpan(atFrame: number)))
    }

    private func groundTruth(camera: Camera, occluder: ClosedRange<Double>?) -> [GroundTruthCode] {
        let bounds = Rect(x: 0, y: 0, width: Double(configuration.width), height: Double(configuration.height))
        return labels.compactMap { label in
            let r = label.codeRect
            var visible = 0
            for i in 0..<5 {
                for j in 0..<5 {
                    let p = camera.toFrame(Point(x: r.x + r.width * (Double(i) + 0.5) / 5, y: r.y + r.height * (Double(j) + 0.5) / 5))
                    if bounds.contains(p), !(occluder?.contains(p.x) ?? false) { visible += 1 }
                }
            }
            guard visible > 0 else { return nil }
            let quad = Quadrilateral(
                topLeft: camera.toFrame(Point(x: r.x, y: r.y)), topRight: camera.toFrame(Point(x: r.maxX, y: r.y)),
                bottomRight: camera.toFrame(Point(x: r.maxX, y: r.maxY)), bottomLeft: camera.toFrame(Point(x: r.x, y: r.maxY)))
            return GroundTruthCode(instance: label.instance, symbology: label.symbology, payload: label.payload,
                                   location: quad, visibility: Double(visible) / 25)
        }
    }

    /// Horizontal extent (frame pixels) of the sweeping occluder, if any.
    private func occluderSpan(atFrame number: Int) -> ClosedRange<Double>? {
        guard configuration.occlusion else { return nil }
        let w = Double(configuration.width), period = 3.5
        let phase = (time(ofFrame: number) / period).truncatingRemainder(dividingBy: 1)
        let center = w * (-0.2 + 1.4 * phase), half = w / 20
        return (center - half)...(center + half)
    }

    private func drawBackground(into buffer: UnsafeMutableBufferPointer<UInt8>, camera: Camera) {
        let (origin, stepX, stepY) = camera.inverse
        let w = configuration.width, n = 64
        texture.withUnsafeBufferPointer { tex in
            for y in 0..<configuration.height {
                var wx = origin.x + stepY.x * Double(y), wy = origin.y + stepY.y * Double(y)
                let row = y * w
                for x in 0..<w {
                    // Cardboard grain that moves with the world, 3 world pixels per texel.
                    let tx = Int((wx / 3).rounded(.down)) & (n - 1), ty = Int((wy / 3).rounded(.down)) & (n - 1)
                    buffer[row + x] = tex[ty * n + tx]
                    wx += stepX.x; wy += stepX.y
                }
            }
        }
    }

    private func draw(_ label: SyntheticLabel, into buffer: UnsafeMutableBufferPointer<UInt8>, camera: Camera) {
        let p = label.paperRect
        let corners = [Point(x: p.x, y: p.y), Point(x: p.maxX, y: p.y), Point(x: p.maxX, y: p.maxY), Point(x: p.x, y: p.maxY)]
        guard let box = Rect(enclosing: corners.map(camera.toFrame)) else { return }
        let x0 = max(0, Int(box.x.rounded(.down))), x1 = min(configuration.width - 1, Int(box.maxX.rounded(.up)))
        let y0 = max(0, Int(box.y.rounded(.down))), y1 = min(configuration.height - 1, Int(box.maxY.rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        let (origin, stepX, stepY) = camera.inverse
        let w = configuration.width
        for y in y0...y1 {
            // Sample pixel centres.
            var wx = origin.x + stepY.x * (Double(y) + 0.5) + stepX.x * (Double(x0) + 0.5)
            var wy = origin.y + stepY.y * (Double(y) + 0.5) + stepX.y * (Double(x0) + 0.5)
            for x in x0...x1 {
                if wx >= p.x, wx < p.maxX, wy >= p.y, wy < p.maxY {
                    buffer[y * w + x] = UInt8(label.sample(atWorldX: wx, y: wy))
                }
                wx += stepX.x; wy += stepX.y
            }
        }
    }

    private func drawOccluder(_ span: ClosedRange<Double>, into buffer: UnsafeMutableBufferPointer<UInt8>) {
        let w = configuration.width
        let x0 = max(0, Int(span.lowerBound)), x1 = min(w - 1, Int(span.upperBound))
        guard x0 <= x1 else { return }
        for y in 0..<configuration.height {
            for x in x0...x1 { buffer[y * w + x] = 45 }
        }
    }

    private func applyLighting(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        let strength = configuration.unevenLighting
        guard strength > 0 else { return }
        let w = configuration.width, h = configuration.height
        for y in 0..<h {
            let rowFactor = 0.3 * Double(y) / Double(h)
            for x in 0..<w {
                let gain = 1 - strength * (0.7 * Double(x) / Double(w) + rowFactor)
                buffer[y * w + x] = UInt8(Double(buffer[y * w + x]) * gain)
            }
        }
    }

    private func blurRows(_ buffer: UnsafeMutableBufferPointer<UInt8>, length: Int) {
        let w = configuration.width
        var row = [Int](repeating: 0, count: w)
        for y in 0..<configuration.height {
            for x in 0..<w { row[x] = Int(buffer[y * w + x]) }
            var sum = 0, count = 0
            for x in 0..<(w + length / 2) {
                if x < w { sum += row[x]; count += 1 }
                let out = x - length / 2
                if out - (length - length / 2) >= 0 { sum -= row[out - (length - length / 2)]; count -= 1 }
                if out >= 0 { buffer[y * w + out] = UInt8(sum / count) }
            }
        }
    }

    private func addNoise(_ buffer: UnsafeMutableBufferPointer<UInt8>, frame: Int) {
        var rng = SplitMix64(seed: configuration.seed ^ (UInt64(frame) &* 0xD1B5_4A32_D192_ED03))
        // Irwin–Hall(4) of random bytes approximates a Gaussian with sd ≈ 147.8; fixed point 16.16.
        let gain = Int(configuration.noise / 147.8 * 65536)
        for i in 0..<buffer.count {
            let r = rng.next()
            let sum = Int(r & 0xFF) + Int((r >> 8) & 0xFF) + Int((r >> 16) & 0xFF) + Int((r >> 24) & 0xFF)
            let v = Int(buffer[i]) + (((sum - 510) * gain) >> 16)
            buffer[i] = UInt8(clamping: v)
        }
    }
}
