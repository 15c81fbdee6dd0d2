import BarcodeDecoding
import BarcodeTracking

/// Two EAN/UPC payloads read at one place: the pixels decide (``ModulePattern``).
///
/// One place holds one code, so two retail payloads read there are a read and a misread. Before,
/// the first read kept the place (``contradicts(_:measured:)``), and zxing-cpp's misreads of a
/// fine code repeat on every frame: where the whole frame's read listed the misread first, or a
/// code's window read only the misread, the misread was read fresh frame after frame, passed
/// misread protection (two reads of three) and then held the place against the right payload
/// for as long as the label stayed in view. Which of the two the pixels under the read match
/// better is a witness that does not repeat zxing-cpp's mistake; where it cannot tell them
/// apart by ``patternMatchMargin``, the first read keeps the place as before.
///
/// Only retail symbologies: their module count is fixed and zxing-cpp's writer prints a
/// payload's one bar pattern, while a Code 128 payload has several encodings.
extension TrackingEngine {
    /// How much better (Pearson correlation, ``ModulePattern/match(in:at:)``) one payload's
    /// modules must match the pixels than the other's to decide a conflict. The right payload of
    /// a clean 2-pixel module matches at over 0.99 and a 1/7-confused misread at about 0.86.
    static let patternMatchMargin = 0.03

    /// Which of `a` and `b` (retail reads at one place, frame pixels) the pixels of `image` under
    /// them match better by ``patternMatchMargin``: `true` for `a`, `false` for `b`, `nil` when
    /// neither wins or either is no retail code or has no text. Each payload is laid over both
    /// reads' quads and scores its best.
    static func pixelsPrefer(_ a: Barcode, to b: Barcode, in image: LumaImage) -> Bool? {
        guard retailSymbologies.contains(a.symbology), retailSymbologies.contains(b.symbology),
              let aText = a.data, let bText = b.data, aText != bText,
              let aPattern = ModulePattern(payload: aText, symbology: a.symbology),
              let bPattern = ModulePattern(payload: bText, symbology: b.symbology) else { return nil }
        let quads = [a.location, b.location]
        let aScore = quads.map { aPattern.match(in: image, at: $0) }.max() ?? -1
        let bScore = quads.map { bPattern.match(in: image, at: $0) }.max() ?? -1
        if aScore >= bScore + patternMatchMargin { return true }
        if bScore >= aScore + patternMatchMargin { return false }
        return nil
    }

    /// `measured` for a read `found` that contradicts some of it (``contradicts(_:measured:)``):
    /// without the detections it contradicts when the pixels prefer `found`'s payload to every one
    /// of theirs (``pixelsPrefer(_:to:in:)``), so that `found` takes the place; `nil` when any
    /// of them keeps it (`found` is dropped).
    static func resolvingConflict(of found: Detection, with measured: [Detection], in image: LumaImage) -> [Detection]? {
        guard let barcode = found.barcode else { return nil }
        let contradicted = measured.indices.filter { contradicts(found, measured: [measured[$0]]) }
        guard !contradicted.isEmpty,
              contradicted.allSatisfy({ measured[$0].barcode.flatMap { pixelsPrefer(barcode, to: $0, in: image) } == true }) else { return nil }
        return measured.indices.filter { !contradicted.contains($0) }.map { measured[$0] }
    }
}
