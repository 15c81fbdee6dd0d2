import ArgumentParser
import BarcodeDecoding
import CEarlySignals
import FrameSources
#if canImport(Glibc)
import Glibc
#endif

/// `track`: follow barcodes through live video, files and synthetic scenes.
@main
struct Track: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "track",
        abstract: "Follow many barcodes at once through video, the MatrixScan way, with zxing-cpp.",
        discussion: """
            Examples:
              track --demo                      # synthetic pallet, no camera needed
              track --demo --photo label.jpg --path whip   # hand-held camera over a photo
              track --expect 3 --device /dev/video0    # count 3 labels, exit 0
              track --input shift.mp4 --format jsonl > tracks.jsonl
              track --input shift.mp4 --format mot --output tracker.txt
              track --demo --record demo.mp4    # save the frames to replay later
              track --demo --annotate demo.mp4 \\
                    --overlay 'anchor=topCenter,offset.y=fixedPx:15'
              track --expect 3 --device /dev/video0 --serve 8080   # watch at http://127.0.0.1:8080/
              track station --device /dev/video0 --expect 4 --manifest asn.csv   # pallet after pallet
              track scan label.png              # thorough still-image search

            An option that takes one value is given once: repeating it (--input a.mp4
            --input b.mp4) is refused with exit 64. Options marked repeatable may be
            given several times.
            """,
        version: TrackVersion.line,
        subcommands: [Run.self, Station.self, Scan.self, Devices.self, Bench.self, OutboxCommand.self, ReportCommand.self],
        defaultSubcommand: Run.self)

    /// `track --help` also lists the options of the default command (`track run`),
    /// which most invocations use without naming it; everything else is parsed as usual.
    static func main() async {
        // The application's choice, for every command: a reader that closes its pipe early
        // (`track scan … | head -1`) makes writes fail with EPIPE, which ends the command
        // with exit 5 and a message, instead of SIGPIPE killing it without a word.
        signal(SIGPIPE, SIG_IGN)
        // Started again as a zxing-cpp reader process (ReadIsolation): serve reads, nothing else.
        ReadIsolation.runWorkerIfRequested()
        // The application's choice, not the library's: FFmpeg's own log would interleave
        // with track's output; its error lines are put into track's messages instead.
        FFmpegLog.capture()
        let arguments = Array(CommandLine.arguments.dropFirst())
        // `track bench` runs its baseline as a plain zxing-cpp program reads (see AllocatorSettings).
        AllocatorSettings.apply(forBench: arguments.first == Bench.configuration.commandName)
        if arguments.count == 1, ["-h", "--help", "help"].contains(arguments[0]) {
            print(helpMessage())
            // Run's option groups (INPUT, SESSION, OPTIONS), after its overview and usage.
            let run = Run.helpMessage()
            if let usage = run.range(of: "USAGE:"), let groups = run[usage.upperBound...].range(of: "\n\n") {
                print("THE DEFAULT COMMAND (track run; its name may be left out):\n")
                print(run[groups.upperBound...], terminator: "")
            }
            return
        }
        let command: any ParsableCommand
        do {
            try RepeatedOptions.check(arguments, root: Track.self)
            command = try parseAsRoot(arguments)
        } catch {
            exit(withError: error)
        }
        // Only `run` turns SIGINT, SIGTERM and SIGHUP into a clean stop (with the summary);
        // the other commands get the default action back, and a signal caught during
        // start-up takes effect now.
        if !(command is Run || command is Station) { CEarlySignals_release() }
        do {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                var syncCommand = command
                try syncCommand.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
