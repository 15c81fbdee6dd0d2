import ArgumentParser
import BarcodeDecoding
import BarcodeTracking

/// Parsing of `--symbologies ean13,qrcode,…`.
enum SymbologyList {
    /// Parses a comma-separated list of names; the error names the bad entry and lists the valid ones.
    static func parse(_ argument: String) throws -> Set<Symbology> {
        var set = Set<Symbology>()
        let readable = BarcodeReader.readableSymbologies
        for part in argument.split(separator: ",") {
            let name = part.trimmingCharacters(in: " ")
            guard let symbology = Symbology(name: name) else {
                throw ValidationError("unknown symbology '\(name)'; choose from: \(readable.map(\.rawValue).joined(separator: ", "))")
            }
            guard readable.contains(symbology) else {
                throw ValidationError("\(symbology.displayName) is not readable by this zxing-cpp (1.4); choose from: \(readable.map(\.rawValue).joined(separator: ", "))")
            }
            set.insert(symbology)
        }
        guard !set.isEmpty else { throw ValidationError("--symbologies needs at least one name, e.g. ean13,qrcode") }
        return set
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
