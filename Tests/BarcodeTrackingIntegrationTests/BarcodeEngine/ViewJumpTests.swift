import BarcodeEngine
import BarcodeTracking
import SyntheticScenes
import TestSupport
import Testing

/// Following when the view moves further between two frames than correlation searches:
/// a camera at a few frames per second, or a paced run that drops most frames.
struct ViewJumpTests {
    /// The pallet of `track bench`'s photo scenes and of the soak (16 codes on 10 photos).
    static let pallet = [
        "qrcode-1/1.png", "ean13-1/14.png", "code128-2/06.png", "datamatrix-2/01.png", "upca-1/16.png",
        "pdf417-2/01.png", "qrcode-5/01.png", "aztec-2/05.png", "multi-1/multi-qr.png", "multi-1/#360.png",
    ].map { SharedData.samples.appendingPathComponent($0).path }

    @Test("A 3 fps pan that jumps 90 pixels a frame announces each label once, under one id while in view", .needsSharedData)
    func jumpKeepsOneIdentity() throws {
        // The soak's scene at 3 frames per second (as if 9 of 10 frames were dropped). In
        // frames 286-288 the #360 sheet's QR code comes back and the view jumps by about
        // 90 pixels: its template used to lock 27 pixels off, half on the code (score 0.83),
        // and the code's own read started a twin that the session announced again.
        var c = PhotoSceneConfiguration()
        c.path = .pan
        c.seed = 7
        c.frameRate = 3
        c.exposure = min(c.exposure, 1.0 / 3)
        c.frameCount = 300
        let scene = try PhotoScene(photos: Self.pallet, configuration: c)
        let session = try ScanSession()
        let engine = try TrackingEngine()
        var idsByPayload: [String: Set<TrackID>] = [:]
        for n in 280...296 {
            let (frame, _) = scene.render(frame: n)
            let result = try #require(try session.step(frame, using: engine, number: n))
            for track in result.tracks where track.state == .tracked {
                if let data = track.barcode?.data { idsByPayload[data, default: []].insert(track.id) }
            }
        }
        let announced = session.recognized.compactMap(\.barcode.data)
        #expect(idsByPayload["QR Code"] != nil, "the #360 sheet's QR code was never measured in frames 280-296")
        #expect(announced.count == Set(announced).count, "announced more than once: \(announced)")
        #expect(idsByPayload.values.allSatisfy { $0.count == 1 }, "\(idsByPayload.filter { $0.value.count > 1 })")
    }
}
