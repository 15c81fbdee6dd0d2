import ArgumentParser
import Foundation
import PalletDelivery

/// `track report --sink postgres://…`: the stations' pallets per shift, from the database their
/// records were delivered to (the `pallets_per_station_shift` view).
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Print pallets per station and shift from a PostgreSQL sink (password from $PGPASSWORD).",
        discussion: """
            Shifts are 00:00–08:00, 08:00–16:00 and 16:00–24:00 in the database's time zone. \
            Exit status: 0; 2 when the database cannot be read; 64 for a bad argument.
            """)

    @Option(
        name: .long,
        help: ArgumentHelp("The database the stations deliver to (a station's --sink).", valueName: "postgres://USER@HOST:PORT/DATABASE"))
    var sink: String

    @Option(name: .long, help: ArgumentHelp("Only this station.", valueName: "name"))
    var station: String?

    @Option(name: .long, help: ArgumentHelp("Shifts that started in the last this many days.", valueName: "days"))
    var days: Int = 7

    @Option(name: .long, help: "Output format: text or jsonl (one object per shift).")
    var format: String = "text"

    @Option(name: .long, help: ArgumentHelp("Seconds the database may take to connect and answer.", valueName: "seconds"))
    var timeout: Double = 10

    func validate() throws {
        let address: SinkAddress
        do { address = try SinkAddress(parsing: sink) } catch { throw ValidationError(error.message) }
        guard case .postgres = address else { throw ValidationError("--sink must be a postgres:// URL: the report reads the database") }
        guard (1...3650).contains(days) else { throw ValidationError("--days must be a whole number from 1 to 3650, not \(days)") }
        guard ["text", "jsonl"].contains(format) else { throw ValidationError("--format must be text or jsonl, not '\(format)'") }
        guard timeout.isFinite, timeout > 0, timeout <= 600 else {
            throw ValidationError("--timeout must be a number of seconds above 0 and at most 600, not \(timeout)")
        }
    }

    func run() async throws {
        let summaries: [ShiftSummary]
        do {
            guard case .postgres(let address) = try SinkAddress(parsing: sink) else { throw ExitCode(ExitStatus.usage) }
            let database = try PostgresSink(
                address: address, password: ProcessInfo.processInfo.environment[PostgresAddress.passwordVariable],
                timeout: timeout)
            summaries = try await database.shiftSummaries(days: days, station: station)
        } catch let error as DeliveryError {
            StandardError.print("track: \(error.message)")
            throw ExitCode(ExitStatus.inputError)
        }
        if format == "jsonl" {
            for summary in summaries { print(Self.jsonLine(summary)) }
        } else {
            print(Self.table(summaries))
        }
    }

    static func table(_ summaries: [ShiftSummary]) -> String {
        guard !summaries.isEmpty else { return "no pallets in these days" }
        let header = ["station", "shift start", "shift", "pallets", "complete", "short", "over", "manifest diff", "codes", "codes/h"]
        let rows = summaries.map { s in
            [
                s.station, s.shiftStart, "\(s.shift)", "\(s.pallets)", "\(s.complete)", "\(s.short)", "\(s.over)",
                "\(s.manifestDiscrepancies)", "\(s.codes)", String(format: "%.1f", s.codesPerHour),
            ]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            row.enumerated().map { column, text in
                // Names left, numbers right.
                column < 2
                    ? text.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - text.count) + text
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    static func jsonLine(_ s: ShiftSummary) -> String {
        let station = String(decoding: (try? JSONEncoder().encode(s.station)) ?? Data("\"\"".utf8), as: UTF8.self)
        return "{\"station\":\(station),\"shiftStart\":\"\(s.shiftStart)\",\"shift\":\(s.shift),\"pallets\":\(s.pallets),"
            + "\"complete\":\(s.complete),\"short\":\(s.short),\"over\":\(s.over),\"manifestDiscrepancies\":\(s.manifestDiscrepancies),"
            + "\"codes\":\(s.codes),\"codesPerHour\":\(String(format: "%.1f", s.codesPerHour))}"
    }
}
