import BarcodeDecoding
import BarcodeTracking
import Foundation
import FrameSources
import SyntheticScenes
import Testing

struct SyntheticSceneTests {
    static func small(_ layout: SyntheticSceneConfiguration.Layout = .pallet, codes: Int = 3) -> SyntheticSceneConfiguration {
        var c = SyntheticSceneConfiguration.demo
        c.width = 800
        c.height = 600
        c.codeCount = codes
        c.layout = layout
        c.modulePixels = 3
        c.panAmplitude = 30
        c.frameCount = 30
        return c
    }

    @Test("The same configuration renders the same pixels and ground truth")
    func deterministic() throws {
        let a = try SyntheticScene(Self.small()), b = try SyntheticScene(Self.small())
        let (fa, ta) = a.render(frame: 7), (fb, tb) = b.render(frame: 7)
        #expect(fa.image == fb.image)
        #expect(ta.codes == tb.codes)
        var other = Self.small()
        other.seed = 2
        #expect(try SyntheticScene(other).render(frame: 7).frame.image != fa.image)
    }

    @Test("zxing-cpp reads every fully visible code where the ground truth puts it", arguments: [1, 15, 30])
    func groundTruthMatchesDecoding(frame number: Int) throws {
        let scene = try SyntheticScene(Self.small())
        let (frame, truth) = scene.render(frame: number)
        if let dump = ProcessInfo.processInfo.environment["DUMP_SCENE_PGM"] {
            let header = Data("P5\n\(frame.image.width) \(frame.image.height)\n255\n".utf8)
            try (header + Data(frame.image.pixels)).write(to: URL(fileURLWithPath: dump + "-\(number).pgm"))
        }
        let codes = try BarcodeReader(options: DecoderOptions(tryHarder: true)).barcodes(in: frame.image)
        let visible = truth.codes.filter { $0.visibility == 1 }
        #expect(visible.count == 3)
        for expected in visible {
            let match = codes.first { $0.symbology == expected.symbology && $0.data == expected.payload }
            let found = try #require(match, "frame \(number): \(expected.symbology) \(expected.payload) not decoded; found \(codes.map(\.data))")
            let error = found.location.center.distance(to: expected.location.center)
            #expect(error < 4, "centre off by \(error) px")
            let coverage = found.location.area / expected.location.area
            #expect(coverage > 0.85 && coverage < 1.15, "\(expected.symbology) quad covers \(coverage) of the code")
        }
    }

    @Test("Labels never overlap, so no code is hidden by another", arguments: [SyntheticSceneConfiguration.Layout.pallet, .conveyor])
    func labelsDoNotOverlap(layout: SyntheticSceneConfiguration.Layout) throws {
        for seed in UInt64(1)...20 {
            var c = Self.small(layout, codes: 12)
            c.width = 1920
            c.height = 1080
            c.seed = seed
            c.symbologies = SyntheticSceneConfiguration().symbologies
            let labels = try SyntheticScene.fitting(c).labels
            for (i, a) in labels.enumerated() {
                for b in labels[(i + 1)...] {
                    let shared = a.paperRect.intersection(b.paperRect).map { $0.width * $0.height } ?? 0
                    #expect(shared == 0, "seed \(seed): labels \(a.instance) and \(b.instance) overlap")
                }
            }
        }
    }

    @Test("On a conveyor codes enter from the left and leave on the right")
    func conveyorCodesEnterAndLeave() throws {
        var c = Self.small(.conveyor, codes: 4)
        c.beltSpeed = 400
        c.frameCount = 200
        let scene = try SyntheticScene(c)
        let first = scene.groundTruth(frame: 1).codes.map(\.instance)
        let seen = (1...200).map { scene.groundTruth(frame: $0).codes.map(\.instance) }
        #expect(first.isEmpty)
        #expect(Set(seen.flatMap { $0 }) == [1, 2, 3, 4])
        #expect(seen.last?.isEmpty == true)
        let centers = (1...200).compactMap { scene.groundTruth(frame: $0).codes.first { $0.instance == 1 }?.location.center.x }
        #expect(zip(centers, centers.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test("The occluder hides codes as it sweeps")
    func occlusion() throws {
        var c = Self.small()
        c.occlusion = true
        c.frameCount = 105
        let scene = try SyntheticScene(c)
        let partlyHidden = (1...105).contains { n in scene.groundTruth(frame: n).codes.contains { $0.visibility < 1 } }
        #expect(partlyHidden)
    }

    @Test("Values out of range are rejected with a message naming them")
    func validation() {
        var c = Self.small()
        c.width = 0
        #expect(throws: SourceError.self) { try SyntheticScene(c) }
        c = Self.small(codes: 500)
        do {
            _ = try SyntheticScene(c)
            Issue.record("500 labels cannot fit 800x600")
        } catch {
            #expect(error.message.contains("do not fit"))
        }
    }

    @Test("The source delivers every frame with increasing times and records ground truth")
    func source() throws {
        var c = Self.small()
        c.frameCount = 5
        let source = try SyntheticSceneSource(c)
        var times: [Double] = []
        while let frame = try source.nextFrame() { times.append(frame.time) }
        #expect(times.count == 5)
        #expect(times == times.sorted() && Set(times).count == 5)
        #expect(source.lastGroundTruth?.codes == source.scene.groundTruth(frame: 5).codes)
        source.close()
        #expect(try source.nextFrame() == nil)
    }
}
