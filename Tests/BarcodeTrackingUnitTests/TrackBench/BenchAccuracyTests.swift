import Foundation
import BarcodeAnnotation
import BarcodeTracking
import Testing
@testable import TrackBench

/// Recall, coverage, prediction error and time to first decode on a hand-made sequence.
struct BenchAccuracyTests {
    static func square(x: Double) -> Quadrilateral { BenchFixtures.square(x: x) }

    @Test("coverage, recall, first decode and prediction error follow their definitions")
    func handMade() {
        // Code A moves 10 px a frame, fully visible in frames 0-3; code B is fully visible from frame 2 only.
        let truth: [[BenchTruthObject]] = (0..<4).map { f in
            [BenchTruthObject(id: 1, payload: "A", location: Self.square(x: Double(f) * 10), fullyVisible: true),
             BenchTruthObject(id: 2, payload: "B", location: Self.square(x: 200), fullyVisible: f >= 2)]
        }
        // The tracker finds A from frame 1 on and predicts it perfectly; it never decodes B.
        let reported: [[BenchReportedTrack]] = (0..<4).map { f in
            f == 0 ? [] : [BenchReportedTrack(id: 5, payload: "A", location: Self.square(x: Double(f) * 10),
                                              predicted: Self.square(x: Double(f + 1) * 10), measured: true)]
        }
        let a = BenchAccuracy(BenchSequence(truth: truth, reported: reported))
        #expect(a.uniqueCodes == 2 && a.uniqueCodesDecoded == 1 && a.recall == 0.5)
        #expect(a.coveragePairs == 6)  // A in 4 frames, B in 2
        #expect(a.coveredPairs == 3)
        #expect(a.framesToFirstDecode == [1])
        #expect(a.neverDecoded == 1)
        #expect(a.predictionSamples == 2)  // frames 1→2 and 2→3
        #expect(a.predictionError == 0)
        #expect(a.holdError == 10)
    }

    @Test("the engine's lag behind the baseline and its coverage of the baseline's decodes follow their definitions")
    func againstBaseline() {
        let truth = BenchFixtures.twoStillCodes(frames: 4)
        func track(_ payload: String, _ x: Double, measured: Bool = true) -> BenchReportedTrack {
            BenchFixtures.track(payload == "A" ? 1 : 2, payload, x: x, measured: measured)
        }
        // Baseline: A from frame 0, B from frame 1. Engine: A from frame 2; B from frame 0 but in frame 3
        // reported 50 px off (another spot), so that pair is not covered.
        let baseline = BenchSequence(truth: truth, reported: (0..<4).map { f in [track("A", 0)] + (f >= 1 ? [track("B", 100)] : []) })
        let engine = BenchSequence(truth: truth, reported: (0..<4).map { f in
            (f >= 2 ? [track("A", 0)] : []) + [track("B", f == 3 ? 150 : 100)]
        })
        let lag = BenchAccuracy.decodeLag(engine: engine, baseline: baseline, consecutive: 2)
        #expect(lag == [2, -1])  // A: 2 frames late; B: 1 frame early
        // Baseline pairs: A ×4, B ×3 = 7; the engine covers A in frames 2-3 and B in frames 1-2.
        #expect(abs(BenchAccuracy.coverageOfBaseline(engine: engine, baseline: baseline) - 4.0 / 7.0) < 1e-12)
    }

