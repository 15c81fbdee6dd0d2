import BarcodeTracking
import Foundation
import FrameSources
import Testing
import TestSupport

/// Full-range (yuvj*) pictures through libswscale without its "deprecated pixel format used"
/// warning, which FFmpeg prints once per conversion context (issue 58, item 8).
struct FullRangeConversionTests {
    /// Reads a yuvj420p clip, a JPEG photo, and an MJPEG .avi it writes: every path that hands a
    /// full-range picture to libswscale.
    @Test("Full-range pictures are read, written and read back: the clip's frames, a JPEG photo, an MJPEG AVI",
          .needsSharedData)
    func fullRangeReadAndWrite() throws {
        let clip = try MediaFileSource(path: SharedData.video.appendingPathComponent("boofcv-microqr.mp4").path)
        var frames: [Frame] = []
        while frames.count < 3, let frame = try clip.nextFrame() { frames.append(frame) }
        clip.close()
        #expect(frames.count == 3)
        let photo = try ImageFile.load(path: SharedData.samples.appendingPathComponent("qrcode-2/#142.jpg").path)
        #expect(photo.width > 0 && photo.height > 0)
        try TemporaryFiles.withDirectory { dir in
            let path = dir.appendingPathComponent("full-range.avi").path
            try VideoFiles.write(to: path, width: 64, height: 48) { writer in
                for shade in [0, 128, 255] {
                    try writer.append(try LumaImage(width: 64, height: 48, filledWith: UInt8(shade)),
                                      time: Double(shade) / 255 / 10)
                }
            }
            let back = try VideoFiles.frames(of: path)
            #expect(back.count == 3)
            // Full range kept both ways: black stays black and white white (MJPEG rounding aside).
            #expect(back.first.map { Int($0.image.pixels[0]) }.map { $0 <= 3 } == true)
            #expect(back.last.map { Int($0.image.pixels[0]) }.map { $0 >= 252 } == true)
        }
    }

    @Test("Reading and writing full-range pictures makes FFmpeg print no 'deprecated pixel format' warning", .needsSharedData)
    func noDeprecatedFormatWarning() throws {
        // FFmpeg's log is process-wide and another test may have routed it away (FFmpegLog.capture()),
        // so the conversions run in a fresh run of this test bundle, FFmpeg printing to its standard error.
        let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let child = try TrackProcess.launch(bundle, ["--testing-library", "swift-testing", "--filter", "fullRangeReadAndWrite"],
                                            timeout: 300)
        let output = child.stdout + child.stderr
        #expect(child.status == 0, "\(output)")
        #expect(output.contains("Test run with 1 test"), "the child ran the conversions: \(output)")
        #expect(!output.contains("deprecated pixel format"), "\(output)")
    }
}
