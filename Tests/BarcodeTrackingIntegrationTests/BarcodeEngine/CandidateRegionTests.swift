@testable import BarcodeEngine
import BarcodeTracking
import SeededRandom
import SyntheticScenes
import Testing

/// Which code-like regions the engine reads, frame by frame.
struct CandidateRegionTests {
    /// A 960x540 grey frame with six 64-pixel patches of 4-pixel black and white noise
    /// (code-like, but no code), all well away from the frame's edge.
    static func patches() throws -> LumaImage {
        var pixels = [UInt8](repeating: 128, count: 960 * 540)
        var random = SplitMix64(seed: 3)
        for patch in 0..<6 {
            let x0 = 100 + (patch % 3) * 280, y0 = 100 + (patch / 3) * 240
            for by in 0..<16 {
                for bx in 0..<16 {
                    let value: UInt8 = random.next() & 1 == 0 ? 0 : 255
                    for y in 0..<4 { for x in 0..<4 { pixels[(y0 + by * 4 + y) * 960 + x0 + bx * 4 + x] = value } }
                }
            }
        }
        return try LumaImage(width: 960, height: 540, bytesPerRow: 960, pixels: pixels)
    }

    @Test("Regions waiting after a search that found nothing fill the slots the others leave, longest waiting first")
    func waitingRegionsFillFreeSlots() throws {
        let image = try Self.patches()
        // Fewer slots than regions (the default, 8, holds all six).
        var configuration = TrackingEngineConfiguration()
        configuration.candidateRegionsPerFrame = 4
        let engine = try TrackingEngine(configuration: configuration)
        let bounds = image.bounds
        let perFrame = (1...6).map { engine.candidateRegions(among: CodeLikenessMap(image).candidates(in: bounds, hiding: []), bounds: bounds, frame: $0) }
        // Six regions, four slots: every frame reads four, although none is due again before frame 5.
        #expect(perFrame.allSatisfy { $0.count == 4 })
        // Frame 2 reads the two left over from frame 1 first, then two read in frame 1; frame 3
        // the two read in frame 1 only, waiting longest, first.
        func key(_ region: Rect) -> String { "\(Int(region.x)),\(Int(region.y))" }
        let first = Set(perFrame[0].map(key)), second = Set(perFrame[1].map(key))
        #expect(perFrame[1].prefix(2).allSatisfy { !first.contains(key($0)) })
        #expect(perFrame[1].dropFirst(2).allSatisfy { first.contains(key($0)) })
        #expect(perFrame[2].prefix(2).allSatisfy { first.contains(key($0)) && !second.contains(key($0)) })
        let all = Set(perFrame.flatMap { $0 }.map(key))
        #expect(all.count == 6)
    }

    /// A 640x360 grey frame (luma 125) with vertical stripes over each of `patches` (x
    /// range, y range), dark for the first half of each `period` pixels: period 4 is
    /// code-like (half of a cell's samples are strong edges), period 12 faint (about a
    /// sixth). Code-like stripes are black and white; faint ones 100 and 150, which differ
    /// from each other by a strong edge but not from the grey around them.
    static func stripes(_ patches: [(x: Range<Int>, y: Range<Int>, period: Int)]) throws -> LumaImage {
        var pixels = [UInt8](repeating: 125, count: 640 * 360)
        for patch in patches {
            let (dark, light): (UInt8, UInt8) = patch.period > 4 ? (100, 150) : (0, 255)
            for y in patch.y { for x in patch.x { pixels[y * 640 + x] = x % patch.period < patch.period / 2 ? dark : light } }
        }
        return try LumaImage(width: 640, height: 360, bytesPerRow: 640, pixels: pixels)
    }

    @Test("A code-like group grows through the faint cells beside it (a code blurred in part), half its side at most")
    func regionsGrowThroughFaintCells() throws {
        // Code-like x 192..<256 (cells 12-15) with faint stripes on to x 352; faint alone at x 480..<608.
        let image = try Self.stripes([(192..<256, 128..<192, 4), (256..<352, 128..<192, 12), (480..<608, 128..<192, 12)])
        let regions = CodeLikenessMap(image).candidates(in: image.bounds, hiding: [])
        try #require(regions.count == 1)
        let region = regions[0].region
        // Without growth the region ends a cell past the code-like cells, at x 272; grown by
        // half the group's 4-cell side, 2 cells further (x 304), not on to the faint end at 352.
        #expect(region.x == 176 && region.maxX == 304)
        #expect(region.y == 112 && region.maxY == 208)
    }

    @Test("Code-like groups a cell apart (one code in pieces) are one region")
    func overlappingRegionsMerge() throws {
        let image = try Self.stripes([(192..<256, 128..<192, 4), (272..<336, 128..<192, 4)])
        let regions = CodeLikenessMap(image).candidates(in: image.bounds, hiding: [])
        try #require(regions.count == 1)
        #expect(regions[0].region.x == 176 && regions[0].region.maxX == 352)
    }

    @Test("A changed box is read in its code-like parts only: none on plain ground or over a tracked code, the box itself when mostly code-like")
    func changedBoxesAreReadInTheirCodeLikeParts() throws {
        let box = Rect(x: 96, y: 64, width: 448, height: 256)
        // Code-like stripes at x 192..<256, y 128..<192 inside the box.
        let map = CodeLikenessMap(try Self.stripes([(192..<256, 128..<192, 4)]))
        let parts = map.codeLikeParts(of: box, hiding: [])
        try #require(parts.count == 1)
        // The candidate region (a cell around the code-like cells: x 176..<272) grown by the part margin.
        #expect(parts[0] == Rect(x: 160, y: 96, width: 128, height: 128))
        #expect(map.codeLikeParts(of: Rect(x: 320, y: 64, width: 224, height: 256), hiding: []).isEmpty)
        #expect(map.codeLikeParts(of: box, hiding: [Quadrilateral(Rect(x: 184, y: 120, width: 80, height: 80))]).isEmpty)
        // Stripes over most of the box: the box itself.
        let busy = CodeLikenessMap(try Self.stripes([(96..<544, 64..<320, 4)]))
        #expect(busy.codeLikeParts(of: box, hiding: []) == [box])
    }
}