    @Test("the lag counts identical labels one by one, starts at the baseline's first run of consecutive reads, and counts a miss to the end")
    func lagPerPhysicalCode() {
        // Three labels with one payload; the baseline reads label 1 in frames 0-9, label 2 once in
        // frame 1 and then in frames 4-9, label 3 only in frames 0, 2, 4 (never 2 in a row).
        let truth: [[BenchTruthObject]] = (0..<10).map { _ in
            (1...3).map { BenchTruthObject(id: $0, payload: "SAME", location: Self.square(x: Double($0) * 100), fullyVisible: true) }
        }
        func track(_ label: Int) -> BenchReportedTrack {
            BenchReportedTrack(id: label, payload: "SAME", location: Self.square(x: Double(label) * 100),
                               predicted: Self.square(x: Double(label) * 100), measured: true)
        }
        let baseline = BenchSequence(truth: truth, reported: (0..<10).map { f in
            [track(1)] + (f == 1 || f >= 4 ? [track(2)] : []) + (f % 2 == 0 && f <= 4 ? [track(3)] : [])
        })
        // The engine reads label 1 from frame 3 and never label 2; label 1's read alone must not
        // count for label 2 although it has the same payload.
        let engine = BenchSequence(truth: truth, reported: (0..<10).map { f in f >= 3 ? [track(1)] : [] })
        let lag = BenchAccuracy.decodeLag(engine: engine, baseline: baseline, consecutive: 3)
        #expect(lag == [3, 6])  // label 1: run from 0, engine at 3; label 2: run from 4, never read (10 - 4)
    }

    @Test("coverage of the baseline leaves out the baseline's misreads and quads placed off every reference code")
    func coverageCountsOnlyRightPairs() {
        let truth: [[BenchTruthObject]] = (0..<2).map { _ in
            [BenchTruthObject(id: 1, payload: "A", location: Self.square(x: 0), fullyVisible: true)]
        }
        func track(_ payload: String, _ x: Double) -> BenchReportedTrack {
            BenchReportedTrack(id: 1, payload: payload, location: Self.square(x: x), predicted: Self.square(x: x), measured: true)
        }
        // Frame 0: the baseline reads A right, and a misread "B" over it. Frame 1: A right, and A
        // again with a quad 300 px away from the code. The engine reports A right in frame 0 only.
        let baseline = BenchSequence(truth: truth, reported: [[track("A", 0), track("B", 0)], [track("A", 0), track("A", 300)]])
        let engine = BenchSequence(truth: truth, reported: [[track("A", 0)], []])
        // Two right pairs (A in frames 0 and 1), one of them covered.
        #expect(BenchAccuracy.coverageOfBaseline(engine: engine, baseline: baseline) == 0.5)
    }

    @Test("coverage of the baseline counts each reference code once a frame, and only the engine's measured tracks")
    func coverageCountsCodesAndMeasurements() {
        // One tall code, 100 x 300 px; the baseline reads it on two bands of rows in frame 0
        // (quads of 100 x 40 at y 20 and y 240: neither holds the other's centre) and once in frame 1.
        let tall = Quadrilateral(Rect(x: 0, y: 0, width: 100, height: 300))
        let truth: [[BenchTruthObject]] = (0..<2).map { _ in [BenchTruthObject(id: 1, payload: "A", location: tall, fullyVisible: true)] }
        func band(_ y: Double, measured: Bool = true) -> BenchReportedTrack {
            let quad = Quadrilateral(Rect(x: 0, y: y, width: 100, height: 40))
            return BenchReportedTrack(id: 1, payload: "A", location: quad, predicted: quad, measured: measured)
        }
        let baseline = BenchSequence(truth: truth, reported: [[band(20), band(240)], [band(20)]])
        // The engine measures the upper band in frame 0 (the code, so the frame's one pair is
        // covered) and only predicts the code in frame 1 (no decode: not covered).
        let engine = BenchSequence(truth: truth, reported: [[band(20)], [band(20, measured: false)]])
        #expect(BenchAccuracy.coverageOfBaseline(engine: engine, baseline: baseline) == 0.5)
    }

