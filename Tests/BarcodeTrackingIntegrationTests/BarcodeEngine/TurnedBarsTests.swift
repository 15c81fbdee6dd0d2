import BarcodeDecoding
import BarcodeTracking
import TestSupport
import Testing

@testable import BarcodeEngine

/// A 1-D code turned across the frame's rows is followed by reading its window turned a
/// quarter (``TrackingEngine/readTurned(_:barcode:with:image:bounds:warnings:)``).
struct TurnedBarsTests {
    /// `image` turned a quarter counter-clockwise, written out pixel by pixel: the code's
    /// start at the bottom, its bars running across the rows.
    static func turnedCounterClockwise(_ image: LumaImage) throws -> LumaImage {
        var pixels = [UInt8](repeating: 0, count: image.width * image.height)
        for y in 0..<image.height {
            for x in 0..<image.width { pixels[(image.width - 1 - x) * image.height + y] = image[x, y] }
        }
        return try LumaImage(width: image.height, height: image.width, pixels: pixels)
    }

    @Test("A window turned a quarter clockwise holds the frame's pixels turned, and its points map back to the frame's")
    func turnedWindowMapsBack() throws {
        // Each pixel's value names its place: 16 × x + y.
        let frame = try LumaImage(width: 12, height: 10, pixels: (0..<120).map { UInt8(16 * ($0 % 12) + $0 / 12) })
        let turned = try #require(TurnedWindow(frame, Rect(x: 2, y: 1, width: 9, height: 8)))
        #expect(turned.image.width == 8 && turned.image.height == 9)
        // Turned pixel (x, y) is the frame's (2 + y, 1 + 7 - x).
        for y in 0..<9 {
            for x in 0..<8 { #expect(turned.image[x, y] == frame[2 + y, 8 - x], "turned (\(x), \(y))") }
        }
        // The turned image's top-left corner is the rectangle's bottom-left one, and so on round.
        let corners = turned.inFrame(Quadrilateral(Rect(x: 0, y: 0, width: 8, height: 9)))
        #expect(corners.topLeft == Point(x: 2, y: 9) && corners.topRight == Point(x: 2, y: 1))
        #expect(corners.bottomRight == Point(x: 11, y: 1) && corners.bottomLeft == Point(x: 11, y: 9))
        #expect(TurnedWindow(frame, Rect(x: 0, y: 0, width: 7, height: 10)) == nil, "under 8 pixels wide")
    }

    @Test("A Code 128 standing upright in a still view is found by the standing read, then measured and counted on the frames after it")
    func uprightCodeIsFollowed() throws {
        let code = try Self.turnedCounterClockwise(BarcodeRenderer.render("UPRIGHT-CARTON-42", as: .code128, width: 300, height: 90))
        let frames = try (1...60).map { try ReacquisitionTests.frame($0, code: code, x: 420, y: 100) }
        var off = TrackingEngineConfiguration()
        off.readsStandingViewsHarder = false
        let fast = try TrackingEngine(configuration: off)
        #expect(
            try frames.allSatisfy { try fast.report(in: $0, region: nil, expected: []).detections.allSatisfy { $0.barcode == nil } },
            "the fast reads must miss it for this test to mean anything")

        let engine = try TrackingEngine()
        engine.readStandingViewsInline()
        // As `track` counts 1-D codes: read on 2 of 3 frames.
        var counting = ScanSessionConfiguration()
        counting.linearVerification = .linearDefault
        let session = try ScanSession(configuration: counting)
        var measured: [Int] = [], recognizedAt: Int?
        for frame in frames {
            let result = try #require(try session.step(frame, using: engine))
            if result.tracks.contains(where: { $0.barcode?.data == "UPRIGHT-CARTON-42" && $0.state == .tracked }) {
                measured.append(frame.number)
            }
            if recognizedAt == nil, session.recognized.contains(where: { $0.barcode.data == "UPRIGHT-CARTON-42" }) {
                recognizedAt = frame.number
            }
        }
        // Still from frame 2; the thorough read starts 0.3 s later and is taken at the next frame.
        let found = try #require(measured.first)
        #expect((11...14).contains(found), "found on frame \(found)")
        #expect(measured == Array(found...60), "measured on every frame from then on: \(measured)")
        #expect(recognizedAt.map { $0 <= found + 2 } == true, "counted once verified: \(String(describing: recognizedAt))")
        #expect(session.recognized.count == 1)
        let location = try #require(session.recognized.first?.location)
        #expect(TrackingEngine.isTurned(location), "its top edge runs up the frame: \(location)")
    }
}
