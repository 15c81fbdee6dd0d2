@testable import BarcodeDecoding
@testable import BarcodeEngine
import BarcodeTracking
import SeededRandom
import SyntheticScenes
import Testing
import TestSupport

/// With PDF417 read in reader processes (`track`'s default isolation), the frame's first
/// code-like region is read for PDF417 there too: the region reads in this process leave it out.
struct IsolatedRegionTests {
    /// An engine reading PDF417 in reader processes, where nothing but code-like regions
    /// looks for new codes after the first frame.
    static func engine(regions: Int, times: EngineJobTimes) throws -> TrackingEngine {
        var options = DecoderOptions.video
        options.isolation = try ReadIsolation(symbologies: [.pdf417], command: [TrackProcess.executable.path])
        var configuration = LinearRowsTests.quietDiscovery(linearRowsTime: 0)
        configuration.candidateRegionsPerFrame = regions
        return try TrackingEngine(options: options, configuration: configuration, jobTimes: times)
    }

    @Test("A PDF417 coming into view beside a tracked QR code is read in its first frame, in a reader process")
    func pdf417InItsFirstFrame() throws {
        let qr = ("MATRIX-1", Symbology.qrCode, x: 100, y: 100), pdf417 = ("STACKED-417", Symbology.pdf417, x: 700, y: 300)
        let frames = [try LinearRowsTests.frame(1, [qr]), try LinearRowsTests.frame(2, [qr]), try LinearRowsTests.frame(3, [qr, pdf417])]
        func measured(regions: Int) throws -> ([[String]], EngineJobTimes) {
            let times = EngineJobTimes()
            return (try LinearRowsTests.measured(frames, by: try Self.engine(regions: regions, times: times)), times)
        }
        let (seen, times) = try measured(regions: 8)
        #expect(seen[0] == ["MATRIX-1"])
        #expect(seen[2] == ["MATRIX-1", "STACKED-417"])
        #expect((times.snapshot[.isolatedRegion]?.jobs ?? 0) >= 1)
        // The control: without code-like regions nothing reads frame 3 for a new code.
        let (without, withoutTimes) = try measured(regions: 0)
        #expect(without[2] == ["MATRIX-1"])
        #expect(withoutTimes.snapshot[.isolatedRegion] == nil)
    }
}

/// Which wide code-like regions go to a reader process, frame by frame.
struct IsolatedRegionRotationTests {
    @Test("Wide regions take turns, never read or read longest ago first; square ones never go")
    func wideRegionsTakeTurns() throws {
        let engine = try TrackingEngine()
        // Three wide regions (3, 2 and 1.6 times as wide as tall) and a square one.
        let a = Rect(x: 0, y: 0, width: 300, height: 100), b = Rect(x: 400, y: 0, width: 200, height: 100)
        let c = Rect(x: 0, y: 300, width: 160, height: 100), square = Rect(x: 400, y: 300, width: 100, height: 100)
        // The view drifts by a few pixels a frame: a region is followed, not taken for a new one.
        func regions(_ frame: Int) -> [Rect] {
            [square, c, b, a].map { Rect(x: $0.x + Double(3 * frame), y: $0.y + Double(2 * frame), width: $0.width, height: $0.height) }
        }
        func key(_ region: Rect, _ frame: Int) -> Double { region.x - Double(3 * frame) + region.y - Double(2 * frame) }
        let chosen = (1...3).map { frame in engine.isolatedRegions(among: regions(frame), frame: frame).map { key($0, frame) } }
        let (ka, kb, kc) = (a.x + a.y, b.x + b.y, c.x + c.y)
        #expect(chosen[0] == [ka, kb], "never read: the widest first, two a frame")
        #expect(chosen[1] == [kc, ka], "the one never read, then the widest of those read at frame 1")
        #expect(chosen[2] == [kb, ka], "the one read longest ago, then the widest of those read at frame 2")
        #expect(engine.isolatedRegions(among: [square], frame: 4).isEmpty)
    }

