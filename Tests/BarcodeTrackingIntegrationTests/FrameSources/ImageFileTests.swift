import Foundation
import TestSupport
import Testing
import BarcodeTracking
import FrameSources

struct ImageFileTests {
    @Test("PNG samples load at their header's size with real contrast", .needsSharedData)
    func loadsPNGSamples() throws {
        let folder = SharedData.samples.appendingPathComponent("qrcode-1")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }
        #expect(names.count >= 5)
        for name in names.sorted().prefix(8) {
            let path = folder.appendingPathComponent(name).path
            let image = try ImageFile.load(path: path)
            let (width, height) = TestImages.pngSize(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            #expect(image.width == width && image.height == height, "\(name)")
            #expect(image.bytesPerRow == image.width)
            #expect(image.pixels.count == width * height)
            // A barcode photo has dark modules and a lighter background.
            let contrast = Int(image.pixels.max() ?? 0) - Int(image.pixels.min() ?? 255)
            #expect(contrast > 100, "\(name)")
        }
    }

    @Test("JPEG samples load at their header's size, including names with #", .needsSharedData)
    func loadsJPEGSamples() throws {
        let folder = SharedData.samples.appendingPathComponent("ean13-1")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") }
        #expect(!names.isEmpty)
        for name in names.sorted() {
            let path = folder.appendingPathComponent(name).path
            let image = try ImageFile.load(path: path)
            let size = TestImages.jpegSize(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            #expect(size != nil)
            if let (width, height) = size { #expect(image.width == width && image.height == height, "\(name)") }
            #expect((image.pixels.min() ?? 255) < 100 && (image.pixels.max() ?? 0) > 150, "\(name)")
        }
    }

    @Test("PGM, TIFF and BMP files give back the grey values written")
    func loadsPGMTIFFAndBMP() throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let grey: (Int, Int) -> UInt8 = { x, y in UInt8((x * 7 + y * 13) % 256) }
        let pixels = (0..<9).flatMap { y in (0..<13).map { x in grey(x, y) } }
        let pgm = try TemporaryFiles.write(TestImages.pgm(width: 13, height: 9, pixels: pixels), to: "a.pgm", in: directory)
        let bmp = try TemporaryFiles.write(TestImages.bmp(width: 13, height: 9, grey: grey), to: "a.bmp", in: directory)
        let fromPGM = try ImageFile.load(path: pgm)
        #expect(fromPGM.width == 13 && fromPGM.height == 9)
        #expect(fromPGM.pixels == pixels)
        let tiff = try TemporaryFiles.write(TestImages.tiff(width: 13, height: 9, pixels: pixels), to: "a.tif", in: directory)
        let fromTIFF = try ImageFile.load(path: tiff)
        #expect(fromTIFF.width == 13 && fromTIFF.height == 9)
        #expect(fromTIFF.pixels == pixels)
        let fromBMP = try ImageFile.load(path: bmp)
        #expect(fromBMP.width == 13 && fromBMP.height == 9)
        // RGB -> luma through swscale may round by one level.
        let worst = zip(fromBMP.pixels, pixels).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(worst <= 1)
    }

    /// A 1x1 lossless WebP holding one transparent black pixel (a common web placeholder).
    static let oneByOneWebP: [UInt8] = [
        0x52, 0x49, 0x46, 0x46, 0x1A, 0x00, 0x00, 0x00, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x4C,
        0x0D, 0x00, 0x00, 0x00, 0x2F, 0x00, 0x00, 0x00, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xFE,
        0x07, 0x00,
    ]

    /// Expects loading `path` to fail with `code`, the message mentioning `mention` when one is given.
    @discardableResult
    static func expectLoadFails(_ path: String, with code: SourceError.Code, mentioning mention: String? = nil,
                                sourceLocation: SourceLocation = #_sourceLocation) -> SourceError? {
        let error = #expect(throws: SourceError.self, sourceLocation: sourceLocation) { try ImageFile.load(path: path) }
        #expect(error?.code == code, "\(path): \(String(describing: error))", sourceLocation: sourceLocation)
        if let mention {
            #expect(error?.message.contains(mention) == true, "\(String(describing: error))", sourceLocation: sourceLocation)
        }
        return error
    }

    @Test("WebP images load, and a forged WebP size is refused")
    func loadsWebP() throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try TemporaryFiles.write(Self.oneByOneWebP, to: "dot.webp", in: directory)
        let image = try ImageFile.load(path: path)
        #expect(image.width == 1 && image.height == 1 && image.pixels == [0])
        var forged = Self.oneByOneWebP
        forged.replaceSubrange(21..<25, with: [0xFF, 0xFF, 0xFF, 0x1F])  // 16384 x 16384
        let huge = try TemporaryFiles.write(forged, to: "huge.webp", in: directory)
        Self.expectLoadFails(huge, with: .imageTooLarge, mentioning: "16384x16384")
    }

