@testable import BarcodeEngine
import BarcodeTracking
import Testing

/// Whether rows run through code-like cells (``CodeLikenessMap/hasRun(of:cellsOf:alongRows:in:hiding:)``),
/// as the engine asks before reading the 1-D rows.
struct CodeLikeRunTests {
    /// Black and white stripes 4 pixels apart (code-like) over x 160..<256 (six cells) and y
    /// 160..<192, and faint stripes (period 12) over x 320..<384 (four cells), y 288..<320.
    static func map() throws -> CodeLikenessMap {
        CodeLikenessMap(try CandidateRegionTests.stripes([(x: 160..<256, y: 160..<192, period: 4),
                                                         (x: 320..<384, y: 288..<320, period: 12)]))
    }

    static let bounds = Rect(x: 0, y: 0, width: 640, height: 360)
    static let codeLike = CodeLikenessMap.codeLikeDensity, faint = CodeLikenessMap.outlineDensity

    @Test("A row through six code-like cells side by side has a run of three; rows above and below do not")
    func rowThroughStripes() throws {
        let map = try Self.map()
        #expect(map.hasRun(of: 3, cellsOf: Self.codeLike, alongRows: [170], in: Self.bounds, hiding: []))
        #expect(map.hasRun(of: 3, cellsOf: Self.codeLike, alongRows: [40, 250, 185], in: Self.bounds, hiding: []))
        #expect(!map.hasRun(of: 3, cellsOf: Self.codeLike, alongRows: [40, 140, 200, 250], in: Self.bounds, hiding: []))
        // Six cells make no run of seven.
        #expect(!map.hasRun(of: 7, cellsOf: Self.codeLike, alongRows: [170], in: Self.bounds, hiding: []))
    }

    @Test("Faint cells make a run at the faint share, not at the code-like one")
    func faintStripes() throws {
        let map = try Self.map()
        #expect(map.hasRun(of: 4, cellsOf: Self.faint, alongRows: [300], in: Self.bounds, hiding: []))
        #expect(!map.hasRun(of: 1, cellsOf: Self.codeLike, alongRows: [300], in: Self.bounds, hiding: []))
    }

    @Test("Stripes have their edges across, 2-D modules both ways: only the stripes make a bar-like run")
    func acrossShare() throws {
        let stripes = try Self.map()
        // Cell (10, 10) is inside the code-like stripes: every strong edge across.
        #expect(stripes.acrossShare[10 * stripes.columns + 10] == 1)
        #expect(stripes.hasRun(of: 3, cellsOf: Self.faint, across: 2.0 / 3, alongRows: [170], in: Self.bounds, hiding: []))
        // Patches of random 4-pixel modules (960 × 540, the first at 100..<164 on both axes).
        let modules = CodeLikenessMap(try CandidateRegionTests.patches())
        let inside = (7..<10).map { modules.acrossShare[7 * modules.columns + $0] }
        #expect(inside.allSatisfy { $0 > 0.3 && $0 < 2.0 / 3 }, "\(inside)")
        let wide = Rect(x: 0, y: 0, width: 960, height: 540)
        #expect(modules.hasRun(of: 3, cellsOf: Self.codeLike, alongRows: [120], in: wide, hiding: []))
        #expect(!modules.hasRun(of: 3, cellsOf: Self.faint, across: 2.0 / 3, alongRows: [120], in: wide, hiding: []))
    }

    @Test("Cells a tracked code covers, or outside the scan area, break the run")
    func hiddenOrOutside() throws {
        let map = try Self.map()
        // Hiding the middle two cells (x 192..<224) leaves runs of two on either side.
        let middle = Quadrilateral(Rect(x: 190, y: 150, width: 36, height: 50))
        #expect(!map.hasRun(of: 3, cellsOf: Self.codeLike, alongRows: [170], in: Self.bounds, hiding: [middle]))
        #expect(map.hasRun(of: 2, cellsOf: Self.codeLike, alongRows: [170], in: Self.bounds, hiding: [middle]))
        // A scan area ending at x 199 holds two of the cells' centres (168 and 184), not the third's (200).
        #expect(!map.hasRun(of: 3, cellsOf: Self.codeLike, alongRows: [170], in: Rect(x: 0, y: 0, width: 199, height: 360), hiding: []))
        #expect(map.hasRun(of: 3, cellsOf: Self.codeLike, alongRows: [170], in: Rect(x: 0, y: 0, width: 201, height: 360), hiding: []))
    }
}
