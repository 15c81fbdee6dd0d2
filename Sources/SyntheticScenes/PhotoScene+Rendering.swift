import FrameSources
public import BarcodeTracking
import Dispatch
import Foundation
import SeededRandom

/// What the ground truth knows about one code of a ``PhotoScene`` in one frame.
public struct PhotoCodeState: Sendable, Hashable {
    /// The code's instance number (``PhotoCode/instance``).
    public var instance: Int
    /// Its corners in frame pixels at mid-exposure, its own top-left first, clockwise.
    public var location: Quadrilateral
    /// Fraction of the code inside the frame, 0...1 (a 5×5 grid of points on the code).
    public var visibility: Double
    /// One module's size in frame pixels (the smaller direction for 2-D codes).
    public var modulePixels: Double
    /// How far the code moves during the exposure, in modules (across the bars for linear codes).
    public var blurModules: Double
    /// Whether a decoder can be expected to read it: wholly inside the frame, modules of at
    /// least ``PhotoScene/minimumReadableModulePixels`` and blur below ``PhotoScene/maximumReadableBlurModules``.
    public var readable: Bool
}

extension PhotoScene {
    /// The most sub-frame warps averaged for motion blur (each costs a full warp; beyond a few
    /// the code is smeared past reading anyway, so more copies would only cost time).
    static let maximumSubframes = 5

    /// Renders frame `number` (from 1) and its ground truth: codes at least partly in view,
    /// `readable` set as ``PhotoCodeState/readable`` says.
    public func render(frame number: Int) -> (frame: Frame, truth: GroundTruthFrame) {
        let c = configuration, t0 = time(ofFrame: number)
        // Motion blur: average warps spread over the exposure, about one per 2 px of motion.
        let start = path.homography(at: t0), end = path.homography(at: t0 + c.exposure)
        let probes = [Point(x: 0, y: 0), Point(x: Double(c.width), y: 0), Point(x: 0, y: Double(c.height)),
                      Point(x: Double(c.width), y: Double(c.height)), Point(x: Double(c.width) / 2, y: Double(c.height) / 2)]
        var motion = 0.0
        if let back = start.inverse {
            let step = end.composed(after: back)
            for p in probes { motion = max(motion, step.apply(p).distance(to: p)) }
        }
        let subframes = min(Self.maximumSubframes, max(1, Int((motion / 2).rounded(.up))))
        let gain = path.gain(at: t0 + c.exposure / 2)
        var pixels = [UInt8](repeating: 0, count: c.width * c.height)
        pixels.withUnsafeMutableBufferPointer { buffer in
            warp(into: buffer, start: t0, subframes: subframes, gain: gain)
            if c.noise > 0 { addNoise(buffer, frame: number) }
        }
        let image = try! LumaImage(width: c.width, height: c.height, pixels: pixels)  // size validated at init
        let truth = groundTruth(frame: number)
        return (Frame(number: number, time: t0, image: image), truth)
    }

    /// Ground truth of frame `number` without rendering pixels.
    public func groundTruth(frame number: Int) -> GroundTruthFrame {
        let states = codeStates(frame: number)
        return GroundTruthFrame(number: number, time: time(ofFrame: number), codes: states.map { state in
            let code = codes[state.instance - 1]
            return GroundTruthCode(instance: state.instance, symbology: code.symbology, payload: code.payload,
                                   location: state.location, visibility: state.visibility, readable: state.readable)
        })
    }