    @Test("A region grown by a third since its last read goes first, as one never read: a code sliding in at the edge")
    func grownRegionGoesFirst() throws {
        // Two regions read at frame 1; at frame 2 a region at the top edge comes up, read then
        // with another new one.
        let wide = Rect(x: 600, y: 0, width: 330, height: 140), b = Rect(x: 0, y: 540, width: 290, height: 160)
        let edge = Rect(x: 192, y: 0, width: 272, height: 96), c = Rect(x: 580, y: 600, width: 220, height: 96)
        let drifted = Rect(x: 603, y: 2, width: 330, height: 140)
        func chosenAtFrame3(edgeThen: Rect) throws -> [Rect] {
            let engine = try TrackingEngine()
            #expect(engine.isolatedRegions(among: [wide, b], frame: 1) == [wide, b])
            #expect(engine.isolatedRegions(among: [wide, b, edge, c], frame: 2) == [edge, c])
            return engine.isolatedRegions(among: [drifted, b, c, edgeThen], frame: 3)
        }
        // Frame 3: the edge region grew to 1.7 times its area (the code slid further in): it
        // goes first, then the one read longest ago that is widest for its height.
        #expect(try chosenAtFrame3(edgeThen: Rect(x: 0, y: 0, width: 464, height: 96))
            == [Rect(x: 0, y: 0, width: 464, height: 96), drifted])
        // Grown by less than a third, it is the region read at frame 2, and waits for frame 1's.
        #expect(try chosenAtFrame3(edgeThen: Rect(x: 182, y: 0, width: 300, height: 96)) == [drifted, b])
    }
}

/// Only bar-like wide regions go to a reader process for PDF417 (``TrackingEngine/isolatedRegionAcrossShare``).
struct IsolatedRegionBarLikenessTests {
    /// `frame` with a block of 4-pixel square modules, black or white at random (seed 7),
    /// `width` × `height` pixels at (`x`, `y`): print or texture like a 2-D code's, which no
    /// decoder reads.
    static func withModules(_ frame: Frame, x: Int, y: Int, width: Int, height: Int) -> Frame {
        var frame = frame
        var random = SplitMix64(seed: 7)
        for row in 0..<(height / 4) {
            for column in 0..<(width / 4) where random.next() % 2 == 0 {
                for dy in 0..<4 {
                    for dx in 0..<4 { frame.image.pixels[(y + 4 * row + dy) * frame.image.bytesPerRow + x + 4 * column + dx] = 0 }
                }
            }
        }
        return frame
    }

    @Test("Across share: bars near 1, a PDF417 above the bar, square modules about one half, nothing 0")
    func acrossShareOfCodes() throws {
        let frame = try LinearRowsTests.frame(1, [("BARS-128", .code128, x: 100, y: 100), ("STACKED-417", .pdf417, x: 700, y: 100),
                                                  ("MATRIX-QR", .qrCode, x: 100, y: 400)])
        let modules = Self.withModules(frame, x: 700, y: 400, width: 400, height: 160)
        let map = CodeLikenessMap(modules.image)
        // The renderings with their 20-pixel quiet zones: Code 128 and PDF417 300 × 100, the QR code 160 square.
        let bars = map.acrossShare(in: Rect(x: 120, y: 120, width: 260, height: 60))
        let pdf417 = map.acrossShare(in: Rect(x: 720, y: 120, width: 260, height: 60))
        let qr = map.acrossShare(in: Rect(x: 120, y: 420, width: 120, height: 120))
        let texture = map.acrossShare(in: Rect(x: 700, y: 400, width: 400, height: 160))
        #expect(bars > 0.9)
        #expect(pdf417 >= TrackingEngine.isolatedRegionAcrossShare, "\(pdf417)")
        #expect(qr < TrackingEngine.isolatedRegionAcrossShare && qr > 0.3, "\(qr)")
        #expect(texture < TrackingEngine.isolatedRegionAcrossShare && texture > 0.4, "\(texture)")
        #expect(map.acrossShare(in: Rect(x: 500, y: 600, width: 100, height: 60)) == 0, "blank paper has no code-like cell")
    }

    @Test("A wide block of square modules beside a tracked QR code is read in this process, never in a reader process")
    func squareModulesStayInProcess() throws {
        let qr = ("MATRIX-1", Symbology.qrCode, x: 100, y: 100)
        // The block comes into view in frame 2 (a region searched in frame 1's whole-frame
        // search would wait its turn), as the PDF417 above does in frame 3.
        let frames = try (1...3).map { number in
            let frame = try LinearRowsTests.frame(number, [qr])
            return number == 1 ? frame : Self.withModules(frame, x: 600, y: 300, width: 400, height: 160)
        }
        let times = EngineJobTimes()
        let seen = try LinearRowsTests.measured(frames, by: try IsolatedRegionTests.engine(regions: 8, times: times))
        #expect(seen.allSatisfy { $0 == ["MATRIX-1"] })
        #expect((times.snapshot[.regions]?.jobs ?? 0) >= 1, "the block is a code-like region, read for the in-process symbologies")
        #expect(times.snapshot[.isolatedRegion] == nil, "not for PDF417: its edges run both ways")
    }
}
