@testable import BarcodeEngine
import BarcodeTracking
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
        let engine = try TrackingEngine()
        let bounds = image.bounds
        let perFrame = (1...6).map { engine.candidateRegions(in: CodeLikenessMap(image), bounds: bounds, known: [], frame: $0) }
        // Six regions, four slots: every frame reads four, although none is due again before frame 5.
        #expect(perFrame.allSatisfy { $0.count == engine.configuration.candidateRegionsPerFrame })
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
}
