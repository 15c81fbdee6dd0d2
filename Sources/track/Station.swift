import ArgumentParser
import Foundation
import LiveView

/// `track station`: pallet after pallet for a shift, each recorded, counted and checked.
struct Station: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "station",
        abstract: "Count pallet after pallet until stopped: a record per pallet with its codes, count, manifest check and snapshot.",
        discussion: """
            A pallet begins when a code comes into view and ends when no code has been in view for
            --gap seconds (--split presence, the default for a fixed camera), or at a trigger: a line
            on standard input, SIGUSR1 or POST /next on the live page (--split trigger for stop-and-go or hand-held work: only a
            trigger ends a pallet). --expect N checks each pallet's count (complete, short, over).
            Pallet numbers go on across restarts (--state). With --format jsonl each pallet is a
            `pallet` line, then the summary; --output appends, so a restarted station keeps its records.
            Examples:
              track station --device /dev/video0 --station dock-3 --expect 4 --manifest asn.csv --snapshots shots/
              track station --demo --station test --frames 600
              track station --input shift.mp4 --format jsonl --output pallets.jsonl
            Exit status: 0 when it ran to the end or was stopped by a signal (a station's normal end),
            1 when the input ended with no pallet, 2 input unreadable, 5 output not writable,
            20-29 camera problems as for track run, 64 bad arguments or a bad manifest.
            """)

    @OptionGroup(title: "Input") var input: InputOptions
    @OptionGroup(title: "Session") var session: SessionOptions
    @OptionGroup(title: "Station") var station: StationOptions
    @OptionGroup(title: "Live view") var serve: ServeOptions

    @Option(name: .long, help: "Output format: text or jsonl (a pallet line per pallet, then the summary).")
    var format: String = "text"

    @Option(name: .long, help: "Append the records to this file instead of writing them to standard output.")
    var output: String?

    func validate() throws {
        guard let chosen = OutputFormat(rawValue: format), chosen != .mot else {
            throw ValidationError("--format must be text or jsonl for track station, not '\(format)'")
        }
        if session.timeout != nil {
            throw ValidationError("--timeout does not apply to track station: it runs until stopped; use --duration to stop after a time")
        }
        try OutputConflicts.check(
            inputs: input.inputPaths,
            outputs: [("--output", output), ("--snapshots", station.snapshots), ("--state", station.state)])
    }

    func run() async throws {
        signal(SIGPIPE, SIG_IGN)
        try await TrackingJob.runCommand(serve: serve) { stopper, liveView in
            let job = try TrackingJob(
                input: input, session: session, format: OutputFormat(rawValue: format)!, output: output,
                annotate: nil, overlay: nil, stopper: stopper, serve: liveView, latencyReport: serve.latencyReport,
                station: station, metrics: try serve.metricsAddress())
            try await job.station?.delivery?.start()
            return job
        }
    }
}
