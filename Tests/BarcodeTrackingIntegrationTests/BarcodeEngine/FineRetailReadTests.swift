@testable import BarcodeEngine
import BarcodeDecoding
import BarcodeTracking
import SyntheticScenes
import TestSupport
import Testing

/// The first read of a fine EAN/UPC code (modules under 3 frame pixels) is checked enlarged
/// (``TrackingEngine/checkingFineRetailRead(_:in:)``).
struct FineRetailReadTests {
    /// `track station --demo --size 640x360 --fps 10 --codes 7 --seed 3`: its first pallet carries
    /// the EAN-13 4020220121282 at 2 pixels a module.
    static func scene() throws -> SyntheticScene {
        var c = SyntheticSceneConfiguration.demo
        c.layout = .station
        (c.width, c.height, c.frameRate, c.codeCount, c.seed, c.shake, c.stopProbability, c.modulePixels) = (640, 360, 10, 7, 3, 0, 0.5, 2)
        return try SyntheticScene.fitting(c)
    }

    @Test("An EAN-13 at 2 px a module that zxing-cpp reads as another UPC-A on every whole frame while it stands is tracked with its own payload")
    func fineEAN13KeepsItsPayload() throws {
        let scene = try Self.scene()
        let frames = (1...60).map { scene.render(frame: $0).frame }
        let reader = try BarcodeReader(options: .video)
        let wholeFrameReads = try Set(frames.flatMap { try reader.read($0.image).detections.compactMap(\.barcode?.data) })
        #expect(wholeFrameReads.contains("000202121282"), "the premise: zxing-cpp misreads the label in the whole frame")
        // The usual schedule: with nothing tracked on any frame (no session here), a still
        // camera's changed bands read the label on frames the enlarged check does not replace
        // the misread on (an open gap of searching where the view changed).
        var usual = TrackingEngineConfiguration()
        usual.searchesWhereViewChanged = false
        let engine = try TrackingEngine(configuration: usual)
        var tracked = Set<String>()
        for frame in frames {
            tracked.formUnion(try engine.report(in: frame, region: nil, expected: []).detections.compactMap(\.barcode?.data))
        }
        #expect(tracked.contains("4020220121282"))
        #expect(!tracked.contains("000202121282"))
    }

    /// `track bench --scenes station`'s scene of `seed` (`track station --demo --layout station
    /// --codes 1000 --seed N`), `frames` long.
    static func stationScene(seed: UInt64, frames: Int) throws -> SyntheticScene {
        var c = SyntheticSceneConfiguration.demo
        c.layout = .station
        (c.shake, c.stopProbability, c.modulePixels) = (0, 0.5, 2)
        (c.seed, c.frameCount, c.codeCount) = (seed, frames, 1000)
        return try SyntheticScene.fitting(c)
    }

    /// The payloads a session running the engine (configured by `engine`) over `frames` of `scene` recognizes.
    static func recognized(in scene: SyntheticScene, frames: ClosedRange<Int>,
                           engine engineConfiguration: TrackingEngineConfiguration = TrackingEngineConfiguration()) throws -> Set<String> {
        var configuration = ScanSessionConfiguration()
        configuration.linearVerification = .linearDefault
        let session = try ScanSession(configuration: configuration)
        let engine = try TrackingEngine(configuration: engineConfiguration)
        var recognized = Set<String>()
        for number in frames {
            let result = try session.step(scene.render(frame: number).frame, using: engine, number: number)
            recognized.formUnion(result?.newlyRecognized.compactMap(\.barcode.data) ?? [])
        }
        return recognized
    }

    /// Frame `frame` of seed `seed`'s station scene, and zxing-cpp's reads of the whole frame.
    static func wholeFrame(seed: UInt64, frame: Int) throws -> (scene: SyntheticScene, image: LumaImage, reads: [Barcode]) {
        let scene = try stationScene(seed: seed, frames: 3000)
        let image = scene.render(frame: frame).frame.image
        return (scene, image, try BarcodeReader(options: .video).read(image).detections.compactMap(\.barcode))
    }

