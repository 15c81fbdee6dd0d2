import Foundation
import Testing
import BarcodeTracking
import FrameSources
import TestSupport

/// Headers that announce sizes near the formats' limits (found while writing the fuzz
/// harnesses, Tests/Fuzz): the size check must not overflow.
struct ImageFileForgedSizeTests {
    @Test("A PNG header of 4294967295x4294967295 is refused as imageTooLarge with its real size",
          arguments: [(4_294_967_295, 4_294_967_295), (4_294_967_295, 2), (3_037_000_500, 3_037_000_500)])
    func largestPNGHeader(width: Int, height: Int) throws {
        // width * height overflowed int64_t in the shim's check (UB; in practice negative,
        // so the header got through and FFmpeg refused it with a vague "Invalid image size").
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try TemporaryFiles.write(TestImages.pngHeader(width: width, height: height), to: "forged.png", in: directory)
        let error = #expect(throws: SourceError.self) { try ImageFile.load(path: path) }
        #expect(error?.code == .imageTooLarge, "\(String(describing: error))")
        #expect(error?.message.contains("\(width)x\(height)") == true, "\(String(describing: error))")
        let media = #expect(throws: SourceError.self) { try MediaFileSource(path: path) }
        #expect(media?.code == .imageTooLarge, "\(String(describing: media))")
    }

    /// fuzz-image-file's crash-bbaeac2d (selector byte dropped): 103 bytes named .jpg that the
    /// demuxer probes as a small picture and the MJPEG decoder decodes as 65178x2296.
    static let jpegDecodedLargerThanProbed = Array(Data(base64Encoded:
        "/zErK4/Q/8IAEQgI+P6aAwEiAAIRAQMRAf/EAAAAAAAGBwUIAgMAAQT/2gAGUDIjCG5vAQEAAK45hNquxAAfEQACAAAAAACAAAAAcQEAAhAxQUKBMlFScGH/2gBfHQAAAAAAAAD/2Q==")!)

    @Test("A JPEG that decodes larger than its stream announced is refused by loadRGB and load, at any limit",
          arguments: [1 << 22, ImageFile.defaultPixelLimit])
    func decodedLargerThanProbed(limit: Int) throws {
        // loadRGB checked only the stream's size and returned 65178x2296 RGB (449 MB) under a
        // 4-megapixel limit.
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try TemporaryFiles.write(Self.jpegDecodedLargerThanProbed, to: "probe.jpg", in: directory)
        do {
            let picture = try ImageFile.loadRGB(path: path, pixelLimit: limit)
            Issue.record("loadRGB returned \(picture.width)x\(picture.height) under a limit of \(limit) pixels")
        } catch {
            #expect(error.code == .imageTooLarge || error.code == .decodingFailed, "\(error)")
        }
        do {
            let image = try ImageFile.load(path: path, pixelLimit: limit)
            #expect(image.width * image.height <= limit, "load returned \(image.width)x\(image.height)")
        } catch {
            #expect(error.code == .imageTooLarge || error.code == .decodingFailed, "\(error)")
        }
    }
}
