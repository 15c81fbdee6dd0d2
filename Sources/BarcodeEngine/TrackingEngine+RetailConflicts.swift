import BarcodeDecoding
import BarcodeTracking

/// Two EAN/UPC payloads read at one place: the pixels decide (``ModulePattern``).
///
/// One place holds one code, so two retail payloads read there are a read and a misread. Were
/// the first read to keep the place (``contradicts(_:measured:)`` alone), zxing-cpp's misreads of
/// a fine code, which repeat on every frame, would win wherever the whole frame's read lists the
/// misread first or a code's window reads only the misread: read fresh frame after frame, it
/// passes misread protection (two reads of three) and then holds the place against the right
/// payload for as long as the label stays in view. Which of the two the pixels under the read
/// match better is a witness that does not repeat zxing-cpp's mistake; where it cannot tell them
/// apart by ``patternMatchMargin``, the first read keeps the place.
///
/// Only retail symbologies: their module count is fixed and zxing-cpp's writer prints a
/// payload's one bar pattern, while a Code 128 payload has several encodings.
extension TrackingEngine {
    /// How much better (Pearson correlation, ``ModulePattern/match(in:at:)``) one payload's
    /// modules must match the pixels than the other's to decide a conflict: a misread that differs
    /// from the code in a few bar widths falls far further behind; payloads closer than this leave
    /// the place to the first read.
    static let patternMatchMargin = 0.03

    /// Which of `a` and `b` (retail reads at one place, frame pixels) the pixels of `image` under
    /// them match better by ``patternMatchMargin``: `true` for `a`, `false` for `b`, `nil` when
    /// neither wins or either is no retail code or has no text. Each payload is laid over both
    /// reads' quads, each read both ways, and scores its best: zxing-cpp reads a code right to left
    /// too (its quad's top-left corner then on the code's right), and a misread that way laid
    /// only its way would leave the code's own payload laid backwards over the code.
    static func pixelsPrefer(_ a: Barcode, to b: Barcode, in image: LumaImage) -> Bool? {
        guard retailSymbologies.contains(a.symbology), retailSymbologies.contains(b.symbology),
            let aText = a.data, let bText = b.data, aText != bText,
            let aPattern = ModulePattern(payload: aText, symbology: a.symbology),
            let bPattern = ModulePattern(payload: bText, symbology: b.symbology)
        else { return nil }
        let quads = [a.location, b.location].flatMap { [$0, $0.rotatedLabels(by: 2)] }
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
            contradicted.allSatisfy({ measured[$0].barcode.flatMap { pixelsPrefer(barcode, to: $0, in: image) } == true })
        else { return nil }
        return measured.indices.filter { !contradicted.contains($0) }.map { measured[$0] }
    }
}
