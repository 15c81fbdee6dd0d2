import Foundation
import TestSupport
import Testing
import BarcodeTracking
import FrameSources

struct MediaFileSourceTests {
    /// Writes `count` moving-rectangle frames at `rate` fps and returns the path.
    static func makeClip(_ name: String, in directory: URL, count: Int = 20, rate: Double = 25) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try VideoFiles.write(to: path, width: 160, height: 120, frameRate: rate) { writer in
            for index in 0..<count {
                try writer.append(TestImages.movingRectangles(frame: index), time: Double(index) / rate)
            }
        }
        return path
    }

    @Test("Clips written as Y4M, MP4, MKV and AVI read back with count, numbers, times, size and pixels", .needsSharedData,
          arguments: [("clip.y4m", 0.5), ("clip.mp4", 1.0), ("clip.mkv", 1.0), ("clip.avi", 1.0)])
    func roundTrip(name: String, tolerance: Double) throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Self.makeClip(name, in: directory)
        let source = try MediaFileSource(path: path)
        #expect(source.frameWidth == 160 && source.frameHeight == 120)
        #expect(abs((source.nominalFrameRate ?? 0) - 25) < 0.01)
        #expect(!source.isLive && !source.isImage)
        let frames = try source.remainingFrames()
        #expect(frames.count == 20)
        #expect(frames.map(\.number) == Array(1...20))
        for (index, frame) in frames.enumerated() {
            #expect(abs(frame.time - Double(index) / 25) < 0.002, "\(name) frame \(index) at \(frame.time)")
            #expect(frame.image.width == 160 && frame.image.height == 120)
            let difference = TestImages.meanDifference(frame.image, TestImages.movingRectangles(frame: index))
            #expect(difference < tolerance, "\(name) frame \(index) differs by \(difference)")
        }
        // The rectangle really moves: frame 1 is far from frame 10's picture.
        if frames.count == 20 {
            #expect(TestImages.meanDifference(frames[0].image, TestImages.movingRectangles(frame: 10)) > 10)
        }
        #expect(source.damageReport == nil)
        #expect(source.damagedFrameCount == 0)
        #expect(try source.nextFrame() == nil)
        source.close()
        #expect(try source.nextFrame() == nil)
    }

    @Test("A video cut in half delivers the frames before the cut, then ends with damage reported",
          arguments: ["long.mp4", "long.mkv", "long.avi"])
    func truncatedVideo(name: String) throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(name).path
        let writer = try VideoWriter(path: path, width: 160, height: 120, frameRate: 25)
        var state: UInt32 = 2024
        for index in 0..<60 {
            // Noise keeps every frame about the same size, so half the file is about half the frames.
            var image = TestImages.movingRectangles(frame: index % 20)
            for y in stride(from: 60, to: 120, by: 1) {
                for x in 0..<160 {
                    state = state &* 1_103_515_245 &+ 12345
                    image[x, y] = UInt8(truncatingIfNeeded: state >> 16)
                }
            }
            try writer.append(image, time: Double(index) / 25)
        }
        try writer.finish()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))

        let source = try MediaFileSource(path: path)
        let frames = try source.remainingFrames()
        #expect(frames.count > 20 && frames.count < 40, "got \(frames.count) frames")
        #expect(frames.map(\.number) == Array(1...max(1, frames.count)))
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.time < $1.time })
        let report = try #require(source.damageReport)
        #expect(report.truncated)
        #expect(!report.message.isEmpty)
    }

    @Test("Corrupt MJPEG frames in an AVI are skipped and counted, the rest delivered", .needsSharedData)
    func corruptFramesSkipped() throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Self.makeClip("clip.avi", in: directory)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // Each frame is a "00dc" chunk holding one JPEG; wipe the JPEG headers of frames 5 and 6.
        let tag = Array("00dc".utf8)
        let index = Array("idx1".utf8)
        let indexStart = (0..<(bytes.count - 4)).last { Array(bytes[$0..<$0 + 4]) == index } ?? bytes.count
        // The last 20 "00dc" tags before the index are the frames (headers may mention the tag too).
        let chunks = Array((0..<(indexStart - 400)).filter { Array(bytes[$0..<$0 + 4]) == tag }.suffix(20))
        try #require(chunks.count == 20)
        for chunk in chunks[4...5] {
            for offset in (chunk + 8)..<(chunk + 8 + 300) { bytes[offset] = 0 }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        let source = try MediaFileSource(path: path)
        let frames = try source.remainingFrames()
        #expect(source.damagedFrameCount >= 1)
        #expect(frames.count >= 18 && frames.count < 20, "got \(frames.count) frames")
        #expect(source.damageReport?.skippedCount == source.damagedFrameCount)
    }

    @Test("A Y4M or AVI video without frames is a source that ends at once")
    func zeroFrames() throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["empty.y4m", "empty.avi"] {
            let source = try MediaFileSource(path: try Self.makeClip(name, in: directory, count: 0))
            #expect(source.frameWidth == 160 && source.frameHeight == 120, "\(name)")
            #expect(try source.nextFrame() == nil, "\(name)")
            #expect(source.damageReport == nil, "\(name)")
        }
    }

    @Test("MP4 and MKV files without frames are refused with a clear error, not a crash")
    func zeroFrameMP4AndMKV() throws {
        // FFmpeg 5.1 writes an MP4 without a track and a malformed MKV when no
        // frame was encoded (its own command-line tool does the same).
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["empty.mp4", "empty.mkv"] {
            let path = try Self.makeClip(name, in: directory, count: 0)
            let error = #expect(throws: SourceError.self) { try MediaFileSource(path: path) }
            #expect(error?.code == .noVideoStream || error?.code == .unsupportedFormat, "\(name)")
            #expect(error?.message.contains(name) == true)
        }
    }

    @Test("Missing files, directories, audio-only and non-media files are rejected with their own codes")
    func badInput() throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = #expect(throws: SourceError.self) { try MediaFileSource(path: "/no/such/clip.mp4") }
        #expect(missing?.code == .notFound)
        let folder = #expect(throws: SourceError.self) { try MediaFileSource(path: directory.path) }
        #expect(folder?.code == .notAFile)
        let text = try TemporaryFiles.write(Array("not a video at all\n".utf8), to: "readme.txt", in: directory)
        let notVideo = #expect(throws: SourceError.self) { try MediaFileSource(path: text) }
        #expect(notVideo?.code == .unsupportedFormat)
        // 8 kHz mono 16-bit WAV, 0.1 s of silence: media, but no pictures.
        func le32(_ value: Int) -> [UInt8] { [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: value >> $0) } }
        let samples = [UInt8](repeating: 0, count: 1600)
        let wav = Array("RIFF".utf8) + le32(36 + samples.count) + Array("WAVEfmt ".utf8) + le32(16)
            + [1, 0, 1, 0] + le32(8000) + le32(16000) + [2, 0, 16, 0] + Array("data".utf8) + le32(samples.count) + samples
        let audio = try TemporaryFiles.write(wav, to: "tone.wav", in: directory)
        let noPictures = #expect(throws: SourceError.self) { try MediaFileSource(path: audio) }
        #expect(noPictures?.code == .noVideoStream)
        let fake = try TemporaryFiles.write(Array(repeating: 0x42, count: 1000), to: "fake.mp4", in: directory)
        let garbage = #expect(throws: SourceError.self) { try MediaFileSource(path: fake) }
        #expect(garbage?.code == .unsupportedFormat)
        #expect(garbage?.description.contains("fake.mp4") == true)
    }

    @Test("An image sequence pattern reads every numbered file in order", .needsSharedData)
    func imageSequence() throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for index in 1...5 {
            let image = TestImages.movingRectangles(frame: index)
            try TemporaryFiles.write(TestImages.pgm(width: image.width, height: image.height, pixels: image.pixels),
                                  to: String(format: "%05d.pgm", index), in: directory)
        }
        let source = try MediaFileSource(path: directory.appendingPathComponent("%05d.pgm").path)
        #expect(source.isImage)
        let frames = try source.remainingFrames()
        #expect(frames.count == 5)
        #expect(frames.map(\.number) == [1, 2, 3, 4, 5])
        for (offset, frame) in frames.enumerated() {
            #expect(frame.image == TestImages.movingRectangles(frame: offset + 1))
        }
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.time < $1.time })

        let none = #expect(throws: SourceError.self) {
            try MediaFileSource(path: directory.appendingPathComponent("%03d.png").path)
        }
        #expect(none?.code == .notFound)
    }

    @Test("A still image is a one-frame source", .needsSharedData)
    func stillImage() throws {
        let path = SharedData.samples.appendingPathComponent("qrcode-1/1.png").path
        let source = try MediaFileSource(path: path)
        #expect(source.isImage)
        let first = try #require(try source.nextFrame())
        #expect(first.number == 1)
        #expect(first.image == (try ImageFile.load(path: path)))
        #expect(try source.nextFrame() == nil)
        #expect(source.damageReport == nil)
    }

    @Test("Realtime mode is live and drops frames a slow consumer missed, keeping their numbers")
    func realtimeDropsLateFrames() throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Self.makeClip("clip.y4m", in: directory, count: 20, rate: 50)
        let source = try MediaFileSource(path: path, options: .init(realtime: true, lateFrameTolerance: 0.02))
        #expect(source.isLive)
        var numbers: [Int] = []
        while let frame = try source.nextFrame() {
            numbers.append(frame.number)
            // Three frame intervals per frame: the consumer is always late.
            usleep(60_000)
        }
        #expect(source.droppedFrameCount > 0)
        #expect(numbers.count + source.droppedFrameCount == 20)
        #expect(numbers.first == 1)
        #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $0 < $1 })
        #expect(numbers.count == source.deliveredFrameCount)
    }
}