    @Test("A file whose name contains % is one file, not a sequence pattern")
    func percentInName() throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try TemporaryFiles.write(TestImages.pgm(width: 2, height: 1, pixels: [10, 250]), to: "50%d.pgm",
                                         in: directory)
        #expect(try ImageFile.load(path: path).pixels == [10, 250])
    }

    @Test("A 1x1 image loads as a 1x1 luma image")
    func loadsOnePixel() throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try TemporaryFiles.write(TestImages.pgm(width: 1, height: 1, pixels: [200]), to: "dot.pgm", in: directory)
        let image = try ImageFile.load(path: path)
        #expect(image.width == 1 && image.height == 1 && image.pixels == [200])
    }

    @Test("A missing file is reported as notFound with ENOENT")
    func missingFile() throws {
        let error = Self.expectLoadFails("/nonexistent/folder/code.png", with: .notFound, mentioning: "/nonexistent/folder/code.png")
        #expect(error?.systemErrno == 2)
    }

    @Test("A directory is reported as notAFile")
    func directory() throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        Self.expectLoadFails(directory.path, with: .notAFile, mentioning: "directory")
    }

    @Test("An empty file is reported as emptyFile")
    func emptyFile() throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        Self.expectLoadFails(try TemporaryFiles.write([], to: "empty.png", in: directory), with: .emptyFile)
    }

    @Test("Text and random bytes are not images")
    func nonImageFiles() throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try TemporaryFiles.write(Array("hello, this is not a picture\n".utf8), to: "notes.txt", in: directory)
        // Fixed pseudo-random bytes (a linear congruential generator), so the test is repeatable.
        var state: UInt32 = 12345
        let bytes = (0..<4096).map { _ -> UInt8 in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        let noise = try TemporaryFiles.write(bytes, to: "noise.bin", in: directory)
        for path in [text, noise] {
            let error = #expect(throws: SourceError.self) { try ImageFile.load(path: path) }
            let expected: [SourceError.Code] = [.unsupportedFormat, .noVideoStream, .decodingFailed]
            #expect(error.map { expected.contains($0.code) } == true, "\(path): \(String(describing: error))")
        }
    }

    @Test("A truncated PNG fails with decodingFailed or delivers the rows it has, never crashes", .needsSharedData)
    func truncatedPNG() throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = SharedData.samples.appendingPathComponent("qrcode-1/1.png")
        let bytes = Array(try Data(contentsOf: source))
        let path = try TemporaryFiles.write(Array(bytes.prefix(bytes.count / 2)), to: "half.png", in: directory)
        Self.expectLoadFails(path, with: .decodingFailed, mentioning: "truncated")
    }

    @Test("A forged 20000x20000 header is refused as imageTooLarge before allocating")
    func absurdHeader() throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = try TemporaryFiles.write(TestImages.pngHeader(width: 20000, height: 20000), to: "huge.png", in: directory)
        let pgm = try TemporaryFiles.write(TestImages.pgm(width: 20000, height: 20000, pixels: [1, 2, 3]),
                                        to: "huge.pgm", in: directory)
        let tiff = try TemporaryFiles.write(TestImages.tiff(width: 20000, height: 20000, pixels: [1, 2, 3]),
                                         to: "huge.tif", in: directory)
        let bmp = try TemporaryFiles.write(TestImages.bmp(width: 1, height: 1) { _, _ in 0 }, to: "huge.bmp", in: directory)
        var bmpBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: bmp)))
        bmpBytes.replaceSubrange(18..<26, with: [0x20, 0x4E, 0, 0, 0x20, 0x4E, 0, 0])  // 20000 x 20000
        try Data(bmpBytes).write(to: URL(fileURLWithPath: bmp))
        for path in [png, pgm, tiff, bmp] { Self.expectLoadFails(path, with: .imageTooLarge, mentioning: "20000x20000") }
    }

    @Test("The pixel limit is configurable and checked", .needsSharedData)
    func pixelLimit() throws {
        let path = SharedData.samples.appendingPathComponent("qrcode-1/1.png").path
        let error = #expect(throws: SourceError.self) { try ImageFile.load(path: path, pixelLimit: 1000) }
        #expect(error?.code == .imageTooLarge)
        let invalid = #expect(throws: SourceError.self) { try ImageFile.load(path: path, pixelLimit: 0) }
        #expect(invalid?.code == .invalidArgument)
    }
}
