import TestSupport
import Foundation
import Testing
import BarcodeTracking
import FrameSources

struct VideoWriterTests {
    @Test("The extension chooses the encoder")
    func encoderByExtension() throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let expected = ["a.mp4": ["libx264", "mpeg4"], "a.mkv": ["libx264", "mpeg4"], "a.avi": ["mjpeg"],
                        "a.y4m": ["wrapped_avframe"]]
        for (name, encoders) in expected {
            let writer = try VideoWriter(path: directory.appendingPathComponent(name).path, width: 64, height: 48)
            #expect(encoders.contains(writer.codecName), "\(name): \(writer.codecName)")
            try writer.finish()
        }
    }

    @Test("RGB frames are stored as their luma")
    func rgbFrames() throws {
        try TemporaryFiles.withDirectory { directory in
            let path = directory.appendingPathComponent("rgb.y4m").path
            let colours: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
            try VideoFiles.write(to: path, width: 32, height: 16, frameRate: 10) { writer in
                for (index, colour) in colours.enumerated() {
                    let pixels = (0..<(32 * 16)).flatMap { _ in [colour.0, colour.1, colour.2] }
                    try writer.appendRGB(width: 32, height: 16, pixels: pixels, time: Double(index) / 10)
                }
                #expect(writer.frameCount == 4)
            }
            let lumas = try VideoFiles.frames(of: path).map { Int($0.image[16, 8]) }
            // BT.601: Y = 0.299 R + 0.587 G + 0.114 B.
            let expected = [76, 150, 29, 255]
            #expect(lumas.count == 4)
            for (got, want) in zip(lumas, expected) { #expect(abs(got - want) <= 3, "\(got) vs \(want)") }
        }
    }

    @Test("Frame times survive in MKV and land on the frame grid")
    func timesOnGrid() throws {
        try TemporaryFiles.withDirectory { directory in
            let path = directory.appendingPathComponent("times.mkv").path
            let image = try LumaImage(width: 64, height: 48, filledWith: 90)
            try VideoFiles.write(to: path, width: 64, height: 48, frameRate: 10) { writer in
                for time in [0.0, 0.1, 0.31, 0.5, 0.5] { try writer.append(image, time: time) }
            }
            let times = try VideoFiles.frames(of: path).map(\.time)
            // 0.31 rounds to 0.3; the second 0.5 moves to the next free slot, 0.6.
            let expected = [0.0, 0.1, 0.3, 0.5, 0.6]
            #expect(times.count == expected.count)
            for (got, want) in zip(times, expected) { #expect(abs(got - want) < 0.002, "\(times)") }
        }
    }

    @Test("NTSC frame rates are stored exactly")
    func ntscRate() throws {
        try TemporaryFiles.withDirectory { directory in
            let path = directory.appendingPathComponent("ntsc.y4m").path
            try VideoFiles.write(to: path, width: 16, height: 16, frameRate: 29.97) { try $0.append(try LumaImage(width: 16, height: 16), time: 0) }
            let source = try MediaFileSource(path: path)
            #expect(abs((source.nominalFrameRate ?? 0) - 30000.0 / 1001.0) < 1e-9)
        }
    }

    @Test("Odd sizes are padded to even by one repeated row and column")
    func oddSize() throws {
        try TemporaryFiles.withDirectory { directory in
            let path = directory.appendingPathComponent("odd.mp4").path
            try VideoFiles.write(to: path, width: 161, height: 121) { try $0.append(try LumaImage(width: 161, height: 121, filledWith: 200), time: 0) }
            let frame = try #require(try MediaFileSource(path: path).nextFrame())
            #expect(frame.image.width == 162 && frame.image.height == 122)
            #expect(abs(Int(frame.image[161, 121]) - 200) <= 3)
        }
    }

    @Test("Bad paths, extensions, sizes and calls give clear errors")
    func badInput() throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let unknown = #expect(throws: SourceError.self) {
            try VideoWriter(path: directory.appendingPathComponent("a.gif").path, width: 64, height: 48)
        }
        #expect(unknown?.code == .invalidArgument)
        #expect(unknown?.message.contains(".mp4") == true)
        let noFolder = #expect(throws: SourceError.self) {
            try VideoWriter(path: directory.appendingPathComponent("missing/a.mp4").path, width: 64, height: 48)
        }
        #expect(noFolder?.code == .notFound)
        #expect(noFolder?.systemErrno == 2)
        let folderPath = directory.appendingPathComponent("taken.mp4")
        try FileManager.default.createDirectory(at: folderPath, withIntermediateDirectories: false)
        let isFolder = #expect(throws: SourceError.self) {
            try VideoWriter(path: folderPath.path, width: 64, height: 48)
        }
        #expect(isFolder?.code == .notAFile || isFolder?.code == .ioFailed)
        let zero = #expect(throws: SourceError.self) {
            try VideoWriter(path: directory.appendingPathComponent("z.mp4").path, width: 0, height: 48)
        }
        #expect(zero?.code == .invalidArgument)
        let badRate = #expect(throws: SourceError.self) {
            try VideoWriter(path: directory.appendingPathComponent("r.mp4").path, width: 64, height: 48, frameRate: 0)
        }
        #expect(badRate?.code == .invalidArgument)

        let writer = try VideoWriter(path: directory.appendingPathComponent("ok.avi").path, width: 64, height: 48)
        let wrongSize = #expect(throws: SourceError.self) {
            try writer.append(try LumaImage(width: 32, height: 48), time: 0)
        }
        #expect(wrongSize?.code == .invalidArgument)
        let shortRGB = #expect(throws: SourceError.self) {
            try writer.appendRGB(width: 64, height: 48, pixels: [1, 2, 3], time: 0)
        }
        #expect(shortRGB?.code == .invalidArgument)
        let notANumber = #expect(throws: SourceError.self) {
            try writer.append(try LumaImage(width: 64, height: 48), time: .nan)
        }
        #expect(notANumber?.code == .invalidArgument)
        try writer.finish()
        let afterFinish = #expect(throws: SourceError.self) {
            try writer.append(try LumaImage(width: 64, height: 48), time: 1)
        }
        #expect(afterFinish?.code == .invalidArgument)
    }
}
