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

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .instructions, .mallocCountTotal, .throughput],
        warmupIterations: 0,
        maxDuration: .seconds(2),
        maxIterations: 1_000_000
    )
    for count in [10, 100, 500] {
        Benchmark("Tracker.update \(count) codes") { benchmark in
            let frames = scriptedFrames(codes: count, frames: 64)
            var tracker = try Tracker()
            var time = 0.0
            var index = 0
            var step = 1
            // Ping-pong through the script so motion stays continuous (no jumps, no lost tracks).
            func nextFrame() -> [Detection] {
                if index + step < 0 || index + step >= frames.count { step = -step }
                index += step
                time += 1.0 / 30.0
                return frames[index]
            }
            // Steady state: every track exists and every buffer has grown.
            for _ in 0..<(2 * frames.count) { blackHole(try tracker.update(with: nextFrame(), at: time)) }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try tracker.update(with: nextFrame(), at: time))
            }
        }
    }
}
