import ArgumentParser
import BarcodeEngine
import PalletStation
import SyntheticScenes
import BarcodeTracking
import Foundation
import TrackBench

/// `track bench`: the engine against decoding every full frame, side by side, in one run.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the engine against decoding every full frame: speed, latency, accuracy, memory.",
        discussion: """
            Runs each scene (or --input file) through both pipelines on the same
            frames and prints them side by side. Synthetic scenes are scored against
            their ground truth; a file against the baseline's own full-frame decodes, or
            against another decoder's reads of it (--reference). In a file's reference a
            code unread between two reads is don't-care for IDF1 and ID switches.
            With --input it then times the whole file through track --input end to
            end (video decoding and output included), with the engine and with
            --decode-every-frame, 3 runs each alternating: the time a user waits for.

            Examples:
              track bench                  # 27 scenes: 720p/1080p, 3-100 codes,
                                           # slow/fast, 2-D only, no DM/Aztec, conveyor;
                                           # 4 photo scenes; the clips in ../shared/data/video
              track bench --scenes photos  # a virtual camera over real photographs only
              track bench --scenes quick --json bench.json
              track bench --only 1080p-12 --frames 300
              track bench --input shift.mp4 --mot mot/ --plot bench.png
              track bench --input clip.mp4 --reference Benchmarks/reference/clip.jsonl
              track --demo --frames 300 --record shift.mp4   # a clip to bench
            """)

    @Option(name: .long, help: "Scene set: default, quick, photos, or station (pallets past a fixed camera, each record scored; --frames per seed, default 10 minutes at 30 fps).")
    var scenes: BenchSceneSet = .standard

    @Option(name: .long, help: "Benchmark this media file instead of synthetic scenes.")
    var input: String?

    @Option(name: .long, help: ArgumentHelp(
        "With --input: score both pipelines against this file of another decoder's reads of the same video (Benchmarks/reference/make-reference, zxing-cpp 3.x) instead of the baseline's own decodes.",
        valueName: "file"))
    var reference: String?

    @Option(name: .long, parsing: .unconditional, help: "Frames per scene (default 60, quick 8), or at most this many frames of --input.")
    var frames: Int?

    @Option(name: .long, help: ArgumentHelp("Only the scenes whose name contains this text, e.g. 1080p-12.", valueName: "text"))
    var only: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "Give the engine this per-frame time budget, as track gives a live source (25 for 30 fps): it also searches the whole frame whenever that fits, and carries a read in a reader process over to later frames past 1.2 times the budget.",
        valueName: "ms"))
    var frameBudget: Double?

    @Option(name: .long, help: TrackingEngineEffort.help)
    var effort: TrackingEngineEffort = .balanced

    @Flag(name: .customLong("located-only"), help: "Run the engine as track --located-only does (outlines of codes it cannot decode), for the located-only lead time.")
    var locatedOnly = false

    @Option(name: .customLong("read-isolation"), help: "The engine's zxing-cpp reads in reader processes, as track's --read-isolation (default pdf417); the baseline always reads in this process.")
    var readIsolation = ReadIsolationChoice.pdf417

    @Flag(name: .customLong("zxing-binarizer"), help: "The baseline binarizes with zxing-cpp's own code, as zxing-cpp ships (track --zxing-binarizer, also in the whole-file --decode-every-frame runs), where by default both pipelines use the vectorised copy of it: the engine against zxing-cpp as shipped.")
    var zxingBinarizer = false

    @Option(name: .long, parsing: .unconditional, help: "With --scenes station: how many seeds (scenes) to run (default 3).")
    var seeds: Int?

    @Option(name: .long, parsing: .unconditional, help: "With --scenes station: the station's gap in seconds (default track station's).")
    var gap: Double?

    @Option(name: .customLong("photo"), help: ArgumentHelp(
        "With --scenes station: every other label is cut from these photos, each used once (a file or a folder of them; repeatable).",
        valueName: "file"))
    var photos: [String] = []

    @Flag(name: .long, help: "With --scenes station: also time the engine and decoding every frame on each seed's scene, CPU per frame by what the view shows (empty, labels moving, labels standing).")
    var cpu = false

    @Option(name: .long, help: "Write every figure as JSON to this file.")
    var json: String?

    @Option(name: .long, help: "Write MOTChallenge ground truth and tracker files under this directory.")
    var mot: String?

    @Option(name: .long, help: "Write the summary as a Markdown table (as in docs/performance.md) to this file.")
    var markdown: String?

    @Option(name: .long, help: ArgumentHelp(
        "Check the run's figures against the thresholds in this JSON file (Benchmarks/thresholds.json) and exit with 7 when one is out of bounds.",
        valueName: "file"))
    var check: String?

    @Option(name: .long, help: "Draw latency CDF and per-frame time (engine vs baseline) into this PNG.")
    var plot: String?

    func validate() throws {
        if let frames, frames < 1 { throw ValidationError("--frames must be at least 1, not \(frames)") }
        if let reference, input == nil {
            throw ValidationError("--reference \(reference) scores a video file: give the video with --input")
        }
        if let only, input != nil { throw ValidationError("--only picks synthetic scenes; it does not apply to --input \(only)") }
        if scenes == .station, input != nil || only != nil {
            throw ValidationError("--scenes station runs its own scenes: --input and --only do not apply")
        }
        if let seeds, seeds < 1 || seeds > 100 { throw ValidationError("--seeds must be 1...100, not \(seeds)") }
        if let gap, !(gap > 0 && gap <= 60) { throw ValidationError("--gap must be more than 0 and at most 60 seconds, not \(gap)") }
        if gap != nil || cpu || !photos.isEmpty, scenes != .station {
            throw ValidationError("--gap, --cpu and --photo apply to --scenes station only")
        }
        if let only, scenes.scenes(frames: frames).allSatisfy({ !$0.name.contains(only) }) {
            throw ValidationError("--only \(only) matches no scene; names look like 1080p-12-slow (track bench lists them as it runs)")
        }
        if check != nil, scenes == .station { throw ValidationError("--check applies to the default, quick and photo scenes and --input, not --scenes station") }
        if let plot, !plot.lowercased().hasSuffix(".png") { throw ValidationError("--plot writes a PNG: give a file ending in .png, not \(plot)") }
    }

    func run() throws {
        #if DEBUG
        // Unoptimised Swift runs the engine many times slower, while zxing-cpp (most of the
        // baseline's time) is the system's optimised library either way: the comparison would
        // misstate the engine without a word.
        StandardError.print("track bench: warning: this is a debug build of track, so the engine's figures are far below "
                            + "what it does; measure a release build: swift build -c release --product track")
        #endif
        let started = Date()
        if let frameBudget, !(frameBudget.isFinite && frameBudget >= 1 && frameBudget <= 10_000) {
            throw ValidationError("--frame-budget must be 1...10000 milliseconds, not \(frameBudget)")
        }
        if scenes == .station { return try runStation() }
        let thresholds: BenchThresholds?
        do {
            thresholds = try check.map(BenchThresholds.load)
        } catch {
            StandardError.print("track bench: cannot read the thresholds in \(check ?? ""): \(error.localizedDescription); "
                                + "give a JSON file like Benchmarks/thresholds.json")
            throw ExitCode(ExitStatus.usage)
        }
        var runner = BenchRunner(
            engine: Engine.configuration(frameTimeBudget: frameBudget.map { $0 / 1000 }, effort: effort, locatedOnly: locatedOnly),
            session: .trackDefaults)
        runner.progress = { StandardError.print($0) }
        runner.engineIsolation = readIsolation.isolation()
        runner.baselineZXingBinarizer = zxingBinarizer
        var outcomes: [BenchRunner.Outcome] = []
        do {
            if let input {
                StandardError.print("bench: \(input)")
                outcomes.append(try runner.run(file: input, frames: frames, reference: reference))
            } else {
                for spec in scenes.scenes(frames: frames) where only.map({ spec.name.contains($0) }) ?? true {
                    StandardError.print("bench: \(spec.name)")
                    outcomes.append(try runner.run(spec))
                }
            }
        } catch {
            StandardError.print("track bench: \(error)")
            throw ExitCode(ExitStatus.inputError)
        }
        var report = BenchReport(started: started, command: (["track"] + CommandLine.arguments.dropFirst()).joined(separator: " "),
                                 outcomes: outcomes)
        print(report.table, terminator: "")
        var wholeFileFailed = false
        if let input {
            do {
                let timing = try BenchWholeFile.measure(
                    executable: BenchWholeFile.executable, input: input, frames: frames, isolation: readIsolation.defaultValueDescription,
                    engineArguments: ["--effort", effort.rawValue] + (locatedOnly ? ["--located-only"] : []),
                    baselineArguments: zxingBinarizer ? ["--zxing-binarizer"] : [])
                print(timing.lines(input: input), terminator: "")
                report.wholeFile = timing
            } catch {
                // The figures measured so far are still written below.
                StandardError.print("track bench: the whole-file timing failed: \(error)")
                wholeFileFailed = true
            }
        }
        do {
            try report.write(json: json, markdown: markdown, mot: mot, plot: plot, outcomes: outcomes)
        } catch {
            StandardError.print("track bench: cannot write output: \(error)")
            throw ExitCode(ExitStatus.outputError)
        }
        if wholeFileFailed { throw ExitCode(ExitStatus.inputError) }
        if let thresholds {
            let verdicts = try thresholds.check(report)
            print("")
            print(BenchThresholds.table(verdicts), terminator: "")
            if verdicts.contains(where: { !$0.passed }) { throw ExitCode(ExitStatus.thresholdFailed) }
        }
    }
}

