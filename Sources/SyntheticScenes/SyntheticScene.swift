public import FrameSources
public import BarcodeTracking
import Foundation
import SeededRandom

/// A deterministic synthetic video of barcode labels with exact ground truth.
///
/// World coordinates are pixels on the pallet face (or belt) at zoom 1; frame
/// coordinates are pixels of the rendered frame. `render(frame:)` is a pure
/// function of the configuration and the frame number.
public struct SyntheticScene: Sendable {
    /// The configuration the scene was built from.
    public let configuration: SyntheticSceneConfiguration
    /// The labels, in instance order.
    public let labels: [SyntheticLabel]
    let texture: [UInt8]
    /// Where a station scene's belt stops (belt travel in world pixels) and for how long (seconds), in order.
    let stops: [(position: Double, duration: Double)]
    private static let textureSize = 64

    /// Builds the scene: renders each label's code with zxing-cpp and lays the labels out.
    ///
    /// With `labelPhotos`, every other label (the 1st, 3rd, …) is one of those cut-outs of real
    /// photos instead of a drawn code, each used once in an order the seed shuffles; once they are
    /// all used, the labels are drawn.
    /// - Throws: ``SourceError`` when a value is out of range or the labels do not fit the view.
    public init(_ configuration: SyntheticSceneConfiguration, labelPhotos: [LabelPhoto] = []) throws(SourceError) {
        try configuration.validate()
        self.configuration = configuration
        var rng = SplitMix64(seed: configuration.seed)
        var photos = labelPhotos
        var photoRNG = SplitMix64(seed: configuration.seed ^ 0x1ABE_1F07_0000_0001)
        photos.shuffle(using: &photoRNG)
        var labels: [SyntheticLabel] = []
        for index in 0..<configuration.codeCount {
            if index % 2 == 0, !photos.isEmpty {
                labels.append(SyntheticLabel(instance: index + 1, photo: photos.removeLast(), origin: .zero))
                continue
            }
            let symbology = configuration.symbologies[index % configuration.symbologies.count]
            let payload = SyntheticLabel.payload(for: symbology, instance: index + 1, rng: &rng)
            labels.append(try SyntheticLabel(instance: index + 1, symbology: symbology, payload: payload,
                                             modulePixels: configuration.modulePixels, origin: .zero))
        }
        try Self.layOut(&labels, configuration, &rng)
        self.labels = labels
        stops = configuration.layout == .station ? Self.stops(of: labels, configuration, &rng) : []
        texture = (0..<(Self.textureSize * Self.textureSize)).map { _ in UInt8(120 + rng.next() % 40) }
    }

    /// Time of frame `number` (from 1) in seconds.
    public func time(ofFrame number: Int) -> Double { Double(number - 1) / configuration.frameRate }

    // MARK: Camera

    /// The world → frame mapping at one instant.
    struct Camera {
        var center: Point, scale: Double, angle: Double, frameCenter: Point

        func toFrame(_ w: Point) -> Point {
            let dx = (w.x - center.x) * scale, dy = (w.y - center.y) * scale
            let c = cos(angle), s = sin(angle)
            return Point(x: c * dx - s * dy + frameCenter.x, y: s * dx + c * dy + frameCenter.y)
        }

        /// Inverse as world = origin + x * stepX + y * stepY for frame pixel (x, y).
        var inverse: (origin: Point, stepX: Point, stepY: Point) {
            let c = cos(-angle) / scale, s = sin(-angle) / scale
            let stepX = Point(x: c, y: s), stepY = Point(x: -s, y: c)
            let origin = Point(x: center.x - (c * frameCenter.x - s * frameCenter.y),
                               y: center.y - (s * frameCenter.x + c * frameCenter.y))
            return (origin, stepX, stepY)
        }
    }

