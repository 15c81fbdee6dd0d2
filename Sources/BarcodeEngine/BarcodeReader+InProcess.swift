import BarcodeDecoding
import BarcodeTracking

extension BarcodeReader {
    /// This reader without the symbologies its ``ReadIsolation`` sends to reader processes,
    /// when it reads others too (`symbologies`: the non-add-on symbologies it reads); itself
    /// otherwise (nothing isolated, every read isolated, or only isolated symbologies).
    ///
    /// The engine's searches of regions, strips, tiles and re-acquisition windows use it: an
    /// isolated read copies its pixels to a reader process and waits for the answer, which
    /// for a small region costs more than the read itself, and `track` isolates every read
    /// that includes PDF417 (zxing-cpp 1.4's PDF417 faults). Those symbologies are then left
    /// to the whole-frame search and to the window reads of tracked codes. zxing-cpp's
    /// readers work independently on the binarized image, so such a read finds what a read
    /// of every symbology finds, less the isolated symbologies' codes.
    func inProcessPart(of symbologies: [Symbology]) throws(DecodingError) -> BarcodeReader {
        guard let isolated = options.isolation?.symbologies, !isolated.isEmpty else { return self }
        let rest = symbologies.filter { !isolated.contains($0) }
        guard !rest.isEmpty, rest.count < symbologies.count else { return self }
        var inProcess = options
        inProcess.symbologies = Set(rest)
        return try BarcodeReader(options: inProcess)
    }
}
