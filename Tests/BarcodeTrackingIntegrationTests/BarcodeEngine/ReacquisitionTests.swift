import BarcodeDecoding
import BarcodeEngine
import BarcodeTracking
import TestSupport
import Testing

/// Looking again, in a wider window, for a code that following lost.
struct ReacquisitionTests {
    /// A 960x540 white frame with `code` pasted with its top-left corner at (`x`, `y`), cut
    /// off where it runs out of the frame.
    static func frame(_ number: Int, code: LumaImage, x: Int, y: Int) throws -> Frame {
        var pixels = [UInt8](repeating: 255, count: 960 * 540)
        for row in 0..<code.height where (0..<540).contains(y + row) {
            for column in 0..<code.width where (0..<960).contains(x + column) { pixels[(y + row) * 960 + x + column] = code[column, row] }
        }
        return Frame(number: number, time: Double(number - 1) / 30, image: try LumaImage(width: 960, height: 540, bytesPerRow: 960, pixels: pixels))
    }

    /// An engine that searches the whole frame only while nothing is tracked (or, with
    /// `wholeEveryFrame`, on every frame at full resolution), and no region, strip or tile
    /// after the second frame, nor the 1-D rows read (``TrackingEngineConfiguration/linearRowsTime``,
    /// which finds a 1-D code in the middle rows wherever it jumped): only following,
    /// re-acquisition (and that search) look.
    static func engine(reacquisitionTime: Double, wholeEveryFrame: Bool = false) throws -> TrackingEngine {
        var c = TrackingEngineConfiguration()
        c.wholeFrameInterval = wholeEveryFrame ? 1 : 1000
        c.fullResolutionWholeFrameInterval = 1
        c.candidateRegionsPerFrame = 0
        c.discoveryInterval = 1000
        c.relaxedDiscoveryInterval = 1000
        c.linearDiscoveryInterval = 1000
        c.relaxedLinearDiscoveryInterval = 1000
        c.linearRowsTime = 0
        c.reacquisitionTime = reacquisitionTime
        return try TrackingEngine(configuration: c)
    }

    /// Runs 5 frames of a code (default: a QR code) moving 4 px a frame, then one in which it
    /// jumped to `jumpTo` (default 100 px right: beyond correlation's reach and its window)
    /// and `drop` px down, its top at `y` moving up `rise` px a frame; returns the ids of the
    /// tracks measured with its payload in the first 5 frames and in the 6th.
    static func jump(reacquisitionTime: Double, as symbology: Symbology = .qrCode, size: (Int, Int) = (120, 120), y: Int = 200,
                     rise: Int = 0, jumpTo: Int = 420, drop: Int = 0, wholeEveryFrame: Bool = false) throws -> (before: Set<TrackID>, after: Set<TrackID>) {
        let code = try BarcodeRenderer.render("REACQUIRE ME", as: symbology, width: size.0, height: size.1)
        let session = try ScanSession()
        let engine = try Self.engine(reacquisitionTime: reacquisitionTime, wholeEveryFrame: wholeEveryFrame)
        var before: Set<TrackID> = [], after: Set<TrackID> = []
        for n in 1...6 {
            let frame = try Self.frame(n, code: code, x: n < 6 ? 300 + 4 * n : jumpTo, y: y - rise * n + (n < 6 ? 0 : drop))
            let result = try #require(try session.step(frame, using: engine, number: n))
            let ids = result.tracks.filter { $0.state == .tracked && $0.barcode?.data == "REACQUIRE ME" }.map(\.id)
            if n < 6 { before.formUnion(ids) } else { after.formUnion(ids) }
        }
        return (before, after)
    }

    @Test("A code that jumps beyond its window is read again in the frame it was lost in, under its id")
    func lostCodeFoundInTheSameFrame() throws {
        let with = try Self.jump(reacquisitionTime: 0.5)
        #expect(with.before.count == 1)
        #expect(with.after == with.before)
        // Without re-acquisition nothing looks there until the next whole-frame search.
        let without = try Self.jump(reacquisitionTime: 0)
        #expect(without.before.count == 1 && without.after.isEmpty)
    }

    @Test("A 1-D code that a whip pan carries far along its rows is read again in the frame, under its id, also without re-acquisition")
    func linearCodeFoundAlongItsRows() throws {
        // 160 × 60 px at x 320-480, then at 760: beyond its window (64 px around it) in the
        // same rows, where following reads the rows across the frame.
        for time in [0.5, 0] {
            let along = try Self.jump(reacquisitionTime: time, as: .code128, size: (160, 60), jumpTo: 760)
            #expect(along.before.count == 1)
            #expect(along.after == along.before, "re-acquisition \(time) s: \(along)")
        }
    }