    func camera(atFrame number: Int) -> Camera {
        let c = configuration, t = time(ofFrame: number)
        let w = Double(c.width), h = Double(c.height)
        var shakeRNG = SplitMix64(seed: c.seed &* 0x9E37_79B9 ^ UInt64(number))
        let shake = Point(x: shakeRNG.gaussian() * c.shake, y: shakeRNG.gaussian() * c.shake)
        let frameCenter = Point(x: w / 2, y: h / 2) + shake
        switch c.layout {
        case .pallet:
            let phase = 2 * Double.pi * t / c.panPeriod
            let center = Point(x: w / 2 + c.panAmplitude * sin(phase), y: h / 2 + 0.5 * c.panAmplitude * sin(phase / 1.7))
            let scale = 1 + c.zoomAmplitude * sin(phase / 2.3)
            let angle = c.rotationAmplitude * Double.pi / 180 * sin(phase / 3.1)
            return Camera(center: center, scale: scale, angle: angle, frameCenter: frameCenter)
        case .conveyor:
            return Camera(center: Point(x: w / 2 - c.beltSpeed * t, y: h / 2), scale: 1, angle: 0, frameCenter: frameCenter)
        case .station:
            return Camera(center: Point(x: w / 2 - beltTravel(at: t), y: h / 2), scale: 1, angle: 0, frameCenter: frameCenter)
        }
    }

    // MARK: Layout

    private static func layOut(_ labels: inout [SyntheticLabel], _ c: SyntheticSceneConfiguration, _ rng: inout SplitMix64) throws(SourceError) {
        guard !labels.isEmpty else { return }
        let gap = 6 * c.modulePixels
        let w = Double(c.width), h = Double(c.height)
        switch c.layout {
        case .pallet:
            // Keep every label in view at the pan, zoom and roll extremes.
            let shrink = 1 - c.zoomAmplitude
            let roll = sin(c.rotationAmplitude * Double.pi / 180)
            let usableW = (w * 0.94 - 2 * c.panAmplitude) * shrink - roll * h
            let usableH = (h * 0.94 - c.panAmplitude) * shrink - roll * w
            // Shelf packing in a shuffled order: rows as wide as the view allows.
            var order = Array(labels.indices)
            order.shuffle(using: &rng)
            var rows: [[Int]] = [[]], rowWidth = 0.0
            for index in order {
                let width = labels[index].paperRect.width + gap
                if rowWidth + width > usableW, !rows[rows.count - 1].isEmpty {
                    rows.append([])
                    rowWidth = 0
                }
                rows[rows.count - 1].append(index)
                rowWidth += width
            }
            let rowHeights = rows.map { row in row.map { labels[$0].paperRect.height + gap }.max() ?? 0 }
            let widest = rows.map { row in row.map { labels[$0].paperRect.width + gap }.reduce(0, +) }.max() ?? 0
            let total = rowHeights.reduce(0, +)
            guard widest <= usableW, total <= usableH else {
                throw SourceError(.invalidArgument,
                    "\(labels.count) labels do not fit a \(c.width)x\(c.height) pallet view; use fewer codes, a smaller module size or a larger frame")
            }
            var top = (h - total) / 2 + rng.uniform(0...((usableH - total) / 4))
            for (row, height) in zip(rows, rowHeights) {
                let used = row.map { labels[$0].paperRect.width + gap }.reduce(0, +)
                let spare = (usableW - used) / Double(row.count + 1)
                var left = (w - usableW) / 2 + spare
                for index in row {
                    let dy = rng.uniform(0...(height - labels[index].paperRect.height - gap))
                    labels[index].move(to: Point(x: left, y: top + dy))
                    left += labels[index].paperRect.width + gap + spare
                }
                top += height
            }
        case .conveyor:
            // Each label gets a cell of its lane with room for a random offset, so
            // labels never overlap (an overlap would hide part of a code).
            let cellW = (labels.map(\.paperRect.width).max()! + gap) * 1.3, cellH = labels.map(\.paperRect.height).max()! + gap
            let lanes = max(1, Int(h * 0.9 / cellH))
            let top = (h - Double(lanes) * cellH) / 2
            for index in labels.indices {
                let lane = index % lanes, slot = index / lanes
                let spareY = cellH - labels[index].paperRect.height
                let spareX = cellW - gap - labels[index].paperRect.width
                let x = -cellW * Double(slot + 1) + rng.uniform(0...spareX)
                labels[index].move(to: Point(x: x, y: top + Double(lane) * cellH + rng.uniform(0...spareY)))
            }
        case .station:
            layOutPallets(&labels, c, &rng)
        }
    }

