import FrameSources
import BarcodeTracking
import Foundation
import SeededRandom

/// A smooth, seeded signal in -1...1: a sum of sinusoids with random frequencies and phases.
struct Wobble: Sendable {
    private var terms: [(frequency: Double, phase: Double, amplitude: Double)] = []

    init(_ rng: inout SplitMix64, hertz: ClosedRange<Double>, terms count: Int = 3) {
        for k in 0..<count {
            terms.append((rng.uniform(hertz), rng.uniform(0...(2 * Double.pi)), 1 / Double(k + 1)))
        }
        let total = terms.map(\.amplitude).reduce(0, +)
        for i in terms.indices { terms[i].amplitude /= total }
    }

    func callAsFunction(_ t: Double) -> Double {
        terms.reduce(0) { $0 + $1.amplitude * sin(2 * Double.pi * $1.frequency * t + $1.phase) }
    }
}

/// Where the camera is at one instant. Angles in radians.
struct CameraPose: Sendable {
    /// The canvas point (canvas pixels) that the optical axis would hit without tilt.
    var target: Point
    /// Frame pixels per canvas pixel at the target without tilt (set by the distance).
    var scale: Double
    var roll = 0.0, pitch = 0.0, yaw = 0.0
    /// Hand tremor as a shift of the image, frame pixels.
    var shift = Point.zero
}

/// The camera's motion over the canvas: a pure function of time.
struct CameraPath: Sendable {
    let configuration: PhotoSceneConfiguration
    let center: Point, extent: Size
    let readScale: Double, farScale: Double
    /// Per code: its centre (canvas pixels) and the scale at which it fills most of the frame.
    let close: [(center: Point, scale: Double)]
    let order: [Int]
    /// The median of the codes' close-up scales: the hand-held path comes no closer.
    let nearestScale: Double
    let drift: (x: Wobble, y: Wobble, zoom: Wobble, roll: Wobble, pitch: Wobble, yaw: Wobble)
    let tremor: (x: Wobble, y: Wobble, swayX: Wobble, swayY: Wobble, roll: Wobble)
    let exposureWobble: Wobble
    let period: Double
    let seed: UInt64

    init(configuration c: PhotoSceneConfiguration, codes: [PhotoCode]) {
        configuration = c
        seed = c.seed
        var rng = SplitMix64(seed: c.seed ^ 0xCA3E_7A_0000_0017)
        let corners = codes.flatMap(\.location.corners)
        let box = Rect(enclosing: corners) ?? Rect(x: 0, y: 0, width: 1, height: 1)
        center = box.center
        extent = Size(width: max(box.width, 1), height: max(box.height, 1))
        let modules = codes.map(\.modulePixels).sorted()
        let median = max(modules[modules.count / 2], 0.5)
        readScale = 3.0 / median
        farScale = 1.4 / median
        let w = Double(c.width), h = Double(c.height)
        close = codes.map { code in
            let q = code.location
            let across = max(q.topLeft.distance(to: q.topRight), 1), down = max(q.topLeft.distance(to: q.bottomLeft), 1)
            var scale = 0.8 * w / across
            if code.modulesDown != nil { scale = min(scale, 0.8 * h / down) }
            return (q.center, max(scale, 1.4 / max(code.modulePixels, 0.1)))
        }
        nearestScale = close.map(\.scale).sorted()[close.count / 2]
        var order = Array(codes.indices)
        order.shuffle(using: &rng)
        self.order = order
        // Slow drifts: a person sweeping a phone over a pallet turns it by tens of degrees
        // over several seconds, not several times a second.
        drift = (Wobble(&rng, hertz: 0.04...0.15), Wobble(&rng, hertz: 0.04...0.15), Wobble(&rng, hertz: 0.04...0.15),
                 Wobble(&rng, hertz: 0.03...0.12), Wobble(&rng, hertz: 0.03...0.15), Wobble(&rng, hertz: 0.03...0.15))
        tremor = (Wobble(&rng, hertz: 4...11, terms: 4), Wobble(&rng, hertz: 4...11, terms: 4),
                  Wobble(&rng, hertz: 0.5...2), Wobble(&rng, hertz: 0.5...2), Wobble(&rng, hertz: 3...8))
        exposureWobble = Wobble(&rng, hertz: 0.1...0.4)
        switch c.path {
        case .pan:
            // Sweep across the codes (and far enough that they leave the frame), at up to ~400 px/s.
            period = 2 * Double.pi * Self.panAmplitude(extent, readScale, w) * readScale / 400 * rng.uniform(0.9...1.1)
        case .zoom: period = rng.uniform(3.0...4.0)
        case .whip: period = rng.uniform(1.8...2.4)
        case .handheld: period = rng.uniform(1.4...1.9)
        }
    }

