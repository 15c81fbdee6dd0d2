public import BarcodeTracking
import Dispatch
import Foundation

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
    /// The most sub-frame warps averaged for motion blur.
    static let maximumSubframes = 8

    /// Renders frame `number` (from 1) and its ground truth: codes at least partly in view,
    /// `readable` set as ``PhotoCodeState/readable`` says.
    public func render(frame number: Int) -> (frame: Frame, truth: GroundTruthFrame) {
        let c = configuration, t0 = time(ofFrame: number)
        // Motion blur: average warps spread over the exposure, about one per 1.5 px of motion.
        let start = path.homography(at: t0), end = path.homography(at: t0 + c.exposure)
        let probes = [Point(x: 0, y: 0), Point(x: Double(c.width), y: 0), Point(x: 0, y: Double(c.height)),
                      Point(x: Double(c.width), y: Double(c.height)), Point(x: Double(c.width) / 2, y: Double(c.height) / 2)]
        var motion = 0.0
        if let back = start.inverse {
            let step = end.composed(after: back)
            for p in probes { motion = max(motion, step.apply(p).distance(to: p)) }
        }
        let subframes = min(Self.maximumSubframes, max(1, Int((motion / 1.5).rounded(.up))))
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
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            let y0 = band * Self.bandRows, y1 = min(height, y0 + Self.bandRows)
            let readout = c.rollingShutter * (Double(y0) + Double(Self.bandRows) / 2) / Double(height)
            // One inverse map per sub-frame, and the pyramid level whose texels are about a frame pixel.
            var maps: [(inverse: Homography, level: Int)] = []
            for s in 0..<subframes {
                let t = t0 + readout + c.exposure * (subframes == 1 ? 0.5 : Double(s) / Double(subframes - 1))
                let forward = path.homography(at: t)
                guard let inverse = forward.inverse else { continue }
                let probe = inverse.apply(Point(x: Double(width) / 2, y: Double(y0 + y1) / 2))
                let step = 1 / max(forward.scale(at: probe), 1e-9)
                let level = min(levels.count - 1, max(0, Int(log2(max(step, 1)).rounded(.down))))
                maps.append((inverse, level))
            }
            var sums = [Double](repeating: 0, count: width)
            for y in y0..<y1 {
                for i in 0..<width { sums[i] = 0 }
                for (inverse, level) in maps {
                    Self.sampleRow(levels[level], scale: 1 / Double(1 << level), inverse: inverse, y: y, into: &sums)
                }
                let k = gain / Double(max(maps.count, 1))
                let row = base.pointer + y * width
                for x in 0..<width { row[x] = UInt8(clamping: Int((sums[x] * k).rounded())) }
            }
        }
    }

    /// Adds to `sums` the canvas level's bilinear samples at the inverse image of row `y`'s pixel centres.
    private static func sampleRow(_ image: LumaImage, scale: Double, inverse h: Homography, y: Int, into sums: inout [Double]) {
        let m = h.m, fy = Double(y) + 0.5
        var X = (m[0] * 0.5 + m[1] * fy + m[2]) * scale, Y = (m[3] * 0.5 + m[4] * fy + m[5]) * scale, W = m[6] * 0.5 + m[7] * fy + m[8]
        let dX = m[0] * scale, dY = m[3] * scale, dW = m[6]
        let w = image.width, hgt = image.height, stride = image.bytesPerRow
        let maxX = Double(w - 1), maxY = Double(hgt - 1)
        image.pixels.withUnsafeBufferPointer { px in
            sums.withUnsafeMutableBufferPointer { out in
                for x in 0..<out.count {
                    defer { X += dX; Y += dY; W += dW }
                    guard W > 1e-9 else { out[x] += PhotoCanvas.outside; continue }
                    let inv = 1 / W
                    let u = X * inv - 0.5, v = Y * inv - 0.5
                    guard u >= 0, v >= 0, u < maxX, v < maxY else { out[x] += PhotoCanvas.outside; continue }
                    let ix = Int(u), iy = Int(v), ax = u - Double(ix), ay = v - Double(iy)
                    let i = iy * stride + ix
                    let top = Double(px[i]) + (Double(px[i + 1]) - Double(px[i])) * ax
                    let bottom = Double(px[i + stride]) + (Double(px[i + stride + 1]) - Double(px[i + stride])) * ax
                    out[x] += top + (bottom - top) * ay
                }
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
            buffer[i] = UInt8(clamping: Int(buffer[i]) + (((sum - 510) * gain) >> 16))
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
