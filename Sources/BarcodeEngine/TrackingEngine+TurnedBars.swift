import BarcodeDecoding
import BarcodeTracking

/// Following a 1-D code turned across the frame's rows: a label stuck on upright, its bars
/// running across the view.
///
/// The engine's window reads are fast ones, without zxing-cpp's rotated pass, and a 1-D code
/// is read along rows: a code turned by 90° has no row across its bars, so its window never
/// reads it. Such a code is found only by a thorough read (a standing pallet's,
/// ``TrackingEngineConfiguration/readsStandingViewsHarder``), and its track, measured once,
/// was then lost before it could be read again (an ITF cut from a photo, upright on a
/// standing pallet of the station scene: read 0.3 s and 1.0 s into the stand, never verified,
/// missing from the pallet's record). The window is read turned a quarter instead, where the
/// code's bars cross the rows.
extension TrackingEngine {
    /// Whether a 1-D code located at `quad` (frame pixels, the code's own top-left first) runs
    /// more up or down the frame than across it: its top edge, along its bars' sequence,
    /// is nearer vertical than horizontal.
    static func isTurned(_ quad: Quadrilateral) -> Bool {
        let along = quad.topRight - quad.topLeft
        return abs(along.y) > abs(along.x)
    }

    /// `barcode` (the payload of `track`, a turned 1-D code, ``isTurned(_:)``) read in its
    /// window turned a quarter (``TurnedWindow``), and when that misses and fine bars are read
    /// stretched (``TrackingEngineConfiguration/readsFineBarsStretched``), turned with its rows
    /// stretched: the read of its payload nearest the prediction, in frame pixels, and the memory
    /// to follow it by; `nil` when the reads miss it.
    func readTurned(
        _ track: TrackedBarcode, barcode: Barcode, with reader: BarcodeReader, image: LumaImage, bounds: Rect,
        warnings: inout [String]
    ) throws -> (Detection?, TrackMemory?)? {
        guard let rect = window(around: track.predictedLocation, in: bounds), let turned = TurnedWindow(image, rect) else { return nil }
        var report = try reader.read(turned.image, region: nil)
        report.detections = report.detections.map { $0.mapped(turned.inFrame) }
        func own() -> Quadrilateral? {
            let predicted = track.predictedLocation.center
            return report.detections.compactMap(\.barcode).filter({ $0.bytes == barcode.bytes }).map(\.location)
                .min(by: { $0.center.distance(to: predicted) < $1.center.distance(to: predicted) })
        }
        warnings += report.warnings
        // Too fine to read at the frame's size: read again with the turned rows stretched.
        if own() == nil, configuration.readsFineBarsStretched {
            report = try Self.stretchedRead(turned.image, with: reader, toFrame: turned.inFrame)
            warnings += report.warnings
        }
        guard let own = own() else { return nil }
        var measured = barcode
        measured.location = own
        let template = CodeTemplate(image: image, box: own.boundingBox)
        return (Detection(barcode: measured), TrackMemory(template: template, quadAtTemplate: own))
    }
}

/// A rectangle of a frame turned a quarter clockwise, and the map of its points back.
struct TurnedWindow {
    /// The turned pixels: as wide as the rectangle is high, as high as it is wide.
    var image: LumaImage
    /// The rectangle (whole frame pixels).
    var rect: (x: Int, y: Int, width: Int, height: Int)

    /// `area` of `frame` (frame pixels, rounded out to whole pixels within the frame) turned a
    /// quarter clockwise: the turned image's pixel (x, y) is the frame's (left + y, bottom - x).
    /// `nil` for an area under 8 pixels either way.
    init?(_ frame: LumaImage, _ area: Rect) {
        let left = max(0, Int(area.x.rounded(.down))), top = max(0, Int(area.y.rounded(.down)))
        let right = min(frame.width, Int(area.maxX.rounded(.up))), bottom = min(frame.height, Int(area.maxY.rounded(.up)))
        let (width, height) = (right - left, bottom - top)
        guard width >= 8, height >= 8 else { return nil }
        var pixels = [UInt8](repeating: 0, count: width * height)
        let stride = frame.bytesPerRow
        frame.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { out in
                // Frame row `row` of the rectangle becomes turned column `height - 1 - row`.
                for row in 0..<height {
                    let from = (top + row) * stride + left, column = height - 1 - row
                    for x in 0..<width { out[x * height + column] = source[from + x] }
                }
            }
        }
        guard let turned = try? LumaImage(width: height, height: width, pixels: pixels) else { return nil }
        image = turned
        rect = (left, top, width, height)
    }

    /// `point` (turned pixels) in frame pixels: the point (u, v) of the turned image is
    /// (left + v, top + height - u) of the frame.
    func inFrame(_ point: Point) -> Point {
        Point(x: Double(rect.x) + point.y, y: Double(rect.y + rect.height) - point.x)
    }

    /// `quad` (turned pixels) in frame pixels, corner order kept.
    func inFrame(_ quad: Quadrilateral) -> Quadrilateral { quad.mapped(inFrame) }
}
