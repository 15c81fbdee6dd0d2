package import BarcodeDecoding
package import BarcodeTracking

/// Window reads of large tracked codes at half size.
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
    /// out of a longer code dropped; when none carries `payload` and the window's longer
    /// side is in ``halfSizeWindowSides``, followed by the reads of the window at half
    /// size (locations in frame pixels).
    package static func windowReads(_ image: LumaImage, in window: Rect, with reader: BarcodeReader, payload: [UInt8]) throws -> DetectionReport {
        var report = droppingCutReads(try reader.read(image, region: window), searched: window, width: image.width, height: image.height)
        guard !report.detections.contains(where: { $0.barcode?.bytes == payload }),
              halfSizeWindowSides.contains(max(window.width, window.height)) else { return report }
        let halved = try search(image, in: window, hiding: [], with: reader, reducedBy: 2)
        report.detections += halved.detections
        report.warnings += halved.warnings
        return report
    }
}
