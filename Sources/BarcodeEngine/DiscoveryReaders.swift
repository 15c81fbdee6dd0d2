import BarcodeDecoding
import BarcodeTracking

/// A discovery read (the whole frame, a region, a strip or a tile) as one or two
/// zxing-cpp reads: the symbologies that ``ReadIsolation`` sends to reader processes in
/// one, the others in this process in the other.
///
/// An isolated read copies its pixels to a reader process and waits for the answer, so a
/// whole-frame read that includes PDF417 (isolated by default, for zxing-cpp 1.4's PDF417
/// faults) cost the engine the IPC on top of the whole read, on one core. Split, only the
/// PDF417 pass goes to the reader process, and the two reads run at the same time on the
/// machine's cores. zxing-cpp's readers work independently on one binarized image, so the
/// two reads find together what one read of every symbology finds.
struct DiscoveryReaders: Sendable {
    /// The reads to make, each a job of its own: one when the symbologies are all
    /// isolated or none is (or nothing is isolated), else the in-process part first.
    let parts: [BarcodeReader]

    init(parts: [BarcodeReader]) { self.parts = parts }

    /// The in-process part alone when the read is split, else the read as it is.
    var inProcessOnly: DiscoveryReaders { DiscoveryReaders(parts: [parts[0]]) }

    /// `reader` as it is, or split in two when its options isolate some of `symbologies`
    /// (the non-add-on symbologies it reads) and not all of them.
    init(_ reader: BarcodeReader, symbologies: [Symbology]) throws(DecodingError) {
        guard let isolation = reader.options.isolation, !isolation.symbologies.isEmpty else {
            parts = [reader]
            return
        }
        let isolated = symbologies.filter(isolation.symbologies.contains)
        let inProcess = symbologies.filter { !isolation.symbologies.contains($0) }
        guard !isolated.isEmpty, !inProcess.isEmpty else {
            parts = [reader]
            return
        }
        func part(_ subset: [Symbology]) throws(DecodingError) -> BarcodeReader {
            var options = reader.options
            options.symbologies = Set(subset)
            return try BarcodeReader(options: options)
        }
        parts = [try part(inProcess), try part(isolated)]
    }
}
