import BarcodeDecoding
import BarcodeTracking
import Foundation
import FrameSources
import Testing

/// Decodes every image of ../shared/data/zxing-cpp-samples with the thorough
/// still-image settings and checks each folder against the count measured when
/// this test was written (a regression guard, not a wish).
struct SampleImagesTests {
    /// Images (or structured-append groups) that decode to exactly the expected payload, per folder,
    /// measured with zxing-cpp 1.4.0 (Debian 12) and `DecoderOptions.thorough`.
    static let floors: [String: Int] = [:]

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
        return found.contains { code in
            if code.bytes == testCase.expected { return true }
            return testCase.expectedIsText && code.data.map { Array($0.utf8) } == testCase.expected
        }
    }

    @Test("Each folder of zxing-cpp's samples decodes at least as many images as measured")
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

    @Test("False-positive images yield no code at all", arguments: ["falsepositives-1", "falsepositives-2"])
    func falsePositives(folder: String) throws {
        let images = SampleCorpus.images(in: folder)
        try #require(!images.isEmpty)
        for image in images {
            let codes = try Self.reader.barcodes(in: try ImageFile.load(path: image.path))
            #expect(codes.isEmpty, "\(image.lastPathComponent): \(codes.map { "\($0.symbology) \($0.data ?? "")" })")
        }
    }

    @Test("Images with several codes yield several codes")
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
