import ArgumentParser
import BarcodeDecoding
import BarcodeTracking

/// `--read-isolation`: which zxing-cpp reads run in reader processes (``ReadIsolation``), so
/// that a read that crashes or never returns costs that read and not the run.
struct ReadIsolationChoice: ExpressibleByArgument {
    static let help = ArgumentHelp(
        "zxing-cpp reads that run in reader processes, where a read that crashes or hangs costs that read and not the run: pdf417 (default: reads that may use zxing-cpp 1.4's PDF417 reader, which has both faults), all, none, or a list of symbologies.",
        valueName: "pdf417|all|none|list")

    /// The symbologies whose reads are isolated (empty: all reads), or `nil` for none.
    let symbologies: Set<Symbology>?

    init?(argument: String) {
        switch argument {
        case "none": symbologies = nil
        case "all": symbologies = []
        default:
            guard let parsed = try? SymbologyList.parse(argument) else { return nil }
            symbologies = parsed
        }
    }

    /// The argument as given: none, all, or the list.
    var defaultValueDescription: String {
        guard let symbologies else { return "none" }
        return symbologies.isEmpty ? "all" : symbologies.map(\.rawValue).sorted().joined(separator: ",")
    }

    /// The default: reads that may run the PDF417 reader.
    static let pdf417 = ReadIsolationChoice(argument: "pdf417")!

    /// The isolation this run's readers share, or `nil` for none.
    func isolation() -> ReadIsolation? {
        // The default command and timeouts are valid, so this cannot throw.
        symbologies.map { try! ReadIsolation(symbologies: $0) }
    }
}
