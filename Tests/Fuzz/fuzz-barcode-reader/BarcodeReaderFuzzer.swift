// libFuzzer harness: BarcodeDecoding's BarcodeReader (CZXingShim over zxing-cpp 1.4,
// then SymbologyRules) on arbitrary luma buffers.
//
// Input layout (little-endian), then pixels:
//   0-1 width  (1 + value % 2048)      2-3 height (1 + value % 2048), lowered so that
//   4   row padding (stride = width + value % 64)       width x height <= 2^16 pixels
//   5   flags: 1 tryHarder, 2 tryRotate, 4 tryInvert, 8 tryDownscale, 16 returnLocatedOnly,
//       32 readAddOns, 64 a region follows, 128 maxSymbols = 1 + byte 7 % 255
//   6   symbology: 0 all, else the (value - 1) % count'th readable symbology alone
//   7   maxSymbols (with flag 128)
//   8-15 with flag 64: region x, y, width, height as Int16 (frame pixels, may lie outside)
//   rest: pixel values, repeated to fill the buffer (white when absent). The buffer is
//   exactly stride x (height - 1) + width bytes, the least LumaImage accepts, so a read
//   past the last pixel is caught by the address sanitizer.
// The executable links CZXingAssertionGuard as `track` does, so a zxing-cpp assertion
// fails the read (a thrown DecodingError) instead of aborting.
import BarcodeDecoding
import BarcodeTracking
import FuzzSupport
import CZXingAssertionGuard

/// Installed by linking (see CZXingAssertionGuard.h); read once so that the dependency is visibly used.
private let assertionGuardInstalled = CZXingAssertionGuard_isInstalled() == 1

private let readable = BarcodeReader.readableSymbologies.filter { !$0.isAddOn }

/// The most pixels one input may ask for, so that one execution stays within milliseconds.
private let pixelLimit = 1 << 16

@_cdecl("LLVMFuzzerTestOneInput")
public func barcodeReaderFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size >= 8, assertionGuardInstalled else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    func le16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    let width = 1 + le16(0) % 2048
    let height = min(1 + le16(2) % 2048, max(1, pixelLimit / width))
    let stride = width + Int(bytes[4]) % 64
    let flags = bytes[5]
    var options = DecoderOptions(
        tryHarder: flags & 1 != 0, tryRotate: flags & 2 != 0, tryInvert: flags & 4 != 0,
        tryDownscale: flags & 8 != 0, returnLocatedOnly: flags & 16 != 0, readAddOns: flags & 32 != 0,
        maxSymbols: flags & 128 != 0 ? 1 + Int(bytes[7]) % 255 : nil)
    if bytes[6] != 0 { options.symbologies = [readable[(Int(bytes[6]) - 1) % readable.count]] }
    var offset = 8
    var region: Rect?
    if flags & 64 != 0 {
        guard size >= 16 else { return 0 }
        func s16(_ at: Int) -> Double { Double(Int16(truncatingIfNeeded: le16(at))) }
        region = Rect(x: s16(8), y: s16(10), width: s16(12), height: s16(14))
        offset = 16
    }
    let source = UnsafeBufferPointer(rebasing: bytes[offset...])
    let count = stride * (height - 1) + width
    let pixels = source.isEmpty
        ? [UInt8](repeating: 255, count: count)
        : [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count { buffer[index] = source[index % source.count] }
            initialized = count
        }
    do {
        let image = try LumaImage(width: width, height: height, bytesPerRow: stride, pixels: pixels)
        let reader = try BarcodeReader(options: options)
        let report = try reader.read(image, region: region)
        for detection in report.detections {
            for corner in detection.location.corners {
                precondition(corner.x.isFinite && corner.y.isFinite, "a detection has a non-finite corner: \(detection)")
            }
        }
    } catch {
        _ = "\(error)"
    }
    return 0
}

/// Fuzzes under libFuzzer in the fuzzing build; replays the files given otherwise.
@main
struct BarcodeReaderFuzzerMain {
    static func main() {
        FuzzInput.main(harness: "fuzz-barcode-reader", barcodeReaderFuzzerTestOneInput)
    }
}
