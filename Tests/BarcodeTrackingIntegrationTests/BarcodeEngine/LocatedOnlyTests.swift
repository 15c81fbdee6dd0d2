import BarcodeDecoding
import BarcodeEngine
import BarcodeTracking
import FrameSources
import SyntheticScenes
import TestSupport
import Testing

/// Located-only codes (``TrackingEngineConfiguration/locatesUndecodedCodes``): codes too
/// blurred to decode are outlined, and keep their id once they become readable.
struct LocatedOnlyTests {
    /// The demo scene (3 labels: QR, EAN-13, Code 128) at 960x540 with horizontal motion blur of `blur` pixels.
    static func scene(blur: Double) throws -> SyntheticScene {
        var c = SyntheticSceneConfiguration.demo
        c.width = 960
        c.height = 540
        c.frameCount = 12
        c.motionBlur = blur
        return try SyntheticScene.fitting(c)
    }

    static func engine(locating: Bool) throws -> TrackingEngine {
        var configuration = TrackingEngineConfiguration()
        configuration.locatesUndecodedCodes = locating
        return try TrackingEngine(configuration: configuration)
    }

    @Test("Codes blurred past reading (12 px) are outlined over each label and nowhere else; off, nothing is reported")
    func outlinesBlurredCodes() throws {
        let scene = try Self.scene(blur: 12)
        let (frame, truth) = scene.render(frame: 1)
        let reader = try BarcodeReader()
        #expect(try reader.detect(in: frame.image, region: nil).isEmpty, "zxing-cpp reads none of them")
        let located = try Self.engine(locating: true).detect(in: frame, region: nil, expected: [])
        #expect(located.count == truth.codes.count)
        #expect(located.allSatisfy { $0.barcode == nil })
        for code in truth.codes {
            #expect(located.contains { code.location.contains($0.location.center) && $0.location.contains(code.location.center) },
                    "\(code.symbology) at \(code.location.boundingBox) outlined")
        }
        #expect(try Self.engine(locating: false).detect(in: frame, region: nil, expected: []).isEmpty)
    }

    @Test("A located-only track becomes the decoded track with the same id when the blur goes")
    func sameIDOnceReadable() throws {
        let blurred = try Self.scene(blur: 12), sharp = try Self.scene(blur: 0)
        let engine = try Self.engine(locating: true)
        let session = try ScanSession()
        var results: [ScanFrameResult] = []
        for n in 1...12 {
            // Same geometry frame by frame; the first five frames blurred.
            let frame = (n <= 5 ? blurred : sharp).render(frame: n).frame
            results.append(try #require(try session.step(frame, using: engine, number: n)))
        }
        let firstIDs = Set(results[0].tracks.map(\.id))
        #expect(firstIDs.count == 3 && results[0].tracks.allSatisfy { $0.barcode == nil })
        let last = try #require(results.last)
        #expect(Set(last.tracks.compactMap(\.barcode?.data)) == Set(sharp.labels.map(\.payload)))
        #expect(Set(last.tracks.map(\.id)) == firstIDs, "the decoded tracks are the located-only ones")
        #expect(Set(session.recognized.map(\.firstTrackID)) == firstIDs)
        #expect(Set(results.flatMap { $0.tracks.map(\.id) }) == firstIDs, "no other track in between")
    }

    @Test(
        "On the station scene's dense labels, each spot keeps one located-only track: the tracks stay as few as the labels' outlines (they had multiplied 4 times a frame, to 13,264 at frame 42)"
    )
    func denseLabelsKeepOneTrackASpot() throws {
        var c = SyntheticSceneConfiguration.demo
        c.layout = .station
        (c.shake, c.stopProbability, c.modulePixels) = (0, 0.5, 2)
        (c.seed, c.frameCount, c.codeCount) = (1, 60, 1000)
        let scene = try SyntheticScene.fitting(c)
        let engine = try Self.engine(locating: true)
        let session = try ScanSession()
        var most = 0, locatedOnly = 0
        for n in 1...60 {
            let tracks = try #require(try session.step(scene.render(frame: n).frame, using: engine, number: n)).tracks
            most = max(most, tracks.count)
            locatedOnly += tracks.filter { $0.barcode == nil }.count
        }
        #expect(locatedOnly > 0, "the premise: the labels are outlined before they are read")
        #expect(most <= 12, "\(most) tracks on one frame")
    }
}