    /// The belt's travel (world pixels) at time `t`: at ``SyntheticSceneConfiguration/beltSpeed``,
    /// standing still at each stop for its duration.
    func beltTravel(at t: Double) -> Double {
        let speed = configuration.beltSpeed
        var position = 0.0, clock = 0.0
        for stop in stops {
            let arrival = clock + (stop.position - position) / speed
            if t < arrival { return position + (t - clock) * speed }
            if t < arrival + stop.duration { return stop.position }
            (position, clock) = (stop.position, arrival + stop.duration)
        }
        return position + (t - clock) * speed
    }

    /// The stops of a stop-and-go station: each pallet, with ``SyntheticSceneConfiguration/stopProbability``,
    /// stops for 2 to 8 s when its middle is in the middle of the view.
    private static func stops(of labels: [SyntheticLabel], _ c: SyntheticSceneConfiguration,
                              _ rng: inout SplitMix64) -> [(position: Double, duration: Double)] {
        let pallets = Dictionary(grouping: labels, by: \.pallet)
        return pallets.keys.sorted().compactMap { pallet in
            let stops = rng.uniform(0...1) < c.stopProbability
            let duration = rng.uniform(2...8)
            guard stops, let members = pallets[pallet] else { return nil }
            let middle = (members.map(\.paperRect.x).min()! + members.map { $0.paperRect.x + $0.paperRect.width }.max()!) / 2
            // A frame shows world x at x + travel: the pallet's middle is mid-view at travel w/2 - middle.
            return (Double(c.width) / 2 - middle, duration)
        }
    }

    /// Pallets of 1 to 6 labels (fewer when no more fit 90% of the view's width), one behind the
    /// other on the belt (entering from the left), each pallet a block of lanes and columns, the next pallet entering the view 0.5 to 10 s after
    /// the last label of the one before has left it.
    private static func layOutPallets(_ labels: inout [SyntheticLabel], _ c: SyntheticSceneConfiguration, _ rng: inout SplitMix64) {
        let gap = 6 * c.modulePixels
        let w = Double(c.width), h = Double(c.height)
        let cellW = labels.map(\.paperRect.width).max()! + gap, cellH = labels.map(\.paperRect.height).max()! + gap
        let lanes = max(1, min(3, Int(h * 0.9 / cellH)))
        let top = (h - Double(lanes) * cellH) / 2
        var right = 0.0, index = 0, pallet = 0
        while index < labels.count {
            pallet += 1
            // A pallet is narrower than the view: as many labels as fit its lanes and 90% of its width.
            let fit = lanes * max(1, Int(w * 0.9 / cellW))
            let size = min(labels.count - index, 1 + Int(rng.next() % 6), fit)
            let columns = (size + lanes - 1) / lanes
            for member in 0..<size {
                let lane = member % lanes, column = member / lanes
                let spareX = cellW - gap - labels[index].paperRect.width
                let spareY = cellH - labels[index].paperRect.height
                let x = right - cellW * Double(column + 1) + rng.uniform(0...spareX)
                labels[index].move(to: Point(x: x, y: top + Double(lane) * cellH + rng.uniform(0...spareY)))
                labels[index].pallet = pallet
                index += 1
            }
            // The next pallet's right end: this one's left end, a view's width, and the empty belt.
            right -= cellW * Double(columns) + w + rng.uniform(0.5...10) * c.beltSpeed
        }
    }
}

extension SyntheticScene {
    /// Builds the scene, shrinking the module size in 0.25 px steps (down to
    /// `minimumModulePixels`) when the labels do not fit the view at the
    /// configured size. Other errors are thrown as they are.
    /// Photo labels (`labelPhotos`, as ``init(_:labelPhotos:)`` takes them) keep their size.
    public static func fitting(_ configuration: SyntheticSceneConfiguration, labelPhotos: [LabelPhoto] = [],
                               minimumModulePixels: Double = 2) throws(SourceError) -> SyntheticScene {
        var attempt = configuration
        while true {
            do {
                return try SyntheticScene(attempt, labelPhotos: labelPhotos)
            } catch where error.message.contains("do not fit") && attempt.modulePixels - 0.25 >= minimumModulePixels {
                attempt.modulePixels -= 0.25
            }
        }
    }
}
