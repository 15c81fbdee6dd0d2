import BarcodeDecoding
import BarcodeEngine
import BarcodeTracking
import Testing

/// Looking again, in a wider window, for a code that following lost.
struct ReacquisitionTests {
    /// A 960x540 white frame with `code` pasted with its top-left corner at (`x`, `y`).
    static func frame(_ number: Int, code: LumaImage, x: Int, y: Int) throws -> Frame {
        var pixels = [UInt8](repeating: 255, count: 960 * 540)
        for row in 0..<code.height {
            for column in 0..<code.width { pixels[(y + row) * 960 + x + column] = code[column, row] }
        }
        return Frame(number: number, time: Double(number - 1) / 30, image: try LumaImage(width: 960, height: 540, bytesPerRow: 960, pixels: pixels))
    }

    /// An engine that searches the whole frame only while nothing is tracked (or, with
    /// `wholeEveryFrame`, on every frame at full resolution), and no region, strip or tile
    /// after the second frame: only following, re-acquisition (and that search) look.
    static func engine(reacquisitionTime: Double, wholeEveryFrame: Bool = false) throws -> TrackingEngine {
        var c = TrackingEngineConfiguration()
        c.wholeFrameInterval = wholeEveryFrame ? 1 : 1000
        c.fullResolutionWholeFrameInterval = 1
        c.candidateRegionsPerFrame = 0
        c.discoveryInterval = 1000
        c.relaxedDiscoveryInterval = 1000
        c.linearDiscoveryInterval = 1000
        c.relaxedLinearDiscoveryInterval = 1000
        c.reacquisitionTime = reacquisitionTime
        return try TrackingEngine(configuration: c)
    }

    /// Runs 5 frames of a code (default: a QR code) moving 4 px a frame, then one in which it
    /// jumped 100 px right (beyond correlation's reach and its window); returns the ids of the
    /// tracks measured with its payload in the first 5 frames and in the 6th.
    static func jump(reacquisitionTime: Double, as symbology: Symbology = .qrCode, size: (Int, Int) = (120, 120),
                     wholeEveryFrame: Bool = false) throws -> (before: Set<TrackID>, after: Set<TrackID>) {
        let code = try BarcodeRenderer.render("REACQUIRE ME", as: symbology, width: size.0, height: size.1)
        let session = try ScanSession()
        let engine = try Self.engine(reacquisitionTime: reacquisitionTime, wholeEveryFrame: wholeEveryFrame)
        var before: Set<TrackID> = [], after: Set<TrackID> = []
        for n in 1...6 {
            let frame = try Self.frame(n, code: code, x: n < 6 ? 300 + 4 * n : 420, y: 200)
            let detections = try session.detect(in: frame, using: engine)
            let result = try #require(try session.process(detections, frameNumber: n, time: frame.time, frameSize: Size(width: 960, height: 540)))
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

    @Test("A 1-D code that jumps on a frame searched whole is read again there: its prediction, painted out of that search, hid it (photo sheet, hand-held)")
    func linearCodeLostOnAWholeFrame() throws {
        let with = try Self.jump(reacquisitionTime: 0.5, as: .code128, size: (240, 80), wholeEveryFrame: true)
        #expect(with.before.count == 1)
        #expect(with.after == with.before)
        let without = try Self.jump(reacquisitionTime: 0, as: .code128, size: (240, 80), wholeEveryFrame: true)
        #expect(without.before.count == 1 && without.after.isEmpty, "the whole-frame search alone misses it: \(without)")
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