    @Test("coverage of a file's reads counts another band of a 1-D code's rows, not a label beside it or a 2-D code")
    func coverageOfBandsOfRows() {
        // The baseline reads a code 300 px long on the rows y 0-40 (for a file its read is the
        // reference); the engine reads other rows of it, neither quad holding the other's centre.
        let reference = Quadrilateral(Rect(x: 0, y: 0, width: 300, height: 40))
        let truth = [[BenchTruthObject(id: 1, payload: "A", location: reference, fullyVisible: true)]]
        let baseline = BenchSequence(truth: truth, reported: [[BenchReportedTrack(
            id: 1, payload: "A", location: reference, predicted: reference, measured: true, readsPartialRows: true)]])
        func coverage(_ rect: Rect, rows: Bool = true) -> Double {
            let quad = Quadrilateral(rect)
            let track = BenchReportedTrack(id: 7, payload: "A", location: quad, predicted: quad, measured: true, readsPartialRows: rows)
            return BenchAccuracy.coverageOfBaseline(engine: BenchSequence(truth: truth, reported: [[track]]), baseline: baseline)
        }
        #expect(coverage(Rect(x: 2, y: 120, width: 296, height: 40)) == 1)  // rows lower on the same bars
        #expect(coverage(Rect(x: 0, y: 60, width: 300, height: 2)) == 1)  // a read one row tall
        #expect(coverage(Rect(x: 2, y: 120, width: 296, height: 40), rows: false) == 0)  // a 2-D code's quad
        #expect(coverage(Rect(x: 0, y: 200, width: 300, height: 40)) == 0)  // a label of the payload below
        #expect(coverage(Rect(x: 200, y: 60, width: 300, height: 40)) == 0)  // one beside it, other bars
        // Rolled by 30°: the rule follows the code's rows, not the frame's.
        let roll = 30.0 * .pi / 180, (u, v) = (Point(x: cos(roll), y: sin(roll)), Point(x: -sin(roll), y: cos(roll)))
        func rolled(_ rect: Rect) -> Quadrilateral {
            let c = Quadrilateral(rect).corners.map { Point(x: u.x * $0.x + v.x * $0.y, y: u.y * $0.x + v.y * $0.y) }
            return Quadrilateral(topLeft: c[0], topRight: c[1], bottomRight: c[2], bottomLeft: c[3])
        }
        #expect(BenchAccuracy.isAnotherBand(rolled(Rect(x: 2, y: 120, width: 296, height: 40)), of: rolled(Rect(x: 0, y: 0, width: 300, height: 40))))
        #expect(!BenchAccuracy.isAnotherBand(rolled(Rect(x: 200, y: 60, width: 300, height: 40)), of: rolled(Rect(x: 0, y: 0, width: 300, height: 40))))
    }

    @Test("corner error ignores which corner each quad lists first")
    func cornerOrder() {
        let q = Self.square(x: 0)
        #expect(BenchAccuracy.cornerError(q, q.rotatedLabels(by: 1)) < 1e-12)
        #expect(abs(BenchAccuracy.cornerError(q, q.translated(by: Point(x: 3, y: 4))) - 5) < 1e-12)
    }
}

/// The PNG writer's checksums and layout.
struct PNGEncoderTests {
    @Test("CRC-32 and Adler-32 match their published check values")
    func checksums() {
        #expect(PNGEncoder.crc32(Array("IEND".utf8)) == 0xAE42_6082)
        #expect(PNGEncoder.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(PNGEncoder.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
    }

    @Test("a PNG starts with the signature and IHDR of the image size, and stored blocks hold the data")
    func layout() throws {
        let image = try RGBImage(width: 300, height: 200, filledWith: .red)
        let png = PNGEncoder.encode(image)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png[12..<16]) == Array("IHDR".utf8))
        #expect(Array(png[16..<24]) == [0, 0, 1, 44, 0, 0, 0, 200])
        #expect(Array(png.suffix(8)) == Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82])
        // 200 rows of 1 + 900 bytes = 180 200 bytes: three stored blocks of 5 bytes' header each.
        let zlib = PNGEncoder.zlibStored([UInt8](repeating: 7, count: 180_200))
        #expect(zlib.count == 2 + 180_200 + 3 * 5 + 4)
    }
}
