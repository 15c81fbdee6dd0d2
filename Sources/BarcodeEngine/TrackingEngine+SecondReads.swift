package import BarcodeDecoding
package import BarcodeTracking

/// Second reads of a tracked code that its window read missed: at half size for a large
/// code, and in a window close around a 1-D code and in its rows across the view.
extension TrackingEngine {
    /// Longer sides (frame pixels) of the windows that are read again at half size when
    /// the full-size read misses their code. zxing-cpp 1.4 reads some large codes only
    /// reduced (a PDF417 of the pallet photo scenes, 350 × 115 pixels and slightly turned:
    /// read at half size in every frame of its window, at full size in none), and its
    /// pyramid (`tryDownscale`, see ``DecoderOptions``) halves an image only while the
    /// longer side stays at least 500 pixels, so a whole frame gets that read and a window
    /// under 1000 pixels does not. From 300 pixels the halved window still holds a code
    /// of about 100 pixels or more at 50 or more.
    package static let halfSizeWindowSides = 300.0..<1000.0

    /// `reader`'s read of `window` of `image` (frame pixels), reads a window border cut
    /// out of a longer code dropped (each read is a ``search(_:in:hiding:with:reducedBy:)``).
    /// When none carries `payload`: for a 1-D code, a read of the close window around
    /// `predicted` (``closeWindow(around:in:)``), then, given `bounds` (the view, frame
    /// pixels) and `bandReader` (the symbology's reader of several symbols: the rows can
    /// hold neighbours with it), a read of its rows across `bounds` (``rowBand(around:in:)``);
    /// then, when the window's longer side is in ``halfSizeWindowSides``, a read of the
    /// window at half size. Locations in frame pixels; the reads of every attempt, in that order.
    package static func windowReads(_ image: LumaImage, in window: Rect, around predicted: Quadrilateral, with reader: BarcodeReader,
                                    symbology: Symbology, payload: [UInt8], across bounds: Rect? = nil,
                                    bandReader: BarcodeReader? = nil) throws -> DetectionReport {
        var report = try search(image, in: window, hiding: [], with: reader)
        func found() -> Bool { report.detections.contains { $0.barcode?.bytes == payload } }
        func add(_ more: DetectionReport) {
            report.detections += more.detections
            report.warnings += more.warnings
        }
        if !found(), symbology.isLinear, let close = closeWindow(around: predicted, in: window) {
            add(try search(image, in: close, hiding: [], with: reader))
        }
        if !found(), symbology.isLinear, let bounds, let bandReader, let band = rowBand(around: predicted, in: bounds) {
            add(try search(image, in: band, hiding: [], with: bandReader))
        }
        if !found(), halfSizeWindowSides.contains(max(window.width, window.height)) {
            add(try search(image, in: window, hiding: [], with: reader, reducedBy: 2))
        }
        return report
    }

    /// The rows of a 1-D code's close window (its predicted box grown by a tenth of its
    /// width, at least 12 pixels, up and down) across all of `bounds` (frame pixels); `nil`
    /// when that is under 8 pixels either way. zxing-cpp 1.4 thresholds each scanned row by
    /// that row's own histogram: in a window the row holds the label's white and the grey
    /// around it, and the bars of a code that decoding the whole frame reads can come out
    /// merged; across the view the row is the whole frame's. The first filming of the sheet's
    /// photo clips (`Benchmarks/photo-clips`, other seeds): the engine's coverage of the
    /// baseline's reads 93.3 → 97.8% (whip), 87.5 → 90.6% (pan), 81.8 → 87.9% (zoom); the
    /// bench's sheet whip 90.5 → 100%.
    package static func rowBand(around predicted: Quadrilateral, in bounds: Rect) -> Rect? {
        rows(of: closeBox(around: predicted), across: bounds)
    }

    /// The predicted box of a 1-D code grown by a tenth of its width (at least 12 pixels)
    /// on each side, within `window`; `nil` when that is no smaller than `window`. zxing-cpp
    /// 1.4 thresholds each scanned row of a 1-D code by that row's own histogram, so what
    /// else the row holds decides whether the bars come out: a window that also holds the
    /// background between labels and a neighbour's bars cut at its edge missed an EAN-13
    /// of the 720p/12 fast scene that the whole frame and this close window read.
    package static func closeWindow(around predicted: Quadrilateral, in window: Rect) -> Rect? {
        guard let close = closeBox(around: predicted).intersection(window), close.width >= 8, close.height >= 8,
              close.width < window.width || close.height < window.height else { return nil }
        return close
    }

    /// `predicted`'s bounding box grown by a tenth of its width, at least 12 pixels, on
    /// each side (frame pixels): a 1-D code's close surroundings.
    static func closeBox(around predicted: Quadrilateral) -> Rect {
        let box = predicted.boundingBox
        return grown(box, by: max(12, box.width / 10))
    }

    /// The rows of `rect` inside `bounds`, across all of `bounds` (frame pixels); `nil` when
    /// that is under 8 pixels either way.
    static func rows(of rect: Rect, across bounds: Rect) -> Rect? {
        let top = max(bounds.y, rect.y), bottom = min(bounds.maxY, rect.maxY)
        guard bottom - top >= 8, bounds.width >= 8 else { return nil }
        return Rect(x: bounds.x, y: top, width: bounds.width, height: bottom - top)
    }
}
