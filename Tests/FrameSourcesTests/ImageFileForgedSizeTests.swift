import Foundation
import Testing
import BarcodeTracking
import FrameSources

/// Headers that announce sizes near the formats' limits (found while writing the fuzz
/// harnesses, Tests/Fuzz): the size check must not overflow.
struct ImageFileForgedSizeTests {
    @Test("A PNG header of 4294967295x4294967295 is refused as imageTooLarge with its real size",
          arguments: [(4_294_967_295, 4_294_967_295), (4_294_967_295, 2), (3_037_000_500, 3_037_000_500)])
    func largestPNGHeader(width: Int, height: Int) throws {
        // width * height overflowed int64_t in the shim's check (UB; in practice negative,
        // so the header got through and FFmpeg refused it with a vague "Invalid image size").
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try TestSupport.write(TestSupport.pngHeader(width: width, height: height), to: "forged.png", in: directory)
        let error = #expect(throws: SourceError.self) { try ImageFile.load(path: path) }
        #expect(error?.code == .imageTooLarge, "\(String(describing: error))")
        #expect(error?.message.contains("\(width)x\(height)") == true, "\(String(describing: error))")
        let media = #expect(throws: SourceError.self) { try MediaFileSource(path: path) }
        #expect(media?.code == .imageTooLarge, "\(String(describing: media))")
    }
}