// The harness knows nothing of ArgumentParser; `--scenes` parses its raw values here.
extension BenchSceneSet: ExpressibleByArgument {}

extension Bench {
    /// `--scenes station`: each seed's station scene through the engine and `track station`'s
    /// defaults, every pallet scored against the scene's truth.
    func runStation() throws {
        let gap = self.gap ?? PalletStationConfiguration(station: "bench").gap
        var bench = BenchStation(engine: Engine.configuration(effort: effort, locatedOnly: locatedOnly), session: .trackDefaults, gap: gap)
        if !photos.isEmpty {
            do {
                let (labels, count) = try PhotoFiles.labels(photos, modulePixels: BenchStation.scene(seed: 1, frames: 1).modulePixels)
                bench.labelPhotos = labels
                StandardError.print("bench: every other label is one of \(labels.count) cut from \(count) photo(s), each used once a seed")
            } catch {
                StandardError.print("track bench: station photos: \(error)")
                throw ExitCode(error.code == .invalidArgument ? ExitStatus.usage : ExitStatus.inputError)
            }
        }
        var outcomes: [BenchStation.Outcome] = []
        for seed in 1...UInt64(seeds ?? 3) {
            StandardError.print("bench: station scene, seed \(seed)")
            do {
                outcomes.append(try bench.run(seed: seed, frames: frames ?? 18_000))
            } catch {
                StandardError.print("track bench: \(error)")
                throw ExitCode(ExitStatus.inputError)
            }
        }
        print(BenchStation.table(outcomes, gap: gap), terminator: "")
        guard cpu else { return }
        let timing = BenchStationCPU(engine: bench.engine, session: bench.session)
        var total = BenchStationCPU.Outcome()
        for seed in 1...UInt64(seeds ?? 3) {
            StandardError.print("bench: station scene, seed \(seed), CPU per frame")
            do {
                total = total + (try timing.run(SyntheticScene(BenchStation.scene(seed: seed, frames: frames ?? 18_000), labelPhotos: bench.labelPhotos), frames: frames ?? 18_000))
            } catch {
                StandardError.print("track bench: \(error)")
                throw ExitCode(ExitStatus.inputError)
            }
        }
        print("")
        print(BenchStationCPU.table(total), terminator: "")
    }
}
