import Foundation
import TestSupport
import Testing
import BarcodeTracking
import FrameSources

/// Pictures at the 100-megapixel limit (``ImageFile/defaultPixelLimit``) and sizes from forged headers.
struct ImageFileLimitTests {
    @Test("A 10000x10000 PNG, exactly at the limit, is read (libavcodec's aligned width once failed it: get_buffer() failed)")
    func pictureAtTheLimitIsRead() throws {
        let image = try TemporaryFiles.withFile(UniformImages.png(width: 10_000, height: 10_000, grey: 200), named: "big.png") {
            try ImageFile.load(path: $0)
        }
        #expect(image.width == 10_000 && image.height == 10_000)
        #expect(image.pixels.count == 100_000_000)
        #expect(image.pixels.first == 200 && image.pixels.last == 200)
    }

    @Test("A 10000x9500 PGM is a one-frame source, not a source of zero frames with one skipped")
    func mediaSourceReadsAPictureNearTheLimit() throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Sparse: the header, then 95 MB of zero bytes that take no disk space.
        let header = UniformImages.pgmHeader(width: 10_000, height: 9_500)
        let path = try TemporaryFiles.write(header, to: "big.pgm", in: directory)
        #expect(truncate(path, off_t(header.count + 95_000_000)) == 0)
        let source = try MediaFileSource(path: path)
        #expect(source.frameWidth == 10_000 && source.frameHeight == 9_500)
        let frame = try #require(try source.nextFrame())
        #expect(frame.image.width == 10_000 && frame.image.height == 9_500)
        #expect(try source.nextFrame() == nil)
        #expect(source.damagedFrameCount == 0)
        #expect(source.damageReport == nil)
    }

    @Test("A picture one column over the limit is refused naming the file, its size, the limit and what to do")
    func pictureOverTheLimitIsRefused() throws {
        let error = try TemporaryFiles.withFile(UniformImages.png(width: 10_001, height: 10_000, grey: 200), named: "over.png") { path in
            #expect(throws: SourceError.self) { try ImageFile.load(path: path) }
        }
        #expect(error?.code == .imageTooLarge)
        let message = error?.message ?? ""
        #expect(message.contains("over.png"))
        #expect(message.contains("10001x10000 (100,010,000 pixels)"))
        #expect(message.contains("limit of 100,000,000 pixels"))
        #expect(message.contains("scale it down"))
    }

    @Test("A forged PNG size above 2^31 is reported as it is, never negative (was -486538729x382, -185857.8 megapixels)",
          arguments: [(3_808_428_567, 382), (0xFFFF_FFFF, 0xFFFF_FFFF), (0x8000_0000, 1)])
    func forgedSizesAreNeverNegative(width: Int, height: Int) throws {
        let error = try TemporaryFiles.withFile(TestImages.pngHeader(width: width, height: height), named: "forged.png") { path in
            #expect(throws: SourceError.self) { try ImageFile.load(path: path) }
        }
        #expect(error?.code == .imageTooLarge)
        let message = error?.message ?? ""
        #expect(message.contains("\(width)x\(height)"), "\(message)")
        #expect(!message.contains(/-\d+x|x-\d|\(-\d/), "\(message)")
    }
}
