import ArgumentParser
import BarcodeDecoding
import BarcodeTracking
import Dispatch
import Foundation
import FrameSources
import LiveView
import TrackArguments

/// The main job: track codes through a camera, a file or the synthetic demo scene.
struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Track barcodes in a camera, a video file or the synthetic demo (the default command).",
        discussion: """
            Exit status: 0 success, 1 no code recognized, 2 input unreadable, 3 --timeout
            reached before --expect N, 4 input ended before --expect N, 5 output not writable,
            20-29 camera problems (no such device 20, not a capture device 21, busy 22,
            permission denied 23, unsupported size/rate 24, unplugged 25, bad control 26, no frames 27,
            bad camera settings 28, other driver failure 29), 64 bad arguments, 130/143/129 stopped by SIGINT/SIGTERM/SIGHUP
            (the summary is still written).
            """)

    @OptionGroup(title: "Input") var input: InputOptions
    @OptionGroup(title: "Session") var session: SessionOptions
    @OptionGroup(title: "Live view") var serve: ServeOptions

    @Option(name: .long, help: "Output format: text, jsonl or mot (MOTChallenge CSV).")
    var format: String = "text"

    @Option(name: .long, help: "Write results to this file instead of standard output.")
    var output: String?

    @Option(name: .long, help: "Write a video with outlines, ids and overlays (.mp4, .mkv, .avi, .y4m).")
    var annotate: String?

    @Option(name: .long, help: "Write the frames as they came in (no drawing) as a video, to replay with --input or track bench --input.")
    var record: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --demo: write the scene's ground truth of each processed frame (JSON Lines), to score a --record clip with track bench --input CLIP --reference FILE.",
            valueName: "file"))
    var truth: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Plan an overlay per code: anchor=…,offset.x=…,offset.y=…,size.x=…,size.y=…,expiry=…", valueName: "spec"))
    var overlay: String?

    func validate() throws {
        guard OutputFormat(rawValue: format) != nil else {
            throw ValidationError("--format must be text, jsonl or mot, not '\(format)'")
        }
        if let overlay {
            do { _ = try OverlaySpecification(parsing: overlay) } catch { throw ValidationError("--overlay: \(error.message)") }
        }
        try OutputConflicts.check(
            inputs: input.inputPaths,
            outputs: [("--output", output), ("--annotate", annotate), ("--record", record), ("--truth", truth)])
        for (option, path) in [("--annotate", annotate), ("--record", record)] {
            if let path, !VideoWriter.supportsExtension(of: path) {
                throw ValidationError("\(option) writes a video: give a file ending in .mp4, .mov, .mkv, .avi or .y4m, not \(path)")
            }
        }
        if truth != nil, !input.demo {
            throw ValidationError("--truth only applies to --demo: only a demo scene knows where its codes are")
        }
    }

    func run() async throws {
        try await TrackingJob.runCommand(serve: serve) { stopper, liveView in
            try TrackingJob(
                input: input, session: session, format: OutputFormat(rawValue: format)!,
                output: output, annotate: annotate, record: record, truth: truth, overlay: overlay, stopper: stopper,
                serve: liveView, latencyReport: serve.latencyReport,
                metrics: try serve.metricsAddress())
        }
    }
}
