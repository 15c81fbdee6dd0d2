@testable import BarcodeEngine
import BarcodeDecoding
import BarcodeTracking
import TestSupport
import Testing

/// A still view is read harder (``TrackingEngineConfiguration/readsStandingViewsHarder``): a
/// code the fast per-frame reads cannot get, standing in view, is read by the thorough read
/// of the still frame, and nothing is read harder while the view moves.
struct StandingReadTests {
    /// A white-on-black QR code (zxing-cpp reads it only with its inversion pass, which the
    /// per-frame reads leave out) at `x`, on a grey 960 × 540 frame, at 30 fps.
    static func frame(_ number: Int, x: Int) throws -> Frame {
        let code = try BarcodeRenderer.render("STANDING-PALLET-7", as: .qrCode, width: 160, height: 160)
        var frame = try ReacquisitionTests.frame(number, code: code, x: x, y: 190)
        for i in frame.image.pixels.indices { frame.image.pixels[i] = 255 - frame.image.pixels[i] }
        return frame
    }

    /// Frame numbers at which `engine` reported the code over `frames`.
    static func reads(_ engine: TrackingEngine, _ frames: [Frame]) throws -> [Int] {
        try frames.compactMap { frame in
            let found = try engine.report(in: frame, region: nil, expected: []).detections
            return found.contains { $0.barcode?.data == "STANDING-PALLET-7" } ? frame.number : nil
        }
    }

    @Test("A code the per-frame reads miss, standing in view, is read by the thorough read that starts once the view has stood still for 0.3 s")
    func standingCodeIsRead() throws {
        let frames = try (1...30).map { try Self.frame($0, x: 400) }
        var off = TrackingEngineConfiguration()
        off.readsStandingViewsHarder = false
        #expect(try Self.reads(TrackingEngine(configuration: off), frames).isEmpty, "the fast reads must miss it for this test to mean anything")
        let read = try Self.reads(TrackingEngine(), frames)
        // Still from frame 2 (t = 1/30 s); the thorough read starts 0.3 s later (frame 11, or
        // 12 by rounding) and a file's frames take it at the next frame. Nothing tracks it here,
        // so it is reported once; the read of the mean frames is due after the 30 frames.
        #expect(read.count == 1 && (12...13).contains(read[0]), "\(read)")
    }

    @Test("A moving view is never read harder: the code sliding 4 px a frame stays unread")
    func movingViewIsNotReadHarder() throws {
        let frames = try (1...30).map { try Self.frame($0, x: 200 + 4 * $0) }
        #expect(try Self.reads(TrackingEngine(), frames).isEmpty)
    }
}

/// A still view with nothing tracked rests (``TrackingEngineConfiguration/restsWhileStill``): an
/// empty lane costs the stillness measure, and a code that arrives is still found at once.
struct StillRestTests {
    /// A 960 × 540 grey lane at 30 fps, with a QR code from frame `arrival` on.
    static func frame(_ number: Int, arrival: Int) throws -> Frame {
        let code = try BarcodeRenderer.render("ARRIVED", as: .qrCode, width: 120, height: 120)
        var frame = try ReacquisitionTests.frame(number, code: number >= arrival ? code : LumaImage(width: 1, height: 1, filledWith: 255),
                                                 x: 300, y: 200)
        for i in frame.image.pixels.indices where frame.image.pixels[i] == 255 { frame.image.pixels[i] = 170 }
        return frame
    }

    @Test("An empty still lane rests on all but its first frames and one sweep a second; a code arriving is found on its first frame, as without rest")
    func emptyLaneRestsAndArrivalIsFound() throws {
        let frames = try (1...60).map { try Self.frame($0, arrival: 45) }
        var first: [Bool: Int] = [:]
        for rests in [true, false] {
            var configuration = TrackingEngineConfiguration()
            configuration.restsWhileStill = rests
            let engine = try TrackingEngine(configuration: configuration)
            for frame in frames where first[rests] == nil {
                if try engine.report(in: frame, region: nil, expected: []).detections.contains(where: { $0.barcode?.data == "ARRIVED" }) {
                    first[rests] = frame.number
                }
            }
            // Still from frame 2; searched at frame 2 (the spell's first sweep) and frame 32
            // (1 s later); frames 3...44 but 32 rest.
            #expect(engine.restedFrames == (rests ? 41 : 0), "rests: \(rests)")
        }
        #expect(first[true] == 45 && first[false] == 45, "\(first)")
    }
}

/// A still view with tracked codes rests too: the codes are kept where they were, not followed
/// or searched again, until the view changes.
struct StillTrackedRestTests {
    @Test("A tracked code standing still is kept on every frame while the engine rests, and followed again at once when it moves")
    func standingCodeIsKeptThenFollowed() throws {
        let code = try BarcodeRenderer.render("STANDING", as: .qrCode, width: 120, height: 120)
        // Still for 45 frames (1.5 s), then sliding right 6 px a frame.
        let frames = try (1...70).map { n in try ReacquisitionTests.frame(n, code: code, x: n <= 45 ? 300 : 300 + 6 * (n - 45), y: 200) }
        let engine = try TrackingEngine()
        let session = try ScanSession()
        var centers: [Double] = []
        for frame in frames {
            let result = try #require(try session.step(frame, using: engine))
            let track = result.tracks.first { $0.barcode?.data == "STANDING" && $0.state == .tracked }
            centers.append(track?.location.center.x ?? -1)
        }
        #expect(!centers.contains(-1), "tracked on every frame: \(centers)")
        // Searched at the spell's first frames and a sweep a second later; the rest of the still frames rest.
        #expect(engine.restedFrames >= 35, "\(engine.restedFrames) frames rested")
        // Moving: each frame's position is where the code is (its centre 6 px further each frame).
        for n in 50...70 { #expect(abs(centers[n - 1] - (360 + 6 * Double(n - 45))) <= 3, "frame \(n): \(centers[n - 1])") }
    }
}
