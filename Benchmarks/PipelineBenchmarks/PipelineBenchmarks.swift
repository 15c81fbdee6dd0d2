import BarcodeAnnotation
import BarcodeDecoding
import BarcodeTracking
import Benchmark
import FrameSources
import SyntheticScenes

/// A synthetic frame (frame 1 of a pallet scene) and its ground truth, built before measuring.
func syntheticFrame(width: Int, height: Int, codes: Int, symbologies: [Symbology]? = nil) throws -> (Frame, GroundTruthFrame) {
    var c = SyntheticSceneConfiguration.demo
    c.width = width
    c.height = height
    c.codeCount = codes
    if let symbologies { c.symbologies = symbologies }
    return try SyntheticScene.fitting(c).render(frame: 1)
}

/// `count` decoded tracks in steady state: a tracker fed the same grid of codes for 10 frames.
func steadyTracks(_ count: Int) throws -> [TrackedBarcode] {
    var tracker = try Tracker()
    var update: TrackerUpdate?
    for frame in 0..<10 {
        let detections = (0..<count).map { index in
            let x = Double(index % 10) * 120 + 60 + Double(frame) * 2, y = Double(index / 10) * 100 + 50
            let quad = Quadrilateral(Rect(x: x, y: y, width: 80, height: 40))
            let text = "CODE-\(index)"
            return Detection(barcode: Barcode(symbology: .code128, data: text, bytes: Array(text.utf8), location: quad))
        }
        update = try tracker.update(with: detections, at: Double(frame) / 30)
    }
    return update?.tracks ?? []
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .instructions, .cpuTotal, .mallocCountTotal, .throughput],
        warmupIterations: 1,
        maxDuration: .seconds(3),
        maxIterations: 200
    )

    Benchmark("OverlayPlanner.plan 100 codes", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let tracks = try steadyTracks(100)
        let planner = OverlayPlanner()
        var plans: [OverlayPlan] = []
        planner.plan(tracks, into: &plans)  // grow the output once, as the pipeline's reused array has
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            planner.plan(tracks, into: &plans)
            blackHole(plans)
        }
        benchmark.stopMeasurement()
    }

    Benchmark("Crop decode 200x200 region, 1 QR code, 720p frame") { benchmark in
        let (frame, truth) = try syntheticFrame(width: 1280, height: 720, codes: 1, symbologies: [.qrCode])
        let center = truth.codes[0].location.center
        let region = Rect(x: center.x - 100, y: center.y - 100, width: 200, height: 200)
        let reader = try BarcodeReader(options: .video)
        let found = try reader.detect(in: frame.image, region: region)
        precondition(found.count == 1, "the crop must hold a decodable code")
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try reader.detect(in: frame.image, region: region))
        }
        benchmark.stopMeasurement()
    }

    for (width, height) in [(1280, 720), (1920, 1080)] {
        Benchmark("Full-frame decode \(height)p, 12 codes") { benchmark in
            let (frame, _) = try syntheticFrame(width: width, height: height, codes: 12)
            let reader = try BarcodeReader(options: .video)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try reader.detect(in: frame.image, region: nil))
            }
            benchmark.stopMeasurement()
        }
    }

    Benchmark("Frame conversion LumaImage to RGBImage 1080p") { benchmark in
        let (frame, _) = try syntheticFrame(width: 1920, height: 1080, codes: 3)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(RGBImage(frame.image))
        }
        benchmark.stopMeasurement()
    }
}