    /// Every code at least partly in view in frame `number`, with its size, blur and readability.
    public func codeStates(frame number: Int) -> [PhotoCodeState] {
        let c = configuration, t0 = time(ofFrame: number)
        let frame = Rect(x: 0, y: 0, width: Double(c.width), height: Double(c.height))
        // The rows of a rolling shutter are exposed one after another: find the code's row first.
        let middle = path.homography(at: t0 + c.exposure / 2)
        return codes.compactMap { code in
            var readout = 0.0
            if c.rollingShutter > 0 {
                let row = min(max(middle.apply(code.location.center).y / Double(c.height), 0), 1)
                readout = row * c.rollingShutter
            }
            let h = c.rollingShutter > 0 ? path.homography(at: t0 + c.exposure / 2 + readout) : middle
            let q = code.location
            guard q.corners.allSatisfy({ h.w($0) > 0 }) else { return nil }
            var inside = 0
            for i in 0..<5 {
                for j in 0..<5 {
                    let u = (Double(i) + 0.5) / 5, v = (Double(j) + 0.5) / 5
                    let top = q.topLeft + (q.topRight - q.topLeft) * u, bottom = q.bottomLeft + (q.bottomRight - q.bottomLeft) * u
                    if frame.contains(h.apply(top + (bottom - top) * v)) { inside += 1 }
                }
            }
            guard inside > 0 else { return nil }
            let location = h.apply(q)
            let module = PhotoCode.moduleSize(of: location, across: code.modulesAcross, down: code.modulesDown)
            let first = path.homography(at: t0 + readout), last = path.homography(at: t0 + c.exposure + readout)
            let along = location.topRight - location.topLeft
            let length = max((along.x * along.x + along.y * along.y).squareRoot(), 1e-9)
            var blur = 0.0
            for p in q.corners {
                let d = last.apply(p) - first.apply(p)
                blur = max(blur, code.modulesDown == nil ? abs(d.x * along.x + d.y * along.y) / length : (d.x * d.x + d.y * d.y).squareRoot())
            }
            let blurModules = blur / max(module, 1e-9)
            let whole = location.corners.allSatisfy { frame.contains($0) }
            return PhotoCodeState(instance: code.instance, location: location, visibility: Double(inside) / 25,
                                  modulePixels: module, blurModules: blurModules,
                                  readable: whole && module >= Self.minimumReadableModulePixels && blurModules < Self.maximumReadableBlurModules)
        }
    }

    // MARK: Pixels

    /// Rows are rendered in bands of this many; each band has one warp per sub-frame
    /// (a rolling shutter gives each band its own instant).
    private static let bandRows = 16