    private static let degree = Double.pi / 180

    /// Horizontal sweep of the pan path, canvas pixels: the codes' half-width, at least 40 % of a frame.
    private static func panAmplitude(_ extent: Size, _ scale: Double, _ width: Double) -> Double {
        max(extent.width / 2, 0.4 * width / scale)
    }

    /// The pose at time `t` (seconds).
    func pose(at t: Double) -> CameraPose {
        let c = configuration, w = Double(c.width), h = Double(c.height)
        var pose: CameraPose
        switch c.path {
        case .pan:
            let ax = Self.panAmplitude(extent, readScale, w)
            let ay = max(extent.height / 2 - 0.3 * h / readScale, 0.1 * h / readScale)
            let phase = 2 * Double.pi * t / period
            pose = CameraPose(target: Point(x: center.x + ax * sin(phase + 0.3), y: center.y + ay * sin(phase / 1.6 + 1)),
                              scale: readScale * (1 + 0.15 * drift.zoom(t)))
            pose.roll = 8 * Self.degree * drift.roll(t)
            pose.pitch = 12 * Self.degree * drift.pitch(t)
            pose.yaw = 12 * Self.degree * drift.yaw(t)
        case .zoom:
            // Far (codes barely readable) → one code filling most of the frame → far, then the next code.
            let cycles = t / period + 0.5
            let z = (1 - cos(2 * Double.pi * cycles)) / 2
            let code = close[order[Int(cycles.rounded(.down)) % close.count]]
            let target = center + (code.center - center) * z
            pose = CameraPose(target: target, scale: exp(log(farScale) + z * (log(code.scale) - log(farScale))))
            pose.roll = 10 * Self.degree * drift.roll(t)
            pose.pitch = 10 * Self.degree * drift.pitch(t)
            pose.yaw = 10 * Self.degree * drift.yaw(t)
        case .whip:
            let base = Point(x: center.x + 0.3 * extent.width * drift.x(t), y: center.y + 0.3 * extent.height * drift.y(t))
            pose = CameraPose(target: base, scale: readScale * (1 + 0.1 * drift.zoom(t)))
            // Each period: hold, then out (0.22 s), off the photos (0.26 s), back (0.22 s).
            let event = Int((t / period).rounded(.down)), local = t - Double(event) * period - (period - 0.75)
            if local > 0 {
                var rng = SplitMix64(seed: seed &+ UInt64(event) &* 0x9E37_79B9)
                let angle = rng.uniform(0...(2 * Double.pi))
                let distance = (1.2 * w + extent.width * readScale) / readScale
                let out = Self.smoothstep(local / 0.22) - Self.smoothstep((local - 0.48) / 0.22)
                pose.target = pose.target + Point(x: cos(angle), y: sin(angle)) * (distance * out)
                pose.roll += 10 * Self.degree * out * (angle < Double.pi ? 1 : -1)
            }
            pose.roll += 6 * Self.degree * drift.roll(t)
            pose.pitch = 8 * Self.degree * drift.pitch(t)
            pose.yaw = 8 * Self.degree * drift.yaw(t)
        case .handheld:
            // Scanning by hand: dwell on a code, move to the next (0.6 s), dwell again, while
            // the grip drifts in distance, roll (±25°) and tilt (±20°).
            let step = Int((t / period).rounded(.down)), local = t - Double(step) * period
            let from = close[order[step % close.count]].center, to = close[order[(step + 1) % close.count]].center
            let moved = Self.smoothstep((local - (period - 0.6)) / 0.6)
            let wander = Point(x: 0.08 * w * drift.x(t), y: 0.08 * h * drift.y(t)) * (1 / readScale)
            let scale = min(max(readScale * exp(0.2 + 0.6 * drift.zoom(t)), farScale), nearestScale)
            pose = CameraPose(target: from + (to - from) * moved + wander, scale: scale)
            pose.roll = 25 * Self.degree * drift.roll(t)
            pose.pitch = 20 * Self.degree * drift.pitch(t)
            pose.yaw = 20 * Self.degree * drift.yaw(t)
        }
        let shake = c.shake * (c.path == .handheld ? 1.5 : 1)
        // Tremor of about a pixel at 4-11 Hz and a sway of a few pixels at 0.5-2 Hz (720p, 1 = a typical hand).
        pose.shift = Point(x: shake * (tremor.x(t) + 4 * tremor.swayX(t)), y: shake * (tremor.y(t) + 4 * tremor.swayY(t)))
        pose.roll += shake * 0.4 * Self.degree * tremor.roll(t)
        return pose
    }

