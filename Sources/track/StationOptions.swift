import ArgumentParser
import Foundation
import PalletDelivery
import PalletOutbox
import PalletStation

/// `track station`'s own options: how pallets are told apart, checked and recorded.
struct StationOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The station's name in every pallet record (default: the host name).", valueName: "name"))
    var station: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "Seconds without a code in view that end a pallet (presence).", valueName: "seconds"))
    var gap: Double = PalletStationConfiguration(station: "-").gap

    @Option(name: .long, help: ArgumentHelp(
        "presence: a pallet ends after --gap seconds without a code, or at a trigger; trigger: only a trigger ends it (a line on standard input, SIGUSR1).",
        valueName: "presence|trigger"))
    var split: String = PalletStationConfiguration.Segmentation.presence.rawValue

    @Option(name: .long, help: ArgumentHelp(
        "Check each pallet against this shipment list: CSV with a header (payload, symbology, quantity, pallet) or JSON lines.",
        valueName: "file"))
    var manifest: String?

    @Option(name: .long, help: ArgumentHelp(
        "Write a PNG per pallet into this folder: the frame that showed most of its codes, outlines drawn.", valueName: "folder"))
    var snapshots: String?

    @Option(name: .long, help: ArgumentHelp(
        "The file that keeps the pallet numbering across restarts (default: $XDG_STATE_HOME/track/NAME.json, else ~/.local/state/track/NAME.json).",
        valueName: "file"))
    var state: String?

    @Option(name: .long, help: ArgumentHelp(
        "Deliver each pallet record, through the outbox, to a webhook (http:// or https://; a POST per record, Idempotency-Key: the pallet's UUID; "
        + "bearer token from $TRACK_SINK_TOKEN) or a PostgreSQL database (postgres://USER@HOST:PORT/DATABASE; password from $PGPASSWORD, "
        + "tables created at the first start, one row per pallet UUID; see docs/delivery.md).",
        valueName: "url"))
    var sink: String?

    @Option(name: .long, help: ArgumentHelp("Seconds a sink request (a database connection or transaction) may take before it is retried.", valueName: "seconds"))
    var sinkTimeout: Double = 10

    @Option(name: .long, help: ArgumentHelp(
        "The folder where records wait for delivery (default: beside the state file, NAME.outbox).", valueName: "folder"))
    var outbox: String?

    @Option(name: .long, help: ArgumentHelp(
        "The most MiB the outbox may take; when full, new records are only written to the station's own output, with a warning.",
        valueName: "MiB"))
    var outboxMax: Double = Double(OutboxConfiguration().maxBytes >> 20)

    func validate() throws {
        if let sink {
            do { _ = try SinkAddress(parsing: sink) } catch { throw ValidationError(error.message) }
        } else if outbox != nil {
            throw ValidationError("--outbox holds records for a sink: give --sink too")
        }
        guard sinkTimeout.isFinite, sinkTimeout > 0, sinkTimeout <= 600 else {
            throw ValidationError("--sink-timeout must be a number of seconds above 0 and at most 600, not \(sinkTimeout)")
        }
        guard outboxMax.isFinite, outboxMax > 0 else {
            throw ValidationError("--outbox-max must be a number of MiB above 0 (fractions allowed: 0.5 is 512 KiB), not \(outboxMax)")
        }
        if let station, station.trimmingCharacters(in: .whitespaces).isEmpty || station.contains("/") {
            throw ValidationError("--station must be a non-empty name without '/', not '\(station)'")
        }
        guard gap.isFinite, gap > 0, gap <= 3600 else {
            throw ValidationError("--gap must be a number of seconds above 0 and at most 3600, not \(gap)")
        }
        guard PalletStationConfiguration.Segmentation(rawValue: split) != nil else {
            throw ValidationError("--split must be presence or trigger, not '\(split)'")
        }
    }

    /// The station's name: `--station`, else the host name.
    var stationName: String {
        station ?? ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? "station"
    }

    /// The outbox folder: `--outbox`, else beside the state file.
    var outboxPath: String {
        if let outbox { return outbox }
        let state = statePath
        return (state.hasSuffix(".json") ? String(state.dropLast(5)) : state) + ".outbox"
    }

    /// The state file's path: `--state`, else under the XDG state folder.
    var statePath: String {
        if let state { return state }
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        return base + "/track/\(stationName).json"
    }
}