    @Test(
        "An EAN-13 at 2 px a module that zxing-cpp reads as another UPC-A on every frame it crosses is read from its module centres, and recognized with its own payload"
    )
    func moduleCentresReadTheLabel() throws {
        // Seed 4's pallet 7: the EAN-13 4070971516585 crosses the view from frame 2921 on, 8 pixels a frame.
        let (scene, image, reads) = try Self.wholeFrame(seed: 4, frame: 2980)
        let misread = try #require(reads.first { $0.data == "010917516525" }, "the premise: zxing-cpp misreads the label")
        #expect(!reads.contains { $0.data == "4070971516585" }, "the premise: and does not read it")
        #expect(RetailModuleReading.digits(in: image, at: misread.location) == "4070971516585")
        let recognized = try Self.recognized(in: scene, frames: 2915...2960)
        #expect(recognized.contains("4070971516585"))
        #expect(!recognized.contains("010917516525"))
    }

    @Test("Module centres that hold no EAN-13 (a blank patch, or a code's bars laid backwards) read nothing")
    func moduleCentresReadNothingWithoutACode() throws {
        let (_, image, reads) = try Self.wholeFrame(seed: 4, frame: 2980)
        let label = try #require(reads.first { $0.data == "010917516525" })
        #expect(RetailModuleReading.digits(in: image, at: label.location.rotatedLabels(by: 2)) == nil)
        let blank = try LumaImage(width: 300, height: 100, pixels: [UInt8](repeating: 200, count: 300 * 100))
        #expect(RetailModuleReading.digits(in: blank, at: Quadrilateral(Rect(x: 50, y: 20, width: 190, height: 40))) == nil)
    }

    @Test(
        "A misread of an EAN-13 read right to left does not take the label's place: the pixels weigh the label's own payload both ways"
    )
    func backwardMisreadGivesWay() throws {
        // Seed 1's pallet 7: the EAN-13 4025194271322 enters at the frame's left edge at frame 2889,
        // where zxing-cpp reads it right to left as 0774717491122.
        let (scene, image, reads) = try Self.wholeFrame(seed: 1, frame: 2960)
        let misread = try #require(
            reads.first { $0.data == "0774717491122" || $0.data == "774717491122" }, "the premise: zxing-cpp misreads the label")
        #expect(misread.location.topLeft.x > misread.location.topRight.x, "the premise: right to left")
        var label = misread
        (label.symbology, label.data, label.bytes) = (.ean13, "4025194271322", Array("4025194271322".utf8))
        #expect(TrackingEngine.pixelsPrefer(label, to: misread, in: image) == true)
        let recognized = try Self.recognized(in: scene, frames: 2885...2910)
        #expect(recognized.contains("4025194271322"))
        #expect(!recognized.contains("0774717491122") && !recognized.contains("774717491122"))
    }

    @Test("Enlarging keeps geometry: a point at (x, y) of the enlarged crop lies at (x0 + x / factor, y0 + y / factor)")
    func enlargingKeepsGeometry() throws {
        var pixels = [UInt8](repeating: 255, count: 40 * 30)
        for y in 10..<20 { for x in 12..<22 { pixels[y * 40 + x] = 0 } }
        let image = try LumaImage(width: 40, height: 30, pixels: pixels)
        let enlarged = try #require(TrackingEngine.enlarged(image, x0: 10, y0: 5, width: 20, height: 20, by: 3))
        #expect(enlarged.width == 60 && enlarged.height == 60)
        // The dark square spans x 12..<22 and y 10..<20 of the image: 6..<36 and 15..<45 enlarged.
        #expect(enlarged.pixels[20 * 60 + 20] == 0 && enlarged.pixels[20 * 60 + 3] == 255 && enlarged.pixels[50 * 60 + 20] == 255)
        #expect(enlarged.pixels[20 * 60 + 7] < 128 && enlarged.pixels[20 * 60 + 4] > 128)
    }
}
