import BarcodeTracking
@testable import TrackBench

/// Hand-made bench sequences: 20-pixel squares on one row, frame pixels.
enum BenchFixtures {
    /// The 20x20 square whose left edge is at `x`.
    static func square(x: Double) -> Quadrilateral { Quadrilateral(Rect(x: x, y: 0, width: 20, height: 20)) }

    /// Two codes that stay put, A at x 0 and B at x 100, fully visible in each of `frames` frames.
    static func twoStillCodes(frames: Int) -> [[BenchTruthObject]] {
        (0..<frames).map { _ in
            [BenchTruthObject(id: 1, payload: "A", location: square(x: 0), fullyVisible: true),
             BenchTruthObject(id: 2, payload: "B", location: square(x: 100), fullyVisible: true)]
        }
    }

    /// A reported track at `x`, predicted where it is.
    static func track(_ id: Int, _ payload: String?, x: Double, measured: Bool = true) -> BenchReportedTrack {
        BenchReportedTrack(id: id, payload: payload, location: square(x: x), predicted: square(x: x), measured: measured)
    }
}
