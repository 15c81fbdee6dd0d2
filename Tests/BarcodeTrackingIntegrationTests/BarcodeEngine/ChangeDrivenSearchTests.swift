import BarcodeDecoding
import BarcodeTracking
import Testing

@testable import BarcodeEngine

/// A fixed camera's view is searched where it changed (``TrackingEngineConfiguration/searchesWhereViewChanged``):
/// a code that appears is found as soon as with whole-frame searches, which are replaced by
/// reads of the changed boxes; a panning camera keeps the usual schedule.
struct ChangeDrivenSearchTests {
    /// ``StillRestTests``'s lane (a QR code at (300, 200) from frame `arrival` on) with a dark
    /// 120 × 60 box crossing it at 6 px a frame, so that the view never rests.
    static func lane(_ number: Int, arrival: Int) throws -> Frame {
        var frame = try StillRestTests.frame(number, arrival: arrival)
        let left = 6 * number
        for y in 400..<460 {
            for x in left..<min(960, left + 120) { frame.image.pixels[y * 960 + x] = 60 }
        }
        return frame
    }

    /// A 960 × 540 view of seeded noise texture panned 5 px a frame, a hand-held camera's.
    static func panned(_ number: Int) throws -> Frame {
        var pixels = [UInt8](repeating: 0, count: 960 * 540)
        for y in 0..<540 {
            for x in 0..<960 {
                var h = UInt64((x + 5 * number) / 6) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(y / 6) &* 0xC2B2_AE3D_27D4_EB4F
                h ^= h >> 29
                pixels[y * 960 + x] = UInt8(60 + h % 140)
            }
        }
        return Frame(number: number, time: Double(number - 1) / 30, image: try LumaImage(width: 960, height: 540, pixels: pixels))
    }

    /// The frame at which `engine` first reported "ARRIVED" over `frames`.
    static func firstRead(_ engine: TrackingEngine, _ frames: [Frame]) throws -> Int? {
        for frame in frames
        where try engine.report(in: frame, region: nil, expected: []).detections.contains(where: { $0.barcode?.data == "ARRIVED" }) {
            return frame.number
        }
        return nil
    }

    @Test(
        "A code appearing at a fixed camera is found at the frame whole-frame searches find it, by reads of the changed boxes' code-like parts; the whole frame is read only first and at the sweep"
    )
    func arrivalIsFoundWhereTheViewChanged() throws {
        let frames = try (1...75).map { try Self.lane($0, arrival: 40) }
        var usual = TrackingEngineConfiguration()
        usual.searchesWhereViewChanged = false
        let expected = try Self.firstRead(TrackingEngine(configuration: usual), frames)
        let times = EngineJobTimes()
        let engine = try TrackingEngine(jobTimes: times)
        let found = try Self.firstRead(engine, frames)
        #expect(
            expected != nil && found == expected,
            "found at \(String(describing: found)), whole-frame searches at \(String(describing: expected))")
        let jobs = times.snapshot
        // The plain box crossing the lane changes the view from frame 1 on, but holds nothing
        // code-like: only the code's arrival is read in changed boxes, before it is tracked.
        let changedReads = jobs[.changedRegions]?.jobs ?? 0
        #expect(changedReads >= 1 && changedReads <= 4, "\(jobs)")
        // The first frame (no reference yet) and one sweep after 2 s (frame 61), if any reduced
        // search came before the reference; nothing else.
        #expect((jobs[.wholeFrame]?.jobs ?? 0) + (jobs[.reducedWholeFrame]?.jobs ?? 0) <= 3, "\(jobs)")
    }

    /// A white lane with a QR code "ARRIVED" `side` pixels square at (`x`, `y`) from frame `arrival`
    /// on, and the plain dark box of ``lane(_:arrival:)`` crossing it.
    static func lane(_ number: Int, arrival: Int, side: Int, x: Int, y: Int) throws -> Frame {
        let code = try BarcodeRenderer.render("ARRIVED", as: .qrCode, width: side, height: side)
        var frame = try ReacquisitionTests.frame(
            number, code: number >= arrival ? code : LumaImage(width: 1, height: 1, filledWith: 255), x: x, y: y)
        let left = 6 * number
        for row in 400..<460 {
            for column in left..<min(960, left + 120) { frame.image.pixels[row * 960 + column] = 60 }
        }
        return frame
    }

    @Test(
        "A QR code of small or large modules appearing at a fixed camera is found at the frame whole-frame searches find it",
        arguments: [(120, 300, 200), (330, 560, 40), (500, 440, 20)])
    func arrivalOfAnySizeIsFound(side: Int, x: Int, y: Int) throws {
        let frames = try (1...50).map { try Self.lane($0, arrival: 40, side: side, x: x, y: y) }
        var usual = TrackingEngineConfiguration()
        usual.searchesWhereViewChanged = false
        let expected = try Self.firstRead(TrackingEngine(configuration: usual), frames)
        let found = try Self.firstRead(TrackingEngine(), frames)
        #expect(expected != nil && found == expected, "side \(side): found at \(String(describing: found)), whole-frame searches at \(String(describing: expected))")
    }

    @Test("A panning camera's view keeps the usual schedule: no changed-box reads")
    func panningViewIsSearchedAsUsual() throws {
        let times = EngineJobTimes()
        let engine = try TrackingEngine(jobTimes: times)
        for number in 1...20 { _ = try engine.report(in: try Self.panned(number), region: nil, expected: []) }
        let jobs = times.snapshot
        #expect(jobs[.changedRegions] == nil, "\(jobs)")
        #expect((jobs[.wholeFrame]?.jobs ?? 0) + (jobs[.reducedWholeFrame]?.jobs ?? 0) >= 5, "\(jobs)")
    }
}