    @Test("A lost 1-D code is looked for in the rows of its re-acquisition window across the frame")
    func linearCodeFoundInTheRowsOfItsWindow() throws {
        // To x 700 and 100 px down: out of the rows following reads (16 px around it), within
        // those of re-acquisition's window (184 px around it), which ends at x 664.
        let with = try Self.jump(reacquisitionTime: 0.5, as: .code128, size: (160, 60), jumpTo: 700, drop: 100)
        #expect(with.before.count == 1)
        #expect(with.after == with.before, "\(with)")
        let without = try Self.jump(reacquisitionTime: 0, as: .code128, size: (160, 60), jumpTo: 700, drop: 100)
        #expect(without.before.count == 1 && without.after.isEmpty, "only re-acquisition finds it: \(without)")
    }

    @Test("A 1-D code that jumps on a frame searched whole is read again there: its prediction, painted out of that search, hid it (photo sheet, hand-held)")
    func linearCodeLostOnAWholeFrame() throws {
        // (Without re-acquisition the whole-frame search alone missed it, checked; since
        // following reads a 1-D code's rows across the frame, unpainted, that finds it too.)
        let with = try Self.jump(reacquisitionTime: 0.5, as: .code128, size: (240, 80), wholeEveryFrame: true)
        #expect(with.before.count == 1)
        #expect(with.after == with.before)
    }

    @Test("A 1-D code whose top runs out of the frame is looked for again when lost, as decoding every frame reads it; a 2-D code leaving the view is not")
    func linearCodeCutByTheFrameEdge() throws {
        // 500 px tall, its top above the frame and rising 30 px a frame: correlation follows the
        // rows zxing-cpp read up to the frame's edge, and the tracker predicts them partly above
        // it (about 2% of the box in the 6th frame). There it jumps 156 px, out of its own
        // window (124 px around it), into re-acquisition's. (The test failed when only codes
        // wholly in view were looked for, checked; since following reads a 1-D code's rows
        // across the frame, they read it too, so the rule itself is checked below.)
        let cut = try Self.jump(reacquisitionTime: 0.5, as: .code128, size: (240, 500), y: -80, rise: 30, jumpTo: 480)
        #expect(cut.before.count == 1)
        #expect(cut.after == cut.before, "\(cut)")
        // Which tracks are looked for: by the share of the predicted box in view.
        let bounds = Rect(x: 0, y: 0, width: 960, height: 540)
        func track(_ symbology: Symbology, top: Double) -> TrackedBarcode {
            let box = Quadrilateral(Rect(x: 300, y: top, width: 240, height: 100))
            return TrackedBarcode(id: TrackID(rawValue: 1), barcode: Barcode(symbology: symbology, data: "X", bytes: Array("X".utf8), location: box), location: box,
                                  predictedLocation: box, deltaTimeForPrediction: 1.0 / 30, velocity: .zero,
                                  shouldAnimateFromPreviousToNextState: true, firstSeen: 0, lastSeen: 0, framesSeen: 5, state: .predictedOnly)
        }
        #expect(TrackingEngine.isInView(track(.code128, top: -20), bounds: bounds))
        #expect(!TrackingEngine.isInView(track(.code128, top: -40), bounds: bounds))
        #expect(!TrackingEngine.isInView(track(.qrCode, top: -20), bounds: bounds))
        #expect(TrackingEngine.isInView(track(.qrCode, top: 0), bounds: bounds))
    }

    @Test("A lost code predicted out of view is not followed (no template or window can find it there); one in view is")
    func lostCodesOutOfViewAreNotFollowed() throws {
        let code = try BarcodeRenderer.render("GONE", as: .qrCode, width: 120, height: 120)
        let frame = try Self.frame(1, code: code, x: 400, y: 200)
        func follows(_ box: Rect, _ state: TrackState) throws -> Int {
            let times = EngineJobTimes()
            let engine = try TrackingEngine(configuration: TrackingEngineConfiguration(), jobTimes: times)
            let quad = Quadrilateral(box)
            let track = TrackedBarcode(id: TrackID(rawValue: 7), barcode: Barcode(symbology: .qrCode, data: "GONE", bytes: Array("GONE".utf8), location: quad),
                                       location: quad, predictedLocation: quad, deltaTimeForPrediction: 1.0 / 30, velocity: .zero,
                                       shouldAnimateFromPreviousToNextState: true, firstSeen: 0, lastSeen: 0, framesSeen: 5, state: state)
            _ = try engine.report(in: frame, region: nil, expected: [track])
            return times.snapshot[.follow]?.jobs ?? 0
        }
        let leaving = Rect(x: -60, y: 200, width: 120, height: 120)
        #expect(try follows(leaving, .predictedOnly) == 0)
        #expect(try follows(Rect(x: 400, y: 200, width: 120, height: 120), .predictedOnly) == 1)
        // Measured in the previous frame: followed wherever it is predicted.
        #expect(try follows(leaving, .tracked) == 1)
    }

    @Test("reacquisitionTime outside 0...60 seconds is refused")
    func validation() {
        var c = TrackingEngineConfiguration()
        for bad in [-1, 61, Double.nan, .infinity] {
            c.reacquisitionTime = bad
            #expect(throws: DecodingError.self) { try c.validate() }
        }
        c.reacquisitionTime = 0
        #expect(throws: Never.self) { try c.validate() }
    }
}