    /// Canvas pixels → frame pixels at time `t`.
    func homography(at t: Double) -> Homography {
        Self.homography(pose(at: t), focal: configuration.focalPixels,
                        frameCenter: Point(x: Double(configuration.width) / 2, y: Double(configuration.height) / 2))
    }

    /// A pinhole camera at distance f/scale from the canvas plane, rotated about the target:
    /// H = K · [r1 r2 t], with t = (0, 0, D) − Tx·r1 − Ty·r2, then shifted by the tremor.
    static func homography(_ p: CameraPose, focal f: Double, frameCenter: Point) -> Homography {
        let d = f / p.scale
        let (cr, sr) = (cos(p.roll), sin(p.roll)), (cp, sp) = (cos(p.pitch), sin(p.pitch)), (cy, sy) = (cos(p.yaw), sin(p.yaw))
        // R = Rz(roll) · Rx(pitch) · Ry(yaw)
        let rx: [[Double]] = [[1, 0, 0], [0, cp, -sp], [0, sp, cp]]
        let ry: [[Double]] = [[cy, 0, sy], [0, 1, 0], [-sy, 0, cy]]
        let rz: [[Double]] = [[cr, -sr, 0], [sr, cr, 0], [0, 0, 1]]
        func mul(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
            (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
        }
        let r = mul(rz, mul(rx, ry))
        let t = (0..<3).map { i in (i == 2 ? d : 0) - p.target.x * r[i][0] - p.target.y * r[i][1] }
        let cx = frameCenter.x + p.shift.x, cyf = frameCenter.y + p.shift.y
        let m = [
            f * r[0][0] + cx * r[2][0], f * r[0][1] + cx * r[2][1], f * t[0] + cx * t[2],
            f * r[1][0] + cyf * r[2][0], f * r[1][1] + cyf * r[2][1], f * t[1] + cyf * t[2],
            r[2][0], r[2][1], t[2],
        ]
        return Homography(unchecked: m.map { $0 / d })
    }

    /// Exposure gain at time `t` (auto-exposure hunting), around 1.
    func gain(at t: Double) -> Double { 1 + configuration.exposureDrift * exposureWobble(t) }

    private static func smoothstep(_ x: Double) -> Double {
        let u = min(max(x, 0), 1)
        return u * u * (3 - 2 * u)
    }
}
