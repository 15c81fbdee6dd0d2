import BarcodeDecoding
import BarcodeTracking
import SyntheticScenes
import TestSupport
import Testing

@testable import BarcodeEngine

/// Two EAN/UPC payloads read at one place: the pixels decide
/// (``TrackingEngine/pixelsPrefer(_:to:in:)``, ``ModulePattern``).
struct RetailConflictTests {
    /// `track bench --scenes station`'s seed 2 (`track station --demo --layout station --seed 2
    /// --codes 1000`): its pallet 7 carries the EAN-13 4025712751794 at 2 pixels a module, which
    /// enters at the frame's left edge at frame 2878.
    static func scene() throws -> SyntheticScene {
        var c = SyntheticSceneConfiguration.demo
        c.layout = .station
        (c.shake, c.stopProbability, c.modulePixels) = (0, 0.5, 2)
        (c.seed, c.frameCount, c.codeCount) = (2, 3150, 1000)
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
        let session = try ScanSession(configuration: configuration)
        let engine = try TrackingEngine()
        var recognized: [String] = []
        for number in 2870...2900 {
            let frame = scene.render(frame: number).frame
            let result = try session.step(frame, using: engine, number: number)
            recognized += result?.newlyRecognized.compactMap(\.barcode.data) ?? []
        }
        #expect(recognized.contains(Self.label))
        #expect(!recognized.contains(Self.misread))
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
