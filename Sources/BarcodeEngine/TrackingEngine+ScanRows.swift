import BarcodeDecoding
import BarcodeTracking

/// A cheap first look for the 1-D rows read (``TrackingEngineConfiguration/linearRowsTime``).
///
/// zxing-cpp 1.4's 1-D pass without tryHarder reads only 15 rows of an image (and a few
/// rows beside one that decoded). The rows read asks it for that pass over the whole
/// frame on most frames, and on most of them finds nothing new, the tracked codes painted
/// out; copying, painting and halving a 1080p frame for it cost 2-3 ms a frame where
/// zxing-cpp's pass itself costs about 0.15 ms. So only those rows are made first, as
/// the search would make them (painted, and averaged for the halved levels of its
/// pyramid), and read: only when one of them decodes is the search itself made.
extension TrackingEngine {
    /// The rows zxing-cpp 1.4's 1-D pass without tryHarder reads of an image `height`
    /// rows tall, top to bottom: the middle row and up to 7 on either side, a
    /// thirty-second of the height apart (at least 1), as long as they are inside it.
    static func linearScanRows(height: Int) -> [Int] {
        let middle = height / 2, step = max(1, height / 32)
        var rows: [Int] = []
        for i in 0..<15 {
            let steps = (i + 1) / 2
            let row = middle + step * (i % 2 == 0 ? steps : -steps)
            guard (0..<height).contains(row) else { break }
            rows.append(row)
        }
        return rows.sorted()
    }

    /// Cells side by side along a scan row, each at least faintly code-like
    /// (``CodeLikenessMap/outlineDensity``), from which the 1-D rows are read while no 1-D
    /// code has been seen for ``TrackingEngineConfiguration/linearRowsTime``: 48 pixels,
    /// where the narrowest 1-D code zxing-cpp reads (an EAN-8, 67 modules of at least a pixel)
    /// spans four cells or more; one fewer for a cell the code only half fills. Faint, not
    /// code-like (``CodeLikenessMap/codeLikeDensity``): the map counts edges down as well as
    /// across, and bars have them across only, so a sharp Code 128 of 2-pixel modules scores
    /// 0.16-0.38 a cell, under the code-like share in one cell of three.
    static let linearRowsRun = 3

    /// The share of a cell's strong edges that must be across (``CodeLikenessMap/acrossShare``)
    /// for it to count towards ``linearRowsRun``: twice as many across as down, as bars tilted
    /// by up to 26° have them (down/across is about the tangent of the tilt), while 2-D
    /// modules, print and texture have about as many each way. A row crosses every bar of a
    /// 1-D code only up to about that tilt anyway (codes a third to half as tall as wide). The
    /// 48 photo clips: the same reads, clip for clip, as with no such share; the rows' job time
    /// 0.15 → 0.01 ms a frame on the Micro QR clip, 0.14 → 0.02 ms on the Aztec clip.
    static let linearRowsAcrossShare: Float = 2.0 / 3

    /// Whether the 1-D rows (``linearScanRows(height:)`` of `bounds`, in frame rows) are worth
    /// reading when no 1-D code was seen lately: one of them runs through ``linearRowsRun``
    /// bar-like cells of `map` (``linearRowsAcrossShare``) that no quad of `hidden` covers.
    static func linearRowsMayMatter(in map: CodeLikenessMap, bounds: Rect, hiding hidden: [Quadrilateral]) -> Bool {
        let rows = linearScanRows(height: Int(bounds.height)).map { Int(bounds.y) + $0 }
        return map.hasRun(of: linearRowsRun, cellsOf: CodeLikenessMap.outlineDensity, across: linearRowsAcrossShare,
                          alongRows: rows, in: bounds, hiding: hidden)
    }

