import BarcodeTracking
import Benchmark

/// Detections of `count` codes on a grid, all moving at the same constant
/// velocity, for `frames` frames at 30 fps. Built before measuring.
func scriptedFrames(codes count: Int, frames: Int) -> [[Detection]] {
    let columns = Int(Double(count).squareRoot().rounded(.up))
    return (0..<frames).map { frame in
        (0..<count).map { index in
            let x = Double(index % columns) * 60 + 40 + Double(frame) * 2
            let y = Double(index / columns) * 60 + 40 + Double(frame) * 1
            let h = 15.0
            let quad = Quadrilateral(
                topLeft: Point(x: x - h, y: y - h), topRight: Point(x: x + h, y: y - h),
                bottomRight: Point(x: x + h, y: y + h), bottomLeft: Point(x: x - h, y: y + h))
            let text = "CODE-\(index % max(1, count / 2))"  // every payload appears twice
            return Detection(barcode: Barcode(symbology: .code128, data: text, bytes: Array(text.utf8), location: quad))
        }
    }
}

/// A tracker in steady state (all tracks exist, every buffer grown), playing
/// a script back and forth so motion stays continuous (no jumps, no lost tracks).
struct SteadyTracker {
    let frames: [[Detection]]
    var tracker: Tracker
    var time = 0.0
    var index = 0
    var direction = 1

    init(codes count: Int) throws {
        frames = scriptedFrames(codes: count, frames: 64)
        tracker = try Tracker()
        for _ in 0..<(2 * frames.count) { blackHole(try advance()) }
    }

    mutating func advance() throws -> TrackerUpdate {
        if index + direction < 0 || index + direction >= frames.count { direction = -direction }
        index += direction
        time += 1.0 / 30.0
        return try tracker.update(with: frames[index], at: time)
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .instructions, .cpuTotal, .mallocCountTotal, .throughput],
        warmupIterations: 1,
        scalingFactor: .kilo,
        maxDuration: .seconds(3),
        maxIterations: 100
    )
    for count in [10, 100, 500] {
        Benchmark("Tracker.update \(count) codes") { benchmark in
            var steady = try SteadyTracker(codes: count)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try steady.advance())
            }
            benchmark.stopMeasurement()
        }
    }
}
