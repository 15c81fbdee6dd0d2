import BarcodeDecoding
import BarcodeTracking
import SyntheticScenes
import Testing

@testable import BarcodeEngine

/// Two EAN/UPC payloads read at one place: the pixels decide
/// (``TrackingEngine/pixelsPrefer(_:to:in:)``, ``ModulePattern``).
struct RetailConflictTests {
    /// `track bench --scenes station`'s seed 2 (`track station --demo --layout station --seed 2
    /// --codes 1000`): its pallet 7 carries the EAN-13 4025712751794 at 2 pixels a module, which
    /// enters at the frame's left edge at frame 2878.
    static func scene(seed: UInt64 = 2) throws -> SyntheticScene {
        var c = SyntheticSceneConfiguration.demo
        c.layout = .station
        (c.shake, c.stopProbability, c.modulePixels) = (0, 0.5, 2)
        (c.seed, c.frameCount, c.codeCount) = (seed, 3150, 1000)
        return try SyntheticScene.fitting(c)
    }

    static let label = "4025712751794"
    static let misread = "075777151194"

    @Test(
        "An EAN-13 that zxing-cpp reads beside a misread UPC-A at its place, and alone as the misread in its window, is recognized with its own payload"
    )
    func misreadUPCAGivesWayToTheLabel() throws {
        let scene = try Self.scene()
        let first = scene.render(frame: 2878).frame
        let wholeFrame = try BarcodeReader(options: .video).read(first.image).detections.compactMap(\.barcode?.data)
        #expect(
            wholeFrame.contains(Self.misread) && wholeFrame.contains(Self.label),
            "the premise: the whole frame holds both payloads at one place")
        var configuration = ScanSessionConfiguration()
        configuration.linearVerification = .linearDefault
        let recognized = try Self.recognized(in: scene, frames: 2870...2900)
        #expect(recognized.contains(Self.label))
        #expect(!recognized.contains(Self.misread))
    }

    /// What a session with `track`'s 1-D verification (2 reads of 3) recognizes over `frames` of `scene`.
    static func recognized(in scene: SyntheticScene, frames: ClosedRange<Int>) throws -> [String] {
        var configuration = ScanSessionConfiguration()
        configuration.linearVerification = .linearDefault
        let session = try ScanSession(configuration: configuration)
        let engine = try TrackingEngine()
        let size = Size(width: Double(scene.configuration.width), height: Double(scene.configuration.height))
        var recognized: [String] = []
        for number in frames {
            let frame = scene.render(frame: number).frame
            let detections = try session.detect(in: frame, using: engine)
            let result = try session.process(detections, frameNumber: number, time: frame.time, frameSize: size)
            recognized += result?.newlyRecognized.compactMap(\.barcode.data) ?? []
        }
        return recognized
    }

    @Test(
        "An EAN-13 that zxing-cpp only ever reads as another payload is recognized with the payload its modules spell",
        arguments: [(UInt64(1), 2827...2900, "4025194271322"), (4, 2893...2960, "4070971516585")])
    func misreadAloneGivesWayToTheModules(seed: UInt64, frames: ClosedRange<Int>, label: String) throws {
        let scene = try Self.scene(seed: seed)
        let recognized = try Self.recognized(in: scene, frames: frames)
        #expect(recognized.contains(label))
        #expect(!recognized.contains { $0.count >= 12 && $0.allSatisfy(\.isNumber) && $0 != label && $0.hasPrefix("0") })
    }

    @Test("The pixels under the standing label prefer its own payload to the misread, and cannot tell a payload from itself")
    func pixelsPreferTheLabel() throws {
        let image = try Self.scene().render(frame: 2960).frame.image
        let reads = try BarcodeReader(options: .video).read(image).detections.compactMap(\.barcode)
        let label = try #require(reads.first { $0.data == Self.label })
        let misread = try #require(reads.first { $0.data == Self.misread })
        #expect(TrackingEngine.pixelsPrefer(label, to: misread, in: image) == true)
        #expect(TrackingEngine.pixelsPrefer(misread, to: label, in: image) == false)
        #expect(TrackingEngine.pixelsPrefer(label, to: label, in: image) == nil)
    }
}
