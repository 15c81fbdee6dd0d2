import ArgumentParser
import Foundation
import PalletOutbox

/// `track outbox`: what a station's outbox holds, read without disturbing the station that writes it.
struct OutboxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outbox",
        abstract: "Inspect a station's outbox, or deliver the records waiting in it to a --sink now.",
        subcommands: [Status.self, Export.self, Retry.self])

    /// `track outbox status DIR`.
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print how many records wait, their bytes, and the age of the oldest.",
            discussion: "Exit status: 0, or 2 when the folder is not an outbox that can be read.")

        @Argument(help: ArgumentHelp("The outbox folder (a station's --outbox; by default NAME.outbox beside its state file).", valueName: "folder"))
        var folder: String

        @Option(name: .long, help: "Output format: text or json.")
        var format: String = "text"

        func validate() throws {
            guard ["text", "json"].contains(format) else { throw ValidationError("--format must be text or json, not '\(format)'") }
        }

        func run() throws {
            let status = try OutboxCommand.inspect(folder).status
            let age = status.oldestPending.map { max(0, Date().timeIntervalSince($0)) }
            if format == "json" {
                var line = "{\"pending\":\(status.pendingCount),\"pendingBytes\":\(status.pendingBytes),\"diskBytes\":\(status.diskBytes),"
                line += "\"segments\":\(status.segments),\"oldestAgeSeconds\":\(age.map { String(format: "%.1f", $0) } ?? "null")}"
                print(line)
            } else {
                print("\(folder): \(status.pendingCount) record(s) waiting, \(status.pendingBytes) bytes; \(status.diskBytes) bytes on disk in \(status.segments) segment(s)")
                if let age { print("oldest waiting: \(String(format: "%.1f", age)) s") }
            }
        }
    }

    /// `track outbox export DIR`.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the records waiting for delivery as JSON lines, oldest first (they stay in the outbox).")

        @Argument(help: ArgumentHelp("The outbox folder.", valueName: "folder"))
        var folder: String

        func run() throws {
            for record in try OutboxCommand.inspect(folder).pending {
                FileHandle.standardOutput.write(Data(record.payload + [UInt8(ascii: "\n")]))
            }
        }
    }

    static func inspect(_ folder: String) throws -> (status: OutboxStatus, pending: [OutboxRecord]) {
        do { return try Outbox.inspect(directory: folder) } catch {
            StandardError.print("track: \(error.message)")
            throw ExitCode(ExitStatus.inputError)
        }
    }
}
