import BarcodeDecoding
@testable import BarcodeEngine
import BarcodeTracking
import FrameSources
import Foundation
import Testing
import TestSupport

/// The rows read's first look (``TrackingEngine/linearRowsMayRead(_:in:hiding:with:)``): it
/// must never say "nothing" where the search it stands for, real zxing-cpp on the same
/// pixels, finds a 1-D code.
struct ScanRowsProbeTests {
    static let engine = try! TrackingEngine()
    static var reader: BarcodeReader { engine.linearDiscovery! }

    /// Whether the probe and the search agree: the probe's answer, and what the search found.
    static func both(_ image: LumaImage, hiding hidden: [Quadrilateral] = []) throws -> (may: Bool, found: [String]) {
        let may = try TrackingEngine.linearRowsMayRead(image, in: image.bounds, hiding: hidden, with: reader)
        let found = try TrackingEngine.search(image, in: image.bounds, hiding: hidden, with: reader).detections
        return (may, found.compactMap(\.barcode?.data))
    }

    /// A mid-grey 1280 × 720 frame with a Code 128 label (360 × 100 pixels) pasted at `y`.
    static func frame(labelAt y0: Int, width: Int = 1280, height: Int = 720, labelWidth: Int = 360) throws -> (LumaImage, Quadrilateral) {
        var image = try LumaImage(width: width, height: height, filledWith: 128)
        let symbol = try BarcodeRenderer.render("ROWS-1", as: .code128, width: labelWidth, height: 100, quietZone: 20)
        let x0 = 200
        for y in 0..<symbol.height {
            for x in 0..<symbol.width {
                image.pixels[(y0 + y) * image.bytesPerRow + x0 + x] = symbol.pixels[y * symbol.bytesPerRow + x]
            }
        }
        let quad = Quadrilateral(Rect(x: Double(x0), y: Double(y0), width: Double(symbol.width), height: Double(symbol.height)))
        return (image, quad)
    }

    @Test("The scan rows are zxing-cpp 1.4's: 15 rows a thirty-second of the height apart around the middle")
    func scanRows() {
        #expect(TrackingEngine.linearScanRows(height: 720) == Array(stride(from: 360 - 7 * 22, through: 360 + 7 * 22, by: 22)))
        #expect(TrackingEngine.linearScanRows(height: 1080) == Array(stride(from: 540 - 7 * 33, through: 540 + 7 * 33, by: 33)))
        // Under 32 rows the step is 1, and rows beyond the image end the list.
        #expect(TrackingEngine.linearScanRows(height: 10) == Array(0..<10))
    }

    @Test("A code on the scan rows: both read it; painted out: neither; only off the scan rows: neither")
    func placedCodes() throws {
        // 720 rows: the scan rows run from 206 to 514.
        let (onRows, quad) = try Self.frame(labelAt: 300)
        let seen = try Self.both(onRows)
        #expect(seen.may && seen.found == ["ROWS-1"])
        let hidden = try Self.both(onRows, hiding: [TrackingEngine.hidingMask(for: quad)])
        #expect(!hidden.may && hidden.found.isEmpty)
        let (above, _) = try Self.frame(labelAt: 40)
        let missed = try Self.both(above)
        #expect(!missed.may && missed.found.isEmpty, "rows 40-190 hold no scan row: the search misses it as well")
        // 1080p with a code 1400 pixels wide: the pyramid's halved level is looked at too.
        let (large, largeQuad) = try Self.frame(labelAt: 500, width: 1920, height: 1080, labelWidth: 1400)
        let big = try Self.both(large)
        #expect(big.may && big.found == ["ROWS-1"])
        #expect(try !Self.both(large, hiding: [TrackingEngine.hidingMask(for: largeQuad)]).may)
    }

    @Test("On the 1-D sample photographs, with and without a code painted out, the probe never misses what the search reads")
    func samplePhotographs() throws {
        let folders = ["codabar-1", "code128-2", "code39-1", "code93-1", "ean13-1", "ean13-2", "ean8-1", "itf-1", "upca-2",
                       "upca-3", "upce-2", "rss14-1", "rssexpanded-1", "falsepositives-1", "falsepositives-2", "multi-1"]
        var (agreedFound, agreedEmpty, probeOnly) = (0, 0, 0)
        for folder in folders {
            let directory = SharedData.samples.appendingPathComponent(folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }.sorted().prefix(6)
            for name in names {
                let image = try ImageFile.load(path: directory.appendingPathComponent(name).path)
                let plain = try Self.both(image)
                // The first read painted out, as a tracked code would be.
                let first = try Self.reader.detect(in: image).first.map { [TrackingEngine.hidingMask(for: $0.location)] } ?? []
                for (may, found) in [plain, try Self.both(image, hiding: first)] {
                    #expect(may || found.isEmpty, "\(folder)/\(name): the probe said nothing, the search read \(found)")
                    switch (may, found.isEmpty) {
                    case (true, false): agreedFound += 1
                    case (false, true): agreedEmpty += 1
                    case (true, true): probeOnly += 1
                    case (false, false): break
                    }
                }
            }
        }
        // Both kinds of answer were exercised.
        #expect(agreedFound >= 50, "searches that read a code: \(agreedFound)")
        #expect(agreedEmpty >= 20, "searches that read none, the probe agreeing: \(agreedEmpty)")
        #expect(probeOnly <= agreedFound, "probe hits the search does not confirm (one row decoding, not two): \(probeOnly)")
    }
}
