import Foundation
import TrackBench

/// `track bench --input`'s whole-file timing: the user's own command, `track --input FILE
/// --format jsonl --output /dev/null`, run as a child process end to end (video decoding,
/// tracking and output included, `track`'s own memory settings) with the engine and with
/// `--decode-every-frame`, alternating, ``runs`` times each. The bench's frame-by-frame figures
/// leave out the video decoding that shares the cores with either pipeline; this is the time a
/// user waits for.
enum BenchWholeFile {
    /// Runs of each pipeline; the medians are reported.
    static let runs = 3

    /// This `track` program (the one running the bench), for the child processes.
    static var executable: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    }

    /// Times `input` (at most `frames` frames) through `executable` (this `track`); `engineArguments`
    /// are the engine's options (`--effort`, `--located-only`), `baselineArguments` the baseline's
    /// (`--zxing-binarizer`), `isolation` the `--read-isolation` both runs get. Throws when a run
    /// fails, naming its command and status.
    static func measure(executable: String, input: String, frames: Int?, isolation: String,
                        engineArguments: [String], baselineArguments: [String] = []) throws -> BenchWholeFileTiming {
        let common = ["--input", input, "--format", "jsonl", "--output", "/dev/null", "--read-isolation", isolation]
            + (frames.map { ["--frames", String($0)] } ?? [])
        var engine: [Double] = [], everyFrame: [Double] = []
        for _ in 0..<runs {
            engine.append(try time(executable, common + engineArguments))
            everyFrame.append(try time(executable, common + ["--decode-every-frame"] + baselineArguments))
        }
        return BenchWholeFileTiming(engineSeconds: median(engine), everyFrameSeconds: median(everyFrame), runs: runs)
    }

    /// The wall time of one run of `executable` with `arguments`, seconds.
    private static func time(_ executable: String, _ arguments: [String]) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let started = Date()
        try process.run()
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(started)
        // 1: the input ended without a code, which is a timing all the same.
        guard [ExitStatus.success, ExitStatus.noCodes].contains(process.terminationStatus) else {
            throw BenchError(message: "track \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
        return seconds
    }

    /// The middle value (``runs`` is odd).
    private static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}

extension BenchWholeFileTiming {
    /// The lines `track bench` prints after its tables for `input`: the two medians and which
    /// took less time, by how much (a slower engine is called slower, not "0.9× faster").
    func lines(input: String) -> String {
        let name = URL(fileURLWithPath: input).lastPathComponent
        let verdict = engineSeconds <= everyFrameSeconds
            ? String(format: "the engine %.2f× faster", everyFrameSeconds / engineSeconds)
            : String(format: "the engine %.2f× slower", engineSeconds / everyFrameSeconds)
        return "Whole file, end to end (track --input \(name), medians of \(runs) runs alternating; video decoding and output included):\n"
            + String(format: " engine %.2f s, --decode-every-frame %.2f s: ", engineSeconds, everyFrameSeconds) + verdict + "\n"
    }
}
