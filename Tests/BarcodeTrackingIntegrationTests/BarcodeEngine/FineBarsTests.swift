import BarcodeDecoding
import BarcodeTracking
import SyntheticScenes
import Testing

@testable import BarcodeEngine

/// 1-D codes too fine to read at the frame's size are read with their rows stretched
/// (``TrackingEngineConfiguration/readsFineBarsStretched``).
struct FineBarsTests {
    /// Seed 5's pallet 32 of the station scene: one Code 128 lot label at 2 pixels a module,
    /// crossing the view 8 pixels a frame; wholly in view from about frame 13905 on.
    static let seed: UInt64 = 5, label = "LOT65299258", frames = 13_890...13_940

    @Test(
        "A Code 128 at 2 px a module that neither the frame's reads nor a thorough read of the frame get is recognized once its rows are read stretched, and never without"
    )
    func stretchedRowsReadAFineCode128() throws {
        let scene = try FineRetailReadTests.stationScene(seed: Self.seed, frames: 18_000)
        let (frame, truth) = scene.render(frame: 13_920)
        let code = try #require(truth.codes.first { $0.payload == Self.label }, "the premise: the label is in view")
        #expect(code.symbology == .code128 && code.visibility > 0.99)
        for options in [DecoderOptions.video, .thorough] {
            let reads = try BarcodeReader(options: options).read(frame.image).detections.compactMap(\.barcode?.data)
            #expect(!reads.contains(Self.label), "the premise: zxing-cpp does not read it at the frame's size")
        }
        var without = TrackingEngineConfiguration()
        without.readsFineBarsStretched = false
        #expect(!(try FineRetailReadTests.recognized(in: scene, frames: Self.frames, engine: without).contains(Self.label)))
        #expect(try FineRetailReadTests.recognized(in: scene, frames: Self.frames).contains(Self.label))
    }

    @Test("Stretching a region's rows maps its reads back onto the code in frame pixels")
    func stretchedReadsLieOnTheCode() throws {
        let scene = try FineRetailReadTests.stationScene(seed: Self.seed, frames: 18_000)
        let (frame, truth) = scene.render(frame: 13_920)
        let code = try #require(truth.codes.first { $0.payload == Self.label })
        let box = TrackingEngine.closeBox(around: code.location)
        let reader = try BarcodeReader(options: .video)
        let read = try #require(
            try TrackingEngine.stretchedSearch(frame.image, in: box, hiding: [], with: reader).detections
                .first { $0.barcode?.data == Self.label })
        #expect(code.location.contains(read.location.center))
        #expect(abs(read.location.boundingBox.width - code.location.boundingBox.width) < 0.1 * code.location.boundingBox.width)
    }

    @Test("A fine code turned a quarter, its bars along the rows, is read by a region read turned and stretched, at its place in the frame")
    func turnedFineCodeIsReadTurned() throws {
        let scene = try FineRetailReadTests.stationScene(seed: Self.seed, frames: 18_000)
        let (frame, truth) = scene.render(frame: 13_920)
        let code = try #require(truth.codes.first { $0.payload == Self.label })
        // The frame turned counter-clockwise: frame point (x, y) lies at (y, width - x).
        let turned = try TurnedBarsTests.turnedCounterClockwise(frame.image)
        let width = Double(frame.image.width)
        let location = code.location.mapped { Point(x: $0.y, y: width - $0.x) }
        let box = location.boundingBox
        let region = Rect(x: box.x - 12, y: box.y - 12, width: box.width + 24, height: box.height + 24)
        let reader = try BarcodeReader(options: .video)
        let upright = try TrackingEngine.stretchedSearch(turned, in: region, hiding: [], with: reader).detections
        #expect(!upright.contains { $0.barcode?.data == Self.label }, "the premise: its rows stretched as they are do not read it")
        let read = try #require(
            try TrackingEngine.stretchedSearch(turned, in: region, hiding: [], with: reader, turned: true).detections
                .first { $0.barcode?.data == Self.label })
        #expect(location.contains(read.location.center))
        #expect(abs(read.location.boundingBox.height - box.height) < 0.1 * box.height)
        #expect(TrackingEngine.isTurned(read.location), "its own top edge runs up or down the frame")
    }

    @Test(
        "The fine Code 128 riding up a view turned a quarter is found by a region read turned and stretched, followed turned, and recognized"
    )
    func turnedFineCodeIsRecognized() throws {
        let scene = try FineRetailReadTests.stationScene(seed: Self.seed, frames: 18_000)
        var configuration = ScanSessionConfiguration()
        configuration.linearVerification = .linearDefault
        let session = try ScanSession(configuration: configuration)
        let engine = try TrackingEngine()
        var recognized = Set<String>()
        for number in Self.frames {
            let frame = scene.render(frame: number).frame
            let turned = Frame(number: frame.number, time: frame.time, image: try TurnedBarsTests.turnedCounterClockwise(frame.image))
            let result = try session.step(turned, using: engine, number: number)
            recognized.formUnion(result?.newlyRecognized.compactMap(\.barcode.data) ?? [])
        }
        #expect(recognized.contains(Self.label), "\(recognized)")
    }
}
