import BarcodeDecoding
@testable import BarcodeEngine
import BarcodeTracking
import Testing
import TestSupport

/// Slanted 2-D symbols found before anything tracks them: outlined from the code-likeness
/// map (``RegionOutline``) and read upright. Frame 300 of the real Aztec clip, where zxing-cpp
/// 1.4 reads neither symbol as it is and zxing-cpp 3.1 reads both.
@Suite(.needsSharedData)
struct SlantedDiscoveryTests {
    static let large = "https://boofcv.org even mroe text to make it larger"

    /// The mean distance between the corners of `a` and `b`, in the corner order that fits best.
    static func cornerDistance(_ a: Quadrilateral, _ b: Quadrilateral) -> Double {
        (0..<4).map { shift in (0..<4).map { a.corners[$0].distance(to: b.corners[($0 + shift) % 4]) }.reduce(0, +) / 4 }.min()!
    }

    @Test("The code-like cells of a slanted symbol outline it to within a module or two of zxing-cpp 3.1's corners")
    func outlineOfSlantedSymbol() throws {
        let image = try UprightReadTests.frame(300).image
        let truth = try UprightReadTests.referenceQuad(frame: 300, text: Self.large)
        let outlines = CodeLikenessMap(image).outlines(in: image.bounds, hiding: [])
        let outline = try #require(outlines.first { $0.box.contains(truth.center) })
        let quad = try #require(RegionOutline.quad(in: image, outline: outline))
        #expect(Self.cornerDistance(quad, truth) < 16, "\(quad) against \(truth)")
        #expect(quad.slant >= TrackingEngine.uprightSlant && quad.elongation <= 2)
        // Not readable as it is: what the engine's other searches see.
        let whole = try BarcodeReader(options: .video).read(image, region: nil)
        #expect(!whole.detections.contains { $0.barcode?.data == Self.large })
    }

    @Test("The engine decodes a slanted symbol in the first frame it sees, where no read of it as it is does",
          arguments: [true, false])
    func engineFindsSlantedSymbol(upright: Bool) throws {
        var configuration = TrackingEngineConfiguration()
        configuration.readsSlantedOutlinesUpright = upright
        let engine = try TrackingEngine(options: .video, configuration: configuration)
        let frame = try UprightReadTests.frame(300)
        let found = try engine.report(in: frame, region: nil, expected: []).detections.compactMap(\.barcode)
            .first { $0.data == Self.large }
        if upright {
            let read = try #require(found)
            let truth = try UprightReadTests.referenceQuad(frame: 300, text: Self.large)
            #expect(Self.cornerDistance(read.location, truth) < 8, "\(read.location) against \(truth)")
        } else {
            #expect(found == nil)
        }
    }

    @Test("One symbol outline is read every other frame at most, and one read before waits 3, 6, 12, then 24 frames")
    func outlineWaits() throws {
        let image = try UprightReadTests.frame(300).image
        let engine = try TrackingEngine(options: .video)
        let map = CodeLikenessMap(image)
        var reads: [(frame: Int, box: Rect)] = []
        for frame in 1...120 {
            if let outline = engine.uprightOutline(in: map, bounds: image.bounds, known: [], frame: frame) {
                reads.append((frame, outline.box))
            }
        }
        #expect(zip(reads, reads.dropFirst()).allSatisfy { $1.frame - $0.frame >= TrackingEngine.outlineInterval })
        // The frame stays the same, so an outline comes back with the same box.
        var boxes: [Rect] = []
        for read in reads where !boxes.contains(read.box) { boxes.append(read.box) }
        var readOften = false
        for box in boxes {
            let frames = reads.filter { $0.box == box }.map(\.frame)
            let gaps = zip(frames, frames.dropFirst()).map { $1 - $0 }
            #expect(gaps.enumerated().allSatisfy { $1 >= TrackingEngine.outlineRetryFrames << min(3, $0) }, "\(box): \(frames)")
            readOften = readOften || frames.count >= 4
        }
        #expect(readOften, "\(reads)")
    }

    @Test("Outline geometry: a hull keeps only the outer points, a quad's elongation is its longest side over its shortest")
    func outlineGeometry() throws {
        var points: [Point] = []
        for y in stride(from: 0.0, through: 30, by: 10) {
            for x in stride(from: 0.0, through: 100, by: 10) { points.append(Point(x: x, y: y)) }
        }
        let hull = RegionOutline.convexHull(points)
        #expect(Set(hull) == [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 30), Point(x: 0, y: 30)])
        #expect(abs(Quadrilateral(Rect(x: 0, y: 0, width: 100, height: 30)).elongation - 100.0 / 30) < 1e-9)
        #expect(Quadrilateral(Rect(x: 5, y: 5, width: 40, height: 40)).elongation == 1)
    }
}
