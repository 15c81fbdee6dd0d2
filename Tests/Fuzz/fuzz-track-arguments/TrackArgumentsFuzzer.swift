// libFuzzer harness: the parsers of `track --overlay SPEC` and `track --margins l,t,r,b`
// (module TrackArguments), and what `track` does next with what they accept.
//
// Input layout: byte 0 picks the parser (even: --overlay, odd: --margins); the rest is
// the argument, decoded as UTF-8 the way a command line is (invalid bytes replaced).
// Beyond "never crash", it checks the parsers' promises:
//   --overlay: the canonical text parses back to an equal specification, and the overlay
//              placed around a code is a finite rectangle;
//   --margins: ScanArea accepts what the parser accepts, and the scan area lies inside the frame.
import BarcodeTracking
import FuzzSupport
import TrackArguments

/// Frame sizes the accepted margins are resolved against (a camera's, a tiny and a huge frame).
private let frameSizes = [Size(width: 1280, height: 720), Size(width: 1, height: 1), Size(width: 65536, height: 16)]

@_cdecl("LLVMFuzzerTestOneInput")
public func trackArgumentsFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    if data[0] & 1 == 0 {
        checkOverlay(text)
    } else {
        checkMargins(text)
    }
    return 0
}

private func checkOverlay(_ text: String) {
    guard let spec = try? OverlaySpecification(parsing: text) else { return }
    let again: OverlaySpecification
    do { again = try OverlaySpecification(parsing: spec.description) } catch {
        preconditionFailure("'\(text)' parsed, but its canonical form '\(spec)' does not: \(error.message)")
    }
    precondition(again == spec, "'\(text)' parsed to '\(spec)', which parses back to '\(again)'")
    let code = Quadrilateral(Rect(x: 100, y: 200, width: 80, height: 40))
    for rectangle in [spec.configuration.rectangle(around: code), spec.configuration.rectangle(around: code.boundingBox)] {
        precondition(rectangle.x.isFinite && rectangle.y.isFinite && rectangle.width.isFinite && rectangle.height.isFinite,
                     "'\(text)' places an overlay at \(rectangle)")
    }
}

private func checkMargins(_ text: String) {
    guard let margins = try? MarginsSpecification(parsing: text).margins else { return }
    let area: ScanArea
    do { area = try ScanArea(margins: margins) } catch {
        preconditionFailure("--margins '\(text)' parsed, but ScanArea refuses it: \(error.message)")
    }
    for frame in frameSizes {
        let scanned = area.area(in: frame)
        precondition(scanned.x >= 0 && scanned.y >= 0 && scanned.width >= 0 && scanned.height >= 0
                     && scanned.maxX <= frame.width && scanned.maxY <= frame.height,
                     "--margins '\(text)' give the scan area \(scanned) in a \(frame) frame")
        _ = area.guides(in: frame)
    }
}

/// Fuzzes under libFuzzer in the fuzzing build; replays the files given otherwise.
@main
struct TrackArgumentsFuzzerMain {
    static func main() {
        FuzzInput.main(harness: "fuzz-track-arguments", trackArgumentsFuzzerTestOneInput)
    }
}