    /// The mean of `subframes` warps spread over the exposure, times `gain`.
    private func warp(into buffer: UnsafeMutableBufferPointer<UInt8>, start t0: Double, subframes: Int, gain: Double) {
        let c = configuration, width = c.width, height = c.height
        let bands = (height + Self.bandRows - 1) / Self.bandRows
        let base = UnsafeSendablePointer(buffer.baseAddress!)
        let levels = canvas.levels
        // Without a rolling shutter every band shares the same instants: build those maps once.
        let subframeTime: @Sendable (Int, Double) -> Double = { s, readout in
            t0 + readout + c.exposure * (subframes == 1 ? 0.5 : Double(s) / Double(subframes - 1))
        }
        let shared = c.rollingShutter > 0 ? nil : (0..<subframes).compactMap { s in path.homography(at: subframeTime(s, 0)).inverse }
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            let y0 = band * Self.bandRows, y1 = min(height, y0 + Self.bandRows)
            let readout = c.rollingShutter * (Double(y0) + Double(Self.bandRows) / 2) / Double(height)
            let inverses = shared ?? (0..<subframes).compactMap { s in path.homography(at: subframeTime(s, readout)).inverse }
            // Per sub-frame, the pyramid level whose texels are about a frame pixel in this band.
            // (The inverse's magnification is canvas pixels per frame pixel.)
            let maps = inverses.map { inverse -> (inverse: Homography, level: Int) in
                let step = inverse.scale(at: Point(x: Double(width) / 2, y: Double(y0 + y1) / 2))
                return (inverse, min(levels.count - 1, max(0, Int(log2(max(step, 1)).rounded(.down)))))
            }
            var sums = [Float](repeating: 0, count: width)
            for y in y0..<y1 {
                for i in 0..<width { sums[i] = 0 }
                for (inverse, level) in maps {
                    Self.sampleRow(levels[level], scale: 1 / Double(1 << level), inverse: inverse, y: y, into: &sums)
                }
                let k = Float(gain / Double(max(maps.count, 1)))
                let row = base.pointer + y * width
                for x in 0..<width { row[x] = UInt8(clamping: Int(sums[x] * k + 0.5)) }
            }
        }
    }

    /// Adds to `sums` the canvas level's bilinear samples at the inverse image of row `y`'s pixel centres.
    /// (Single precision is plenty within a row: canvas coordinates stay below 2^14 texels.)
    private static func sampleRow(_ image: LumaImage, scale: Double, inverse h: Homography, y: Int, into sums: inout [Float]) {
        let m = h.m, fy = Double(y) + 0.5
        // Row start and per-pixel steps in double precision, then each pixel from its index,
        // so rounding does not accumulate along the row.
        let X0 = (m[0] * 0.5 + m[1] * fy + m[2]) * scale, Y0 = (m[3] * 0.5 + m[4] * fy + m[5]) * scale, W0 = m[6] * 0.5 + m[7] * fy + m[8]
        let dX = m[0] * scale, dY = m[3] * scale, dW = m[6]
        let stride = image.bytesPerRow
        let maxX = Float(image.width - 1), maxY = Float(image.height - 1), outside = Float(PhotoCanvas.outside)
        image.pixels.withUnsafeBufferPointer { px in
            sums.withUnsafeMutableBufferPointer { out in
                for x in 0..<out.count {
                    let fx = Double(x)
                    let W = W0 + dW * fx
                    guard W > 1e-9 else { out[x] += outside; continue }
                    let inv = 1 / W
                    let u = Float((X0 + dX * fx) * inv) - 0.5, v = Float((Y0 + dY * fx) * inv) - 0.5
                    guard u >= 0, v >= 0, u < maxX, v < maxY else { out[x] += outside; continue }
                    let ix = Int(u), iy = Int(v), ax = u - Float(ix), ay = v - Float(iy)
                    let i = iy * stride + ix
                    let p00 = Float(px[i]), p10 = Float(px[i + 1]), p01 = Float(px[i + stride]), p11 = Float(px[i + stride + 1])
                    let top = p00 + (p10 - p00) * ax, bottom = p01 + (p11 - p01) * ax
                    out[x] += top + (bottom - top) * ay
                }
            }
        }
    }

    private func addNoise(_ buffer: UnsafeMutableBufferPointer<UInt8>, frame: Int) {
        var rng = SplitMix64(seed: configuration.seed ^ (UInt64(frame) &* 0xD1B5_4A32_D192_ED03))
        // Irwin–Hall(4) of random bytes approximates a Gaussian with sd ≈ 147.8; fixed point 16.16.
        let gain = Int(configuration.noise / 147.8 * 65536)
        // Two pixels per 64 random bits.
        for i in stride(from: 0, to: buffer.count, by: 2) {
            let r = rng.next()
            let a = Int(r & 0xFF) + Int((r >> 8) & 0xFF) + Int((r >> 16) & 0xFF) + Int((r >> 24) & 0xFF)
            buffer[i] = UInt8(clamping: Int(buffer[i]) + (((a - 510) * gain) >> 16))
            guard i + 1 < buffer.count else { break }
            let b = Int((r >> 32) & 0xFF) + Int((r >> 40) & 0xFF) + Int((r >> 48) & 0xFF) + Int(r >> 56)
            buffer[i + 1] = UInt8(clamping: Int(buffer[i + 1]) + (((b - 510) * gain) >> 16))
        }
    }
}

/// A raw pointer handed to `concurrentPerform`'s bands.
///
/// `@unchecked Sendable` is sound here: each band writes only its own rows
/// (`y0..<y1`, disjoint by construction), and `concurrentPerform` returns only
/// after every band has finished, so the buffer outlives every access.
private struct UnsafeSendablePointer: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<UInt8>
    init(_ pointer: UnsafeMutablePointer<UInt8>) { self.pointer = pointer }
}
