import BarcodeDecoding
import BarcodeTracking
import Foundation
import FrameSources
import SyntheticScenes
import Testing
import TestSupport

/// Decodes every image of ../shared/data/zxing-cpp-samples with the thorough
/// still-image settings and checks each folder against the count measured when
/// this test was written (a regression guard, not a wish).
struct SampleImagesTests {
    /// Images (or structured-append groups) that decode to exactly the expected payload, per folder,
    /// measured with zxing-cpp 1.4.0 (Debian 12) and `DecoderOptions.thorough`.
    static let floors: [String: Int] = [
        "aztec-1": 24,
        "aztec-2": 4,
        "codabar-1": 11,
        "codabar-2": 3,
        "code128-1": 6,
        "code128-2": 13,
        "code128-3": 2,
        "code39-1": 5,
        "code39-2": 2,
        "code39-3": 5,
        "code93-1": 3,
        "databarltd-1": 0,
        "datamatrix-1": 27,
        "datamatrix-2": 13,
        "datamatrix-3": 18,
        "datamatrix-4": 21,
        "dxfilmedge-1": 0,
        "ean13-1": 20,
        "ean13-2": 9,
        "ean13-3": 8,
        "ean13-4": 12,
        "ean13-extension-1": 5,
        "ean8-1": 8,
        "itf-1": 13,
        "itf-2": 6,
        "maxicode-1": 9,
        "maxicode-2": 0,
        "micropdf417-1": 0,
        "microqrcode-1": 15,
        "pdf417-1": 17,
        "pdf417-2": 25,
        "pdf417-3": 16,
        "pdf417-4": 0,
        "qrcode-1": 8,
        "qrcode-2": 46,
        "qrcode-3": 25,
        "qrcode-4": 14,
        "qrcode-5": 16,
        "qrcode-6": 15,
        "qrcode-7": 1,
        "rmqrcode-1": 0,
        "rss14-1": 10,
        "rss14-2": 6,
        "rssexpanded-1": 36,
        "rssexpanded-2": 7,
        "rssexpanded-3": 116,
        "rssexpandedstacked-1": 61,
        "rssexpandedstacked-2": 2,
        "telepen-1": 0,
        "upca-1": 5,
        "upca-2": 15,
        "upca-3": 14,
        "upca-4": 9,
        "upca-5": 9,
        "upca-extension-1": 4,
        "upce-1": 3,
        "upce-2": 22,
        "upce-3": 9,
    ]

    static let reader = try! BarcodeReader(options: .thorough)

    static func matches(_ testCase: SampleCorpus.Case) -> Bool {
        var found: [Barcode] = []
        for image in testCase.images {
            guard let luma = try? ImageFile.load(path: image.path) else { return false }
            found += (try? reader.barcodes(in: luma)) ?? []
        }
        if testCase.images.count > 1, let merged = Barcode.mergingStructuredAppend(found) {
            found = [merged]
        }
        // The corpus writes UPC-A/UPC-E in their EAN-13 form and appends an
        // add-on's digits to its main code; our results carry the same content
        // as `extendedData` and as a linked add-on, so compare those forms too.
        return found.contains { code in
            let addOn = code.associatedCode.flatMap { $0.symbology.isAddOn ? $0.data : nil } ?? ""
            let candidates: [[UInt8]] = [code.bytes, Array((code.data ?? "").utf8), Array((code.extendedData ?? "").utf8)]
                .filter { !$0.isEmpty }
            return candidates.contains { $0 == testCase.expected || $0 + Array(addOn.utf8) == testCase.expected }
        }
    }

    @Test("Each folder of zxing-cpp's samples decodes at least as many images as measured", .needsSharedData)
    func perFolderFloors() throws {
        try #require(!SampleCorpus.folders.isEmpty, "../shared/data/zxing-cpp-samples is missing")
        var table = "folder                      cases  decoded\n"
        var measured: [String: Int] = [:]
        for folder in SampleCorpus.folders where !folder.hasPrefix("falsepositives") && folder != "multi-1" {
            let cases = SampleCorpus.cases(in: folder)
            let decoded = cases.filter(Self.matches).count
            measured[folder] = decoded
            table += folder.padding(toLength: 28, withPad: " ", startingAt: 0)
                + String(cases.count).leftPadded(5) + String(decoded).leftPadded(9) + "\n"
        }
        print(table)
        for (folder, floor) in Self.floors {
            #expect((measured[folder] ?? 0) >= floor, "\(folder): \(measured[folder] ?? 0) < \(floor)")
        }
        #expect(Set(Self.floors.keys) == Set(measured.keys), "every folder has a floor")
    }

    @Test("False-positive images yield no code at all", .needsSharedData, arguments: ["falsepositives-1", "falsepositives-2"])
    func falsePositives(folder: String) throws {
        let images = SampleCorpus.images(in: folder)
        try #require(!images.isEmpty)
        for image in images {
            let codes = try Self.reader.barcodes(in: try ImageFile.load(path: image.path))
            #expect(codes.isEmpty, "\(image.lastPathComponent): \(codes.map { "\($0.symbology) \($0.data ?? "")" })")
        }
    }

    @Test("A stacked DataBar filmed is one code whose quad spans both its rows", .needsSharedData)
    func stackedDataBarIsOneCode() throws {
        // Its left pair printed above its right pair, under the photo scenes' virtual
        // camera: zxing-cpp 1.4 joins the pairs it reads on the two rows into one result,
        // which the reader used to report as two codes with the same payload (one per row),
        // so that a tracker followed two halves, neither of them readable alone.
        var camera = PhotoSceneConfiguration()
        camera.frameCount = 12
        let scene = try PhotoScene(photos: [SharedData.samples.appendingPathComponent("rss14-2/2.png").path], configuration: camera)
        let reader = try BarcodeReader(options: .video)
        var read = 0
        for n in 0..<12 {
            let (frame, truth) = scene.render(frame: n)
            let codes = try reader.barcodes(in: frame.image).filter { $0.data == "0100821935106427" }
            #expect(codes.count <= 1, "frame \(n): \(codes.map(\.location.boundingBox))")
            // The scene's truth is the still scan's quad of the photo: a band along the
            // separator between the rows, about a sixth of the symbol's height.
            let band = try #require(truth.codes.first).location.boundingBox
            for code in codes {
                read += 1
                let box = code.location.boundingBox
                #expect(box.contains(band.center) && box.height > 4 * band.height, "frame \(n): \(box) around \(band)")
            }
        }
        #expect(read >= 6)
    }

    @Test("Images with several codes yield several codes", .needsSharedData)
    func multipleCodes() throws {
        for image in SampleCorpus.images(in: "multi-1") {
            let codes = try Self.reader.barcodes(in: try ImageFile.load(path: image.path))
            #expect(codes.count >= 2, "\(image.lastPathComponent): \(codes.count) codes")
        }
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
