// libFuzzer harness: arbitrary bytes as a video or container file, read through
// FrameSources' MediaFileSource (CFFmpegShim's reader: libavformat, libavcodec, libswscale).
//
// Input layout: byte 0 picks the file's extension (FFmpeg chooses some demuxers by
// name), the rest is the file. Build and run with Tests/Fuzz/run.
import BarcodeTracking
import FrameSources
import FuzzSupport

/// Extensions byte 0 chooses from; "" leaves the format to FFmpeg's probing alone.
private let suffixes = [".mp4", ".mkv", ".avi", ".y4m", ".mov", ".webm", ".ts", ".mjpeg", ".h264", ""]

/// Reads at most this many frames per input, so that one input stays fast.
private let frameLimit = 48

/// One input: open, read up to ``frameLimit`` frames, ask for the damage report, close.
/// The pixel limit is 4 megapixels (not the default 100) so that a forged size is
/// refused before it costs seconds of scaling; the check itself is what is fuzzed.
/// FFmpeg's log routed into the package, as `track` does at startup (the log callback's
/// line handling is fuzzed too, and FFmpeg's complaints stay out of libFuzzer's output).
private let ffmpegLogCaptured: Bool = {
    FFmpegLog.capture()
    return true
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func mediaFileFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0, ffmpegLogCaptured else { return 0 }
    let suffix = suffixes[Int(data[0]) % suffixes.count]
    let path = FuzzInput.scratchFile(UnsafeRawBufferPointer(start: data + 1, count: size - 1),
                                     harness: "fuzz-media-file", suffix: suffix)
    do {
        let source = try MediaFileSource(path: path, options: .init(pixelLimit: 1 << 22))
        defer { source.close() }
        var frames = 0
        while frames < frameLimit, let frame = try source.nextFrame() {
            precondition(frame.image.width > 0 && frame.image.height > 0, "an empty frame was delivered")
            frames += 1
        }
        _ = source.damageReport?.description
    } catch {
        _ = error.description
    }
    return 0
}

/// Fuzzes under libFuzzer in the fuzzing build; replays the files given otherwise.
@main
struct MediaFileFuzzerMain {
    static func main() {
        FuzzInput.main(harness: "fuzz-media-file", mediaFileFuzzerTestOneInput)
    }
}