    /// Whether ``search(_:in:hiding:with:reducedBy:confirmed:)`` of `rect` with `reader`
    /// (at full size, `hidden` painted out) can find a 1-D code: each level of its image
    /// pyramid is read on its 15 scan rows only (``linearScanRows(height:)``), a code
    /// counted already when one row decodes. zxing-cpp reads those rows of the search's
    /// images the same, pixel for pixel and in the same order, and the search reports
    /// nothing that no scan row decodes, so `false` means the search would find nothing.
    /// `true` also when this look cannot stand for the search (2-D symbologies, tryHarder,
    /// rotation, inversion, reads of undecoded codes, or an image too small for 15 rows).
    static func linearRowsMayRead(_ frame: LumaImage, in rect: Rect, hiding hidden: [Quadrilateral],
                                  with reader: BarcodeReader) throws -> Bool {
        let options = reader.options
        guard !options.symbologies.isEmpty, options.symbologies.allSatisfy(\.isLinear), !options.tryHarder,
              !options.tryRotate, !options.tryInvert, !options.returnLocatedOnly else { return true }
        guard let (x0, y0, width, height) = cropBounds(rect, in: frame) else { return false }
        var rows = ScanRowSource(frame: frame, x0: x0, y0: y0, width: width, height: height,
                                 hidden: hidden.filter { $0.boundingBox.intersects(rect) })
        // The search's pyramid: the image, then halved while its longer side stays 500
        // pixels or more (CZXingShim_read_luma).
        var level = 0, (w, h) = (width, height)
        while true {
            let scanRows = linearScanRows(height: h)
            guard scanRows.count == 15 else { return true }
            var pixels: [UInt8] = []
            pixels.reserveCapacity(w * scanRows.count)
            for y in scanRows { pixels += rows.row(y, level: level) }
            if try reader.decodesLinear(onAnyRowOf: LumaImage(width: w, height: scanRows.count, pixels: pixels)) { return true }
            guard options.tryDownscale, max(w, h) / 2 >= 500, min(w, h) / 2 >= 1 else { return false }
            (level, w, h) = (level + 1, w / 2, h / 2)
        }
    }

    /// Rows of the images a search reads: the crop's rows with the hidden quads painted
    /// (``crop(_:to:hiding:)``) and the rows of its halved levels, each 2 × 2 pixels
    /// averaged, rounded half up, as CZXingShim halves an image.
    struct ScanRowSource {
        let frame: LumaImage
        /// The crop: left and top (frame pixels), width and height (pixels).
        let x0: Int, y0: Int, width: Int, height: Int
        /// The quads painted out (frame pixels), those meeting the crop.
        let hidden: [Quadrilateral]
        /// The luma they are painted in, once known.
        private var fill: UInt8?
        /// Rows made so far, by level and row.
        private var made: [Int: [Int: [UInt8]]] = [:]

        init(frame: LumaImage, x0: Int, y0: Int, width: Int, height: Int, hidden: [Quadrilateral]) {
            (self.frame, self.x0, self.y0, self.width, self.height, self.hidden) = (frame, x0, y0, width, height, hidden)
        }

        /// Row `y` of pyramid level `level` (0: the crop itself; level n is `width >> n` wide).
        mutating func row(_ y: Int, level: Int) -> [UInt8] {
            if let row = made[level]?[y] { return row }
            var row: [UInt8]
            if level == 0 {
                let start = (y0 + y) * frame.bytesPerRow + x0
                row = Array(frame.pixels[start..<(start + width)])
                if hidden.contains(where: { TrackingEngine.meets($0, frameRow: y0 + y) }) {
                    if fill == nil { fill = TrackingEngine.hidingFill(frame, x0: x0, y0: y0, width: width, height: height) }
                    let fill = fill!
                    row.withUnsafeMutableBufferPointer { TrackingEngine.paint(hidden, on: $0, frameRow: y0 + y, x0: x0, fill: fill) }
                }
            } else {
                let upper = self.row(2 * y, level: level - 1), lower = self.row(2 * y + 1, level: level - 1)
                row = (0..<(upper.count / 2)).map { x in
                    let sum = Int(upper[2 * x]) + Int(upper[2 * x + 1]) + Int(lower[2 * x]) + Int(lower[2 * x + 1])
                    return UInt8((sum + 2) / 4)
                }
            }
            made[level, default: [:]][y] = row
            return row
        }
    }
}
