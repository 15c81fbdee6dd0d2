import ArgumentParser
import BarcodeDecoding
import BarcodeTracking
import JSONLines
import Foundation
import FrameSources

/// `track scan FILE...`: the thorough still-image search.
struct Scan: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find every barcode in still images (all orientations, inverted, downscaled).",
        discussion: """
            Reads PNG, JPEG, WebP, PGM, TIFF, BMP and anything else FFmpeg decodes.
            Exit status: 0 some code found, 1 none found, 2 an input could not be read
            (the other files are still processed and reported).

            Examples:
              track scan label.png
              track scan --format jsonl photos/*.jpg > codes.jsonl
              track scan --symbologies ean13,upca shelf.jpg
            """)

    @Argument(help: "Image files to scan.")
    var files: [String]

    @Option(help: "Output format: text or jsonl (one JSON object per file).")
    var format: ScanFormat = .text

    @Option(help: "Comma-separated symbologies to look for (default: all), e.g. ean13,qrcode.",
            transform: SymbologyList.parse)
    var symbologies: Set<Symbology>?

    @Option(name: .customLong("read-isolation"), help: ReadIsolationChoice.help)
    var readIsolation = ReadIsolationChoice.pdf417

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one image file") }
    }

    func run() throws {
        var options = DecoderOptions.thorough
        options.symbologies = symbologies ?? []
        options.isolation = readIsolation.isolation()
        let reader: BarcodeReader
        do { reader = try BarcodeReader(options: options) } catch { throw ValidationError(error.message) }
        var foundAny = false, unreadable = false
        for path in RawArguments.paths(files) {
            // Printed by MediaPath.description: bytes that are not UTF-8 as \xNN, control characters escaped.
            let file = path.description
            let outcome = Self.scan(path, with: reader)
            switch outcome {
            case .success(let codes): foundAny = foundAny || !codes.isEmpty
            case .failure: unreadable = true
            }
            print(format == .jsonl ? Self.jsonLine(file: file, outcome) : Self.text(file: file, outcome))
            // Each file's result goes out before the next file is opened: a pipe
            // reader sees it at once, and nothing found is lost if a later file hangs or kills us.
            // (`nil` flushes every stream; `stdout` itself is a global Swift 6 will not touch.)
            if fflush(nil) != 0 {
                StandardError.print("track: cannot write the results: \(String(cString: strerror(errno)).lowercased())")
                throw ExitCode(ExitStatus.outputError)
            }
        }
        if unreadable { throw ExitCode(2) }
        if !foundAny { throw ExitCode(1) }
    }

    static func scan(_ path: MediaPath, with reader: BarcodeReader) -> Result<[Barcode], ScanFailure> {
        let file = path.description
        do {
            let image = try ImageFile.load(file: path)
            let report = try reader.read(image)
            for warning in report.warnings { StandardError.print("\(file): warning: \(warning)") }
            return .success(report.detections.compactMap(\.barcode))
        } catch let error as SourceError {
            return .failure(ScanFailure(message: error.message))
        } catch let error as DecodingError {
            return .failure(ScanFailure(message: "\(file): \(error.message)"))
        } catch {
            return .failure(ScanFailure(message: "\(file): \(error)"))
        }
    }

    static func jsonLine(file: String, _ outcome: Result<[Barcode], ScanFailure>) -> String {
        var object = JSONObject()
        object.add("file", .string(file))
        switch outcome {
        case .success(let codes):
            object.add("codes", .array(codes.map { code in
                var entry = JSONObject()
                BarcodeJSON.addPayload(of: code, to: &entry)
                entry.add("quad", BarcodeJSON.quad(code.location))
                BarcodeJSON.addDetails(of: code, to: &entry)
                return .object(entry)
            }))
        case .failure(let failure):
            object.add("codes", .array([]))
            object.add("error", .string(failure.message))
        }
        return object.text
    }

    static func text(file: String, _ outcome: Result<[Barcode], ScanFailure>) -> String {
        switch outcome {
        case .failure(let failure):
            return "\(file): error: \(failure.message)"
        case .success(let codes) where codes.isEmpty:
            return "\(file): no barcode found"
        case .success(let codes):
            let lines = codes.map { code in
                let c = code.location.center
                var line = "  \(code.symbology.rawValue)  \(BarcodeJSON.printable(code))"
                if let extended = code.extendedData { line += "  (\(extended))" }
                return line + "  at (\(Int(c.x.rounded())), \(Int(c.y.rounded())))"
            }
            return "\(file): \(codes.count) code\(codes.count == 1 ? "" : "s")\n" + lines.joined(separator: "\n")
        }
    }
}

/// Why an input could not be scanned, in words for the user.
struct ScanFailure: Error {
    let message: String
}

/// Output formats of `track scan`.
enum ScanFormat: String, ExpressibleByArgument, CaseIterable {
    case text, jsonl
}
