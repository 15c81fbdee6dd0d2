// libFuzzer harness: arbitrary bytes as a still image (PNG, JPEG, BMP, PGM, WebP, …),
// read through FrameSources' ImageFile (CFFmpegShim: size sniffing, image demuxers,
// decoding and conversion to luma or RGB).
//
// Input layout: byte 0 picks the extension (bits 1...) and the reader (bit 0: luma
// with ImageFile.load, else RGB with ImageFile.loadRGB); the rest is the file.
import BarcodeTracking
import FrameSources
import FuzzSupport

/// Extensions byte 0 chooses from; "" leaves the format to FFmpeg's probing alone.
private let suffixes = [".png", ".jpg", ".bmp", ".pgm", ".ppm", ".webp", ".tiff", ".gif", ".tga", ".pcx", ""]

/// One input: load it as luma or as RGB and check the result's geometry. The pixel
/// limit is 4 megapixels (not the default 100), so a forged size is refused quickly.
/// FFmpeg's log routed into the package, as `track` does at startup (the log callback's
/// line handling is fuzzed too, and FFmpeg's complaints stay out of libFuzzer's output).
private let ffmpegLogCaptured: Bool = {
    FFmpegLog.capture()
    return true
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func imageFileFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0, ffmpegLogCaptured else { return 0 }
    let selector = Int(data[0])
    let path = FuzzInput.scratchFile(UnsafeRawBufferPointer(start: data + 1, count: size - 1),
                                     harness: "fuzz-image-file", suffix: suffixes[(selector >> 1) % suffixes.count])
    let limit = 1 << 22
    do {
        if selector & 1 == 0 {
            let image = try ImageFile.load(path: path, pixelLimit: limit)
            precondition(image.width * image.height <= limit, "an image above the pixel limit was returned")
        } else {
            let picture = try ImageFile.loadRGB(path: path, pixelLimit: limit)
            precondition(picture.width > 0 && picture.height > 0 && picture.width * picture.height <= limit,
                         "an RGB picture of \(picture.width)x\(picture.height) was returned")
            precondition(picture.pixels.count == picture.width * picture.height * 3,
                         "an RGB picture of \(picture.width)x\(picture.height) came with \(picture.pixels.count) bytes")
        }
    } catch {
        _ = error.description
    }
    return 0
}

/// Fuzzes under libFuzzer in the fuzzing build; replays the files given otherwise.
@main
struct ImageFileFuzzerMain {
    static func main() {
        FuzzInput.main(harness: "fuzz-image-file", imageFileFuzzerTestOneInput)
    }
}
