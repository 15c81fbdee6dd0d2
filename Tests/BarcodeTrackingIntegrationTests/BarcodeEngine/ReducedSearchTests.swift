import BarcodeDecoding
@testable import BarcodeEngine
import BarcodeTracking
import FrameSources
import Testing
import TestSupport

/// The engine's whole-frame search on a frame reduced by a whole factor, between
/// full-resolution ones (``TrackingEngineConfiguration/fullResolutionWholeFrameInterval``).
@Suite(.needsSharedData)
struct ReducedSearchTests {
    @Test("A search at half resolution reads large codes where a full-resolution read finds them, in frame pixels")
    func readsLargeCodesInFramePixels() throws {
        let reader = try BarcodeReader(options: .video)
        var matched = 0
        for name in ["qrcode-1/1.png", "datamatrix-2/01.png", "aztec-2/05.png", "qrcode-5/01.png", "multi-1/multi-qr.png"] {
            let image = try ImageFile.load(path: SharedData.samples.appendingPathComponent(name).path)
            let full = try TrackingEngine.search(image, in: image.bounds, hiding: [], with: reader).detections.compactMap(\.barcode)
            let reduced = try TrackingEngine.search(image, in: image.bounds, hiding: [], with: reader, reducedBy: 2)
                .detections.compactMap(\.barcode)
            for code in reduced {
                let same = full.first { $0.bytes == code.bytes }
                #expect(same != nil, "\(name): \(code.data) read only at half resolution")
                guard let same else { continue }
                // Within a module or two of the full read, at the full read's size.
                let size = same.location.area.squareRoot()
                #expect(code.location.center.distance(to: same.location.center) <= max(4, size / 20), "\(name): \(code.data)")
                #expect(abs(code.location.area.squareRoot() / size - 1) < 0.1, "\(name): \(code.data)")
                matched += 1
            }
        }
        #expect(matched >= 3)
    }

    @Test("Reduced search of part of a frame with a tracked code hidden: the other codes at their frame positions, not the hidden one")
    func partOfTheFrameWithHiding() throws {
        let reader = try BarcodeReader(options: .video)
        let image = try ImageFile.load(path: SharedData.samples.appendingPathComponent("multi-1/multi-qr.png").path)
        let full = try TrackingEngine.search(image, in: image.bounds, hiding: [], with: reader).detections.compactMap(\.barcode)
        let reducedWhole = try TrackingEngine.search(image, in: image.bounds, hiding: [], with: reader, reducedBy: 2)
            .detections.compactMap(\.barcode)
        try #require(reducedWhole.count >= 2, "the sample's QR codes read at half resolution")
        let hidden = reducedWhole[0], kept = reducedWhole[1...]
        // An odd origin: the crop's offset is added back after scaling.
        let part = Rect(x: 3, y: 5, width: image.bounds.width - 3, height: image.bounds.height - 5)
        let found = try TrackingEngine.search(image, in: part, hiding: [TrackingEngine.hidingMask(for: hidden.location)], with: reader,
                                              reducedBy: 2).detections.compactMap(\.barcode)
        #expect(!found.contains { $0.bytes == hidden.bytes && $0.location.center.distance(to: hidden.location.center) < 10 })
        for code in kept {
            let same = try #require(full.first { $0.bytes == code.bytes })
            let match = found.first { $0.bytes == code.bytes }
            #expect(match.map { $0.location.center.distance(to: same.location.center) <= 4 } == true, "\(code.data)")
        }
    }
}
