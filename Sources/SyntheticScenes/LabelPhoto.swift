import BarcodeDecoding
public import BarcodeTracking
import Foundation
public import FrameSources

/// A label cut out of a real photograph, for a scene whose labels are printed paper seen through
/// a real lens: the photo's pixels around one code, shrunk so that its modules are about the
/// scene's size.
///
/// Its truth is what the thorough still read (``BarcodeDecoding/DecoderOptions/thorough``, as
/// `track scan`) finds in the cut-out itself: a cut-out that read finds no code in, or a code other
/// than the one it was cut around, is not made.
public struct LabelPhoto: Sendable {
    /// The code's symbology.
    public let symbology: Symbology
    /// The code's text: the decoded text, or its bytes read as UTF-8 when there is no text.
    public let payload: String
    /// The photo it was cut from (the path or name given).
    public let photo: String
    /// The cut-out, one world pixel a pixel.
    let image: LumaImage
    /// The code's bounds in the cut-out, pixels (axis-aligned around its corners, quiet zone excluded).
    let codeBounds: Rect

    /// Around the code, the cut-out keeps this share of the code's longer side on each side.
    static let marginShare = 0.15
    /// A cut-out's longer side is at most this many pixels: a shipping label (about 4 × 6 inches)
    /// in a 720p view of a pallet.
    static let maximumSide = 420.0
    /// A photo's code is not shrunk below this many pixels a module, as in ``PhotoScene``: its
    /// lens and compression have already blurred each module.
    static let minimumModulePixels = 2.5

    /// Cuts one label around each code the thorough still read finds in `images`, each payload once
    /// (the first photo that has it), shrunk so that a module spans about `modulePixels` pixels
    /// but at least ``minimumModulePixels`` (never enlarged), and to at most ``maximumSide``.
    /// Photos with no code, and cut-outs the read cannot confirm, give no label.
    /// - Throws: ``SourceError`` when the still read cannot be set up or fails on a photo.
    public static func cut(from images: [(name: String, image: LumaImage)], modulePixels: Double) throws(SourceError) -> [LabelPhoto] {
        let reader = try PhotoScene.stillReader()
        var labels: [LabelPhoto] = [], taken = Set<String>()
        for (name, image) in images {
            for code in try PhotoScene.stillCodes(in: image, name: name, reader: reader) where !taken.contains(code.payload) {
                guard let label = try cutOut(code, from: image, modulePixels: modulePixels, reader: reader) else { continue }
                taken.insert(label.payload)
                labels.append(label)
            }
        }
        return labels
    }

    /// Loads the photos at `files` (anything ``ImageFile`` reads) and cuts their labels, as
    /// ``cut(from:modulePixels:)`` does.
    /// - Throws: ``SourceError``: a photo's own loading error, or a failing still read.
    public static func load(_ files: [MediaPath], modulePixels: Double) throws(SourceError) -> [LabelPhoto] {
        return try cut(from: PhotoScene.load(files), modulePixels: modulePixels)
    }

    /// The cut-out around `code`, or nil when the still read of the cut-out does not give exactly that code.
    private static func cutOut(_ code: PhotoCode, from image: LumaImage, modulePixels: Double, reader: BarcodeReader) throws(SourceError)
        -> LabelPhoto?
    {
        let q = code.location
        guard let bounds = Rect(enclosing: [q.topLeft, q.topRight, q.bottomRight, q.bottomLeft]) else { return nil }
        let margin = max(bounds.width, bounds.height) * marginShare + 4 * code.modulePixels
        let x0 = max(0, Int((bounds.x - margin).rounded(.down))), y0 = max(0, Int((bounds.y - margin).rounded(.down)))
        let x1 = min(image.width, Int((bounds.maxX + margin).rounded(.up))),
            y1 = min(image.height, Int((bounds.maxY + margin).rounded(.up)))
        guard x1 - x0 >= 8, y1 - y0 >= 8 else { return nil }
        let target = max(modulePixels, minimumModulePixels)
        let factor = min(1, target / code.modulePixels, maximumSide / Double(max(x1 - x0, y1 - y0)))
        var pixels: [UInt8] = []
        pixels.reserveCapacity((x1 - x0) * (y1 - y0))
        for y in y0..<y1 { pixels += image.pixels[(y * image.bytesPerRow + x0)..<(y * image.bytesPerRow + x1)] }
        var cut = try! LumaImage(width: x1 - x0, height: y1 - y0, pixels: pixels)  // 8...image size, checked above
        if factor < 0.999 { cut = PhotoCanvas.shrunk(cut, by: factor) }
        let scale = Double(cut.width) / Double(x1 - x0)
        let found = try PhotoScene.stillCodes(in: cut, name: code.photo, reader: reader)
        guard found.count == 1, found[0].payload == code.payload, found[0].symbology == code.symbology else { return nil }
        let codeBounds = Rect(
            x: (bounds.x - Double(x0)) * scale, y: (bounds.y - Double(y0)) * scale,
            width: bounds.width * scale, height: bounds.height * scale)
        return LabelPhoto(symbology: code.symbology, payload: code.payload, photo: code.photo, image: cut, codeBounds: codeBounds)
    }
}
