import Foundation
import Testing
import TestSupport

/// `track --effort` end to end.
struct EffortCommandTests {
    @Test("Every effort finds the demo's three labels")
    func everyEffortFindsTheDemo() throws {
        for effort in ["fast", "balanced", "thorough"] {
            let run = try TrackProcess.run(["--demo", "--frames", "30", "--effort", effort, "--format", "jsonl"])
            #expect(run.status == 0, "\(effort): \(run.stderr)")
            let summary = try jsonObject(run.lines.last ?? "")
            #expect((summary["codes"] as? [Any])?.count == 3, "\(effort)")
        }
    }

    @Test("--decode-every-frame (no engine) finds the demo's three labels; with an engine option it exits 64 naming both")
    func decodeEveryFrame() throws {
        let run = try TrackProcess.run(["--demo", "--frames", "30", "--decode-every-frame", "--format", "jsonl"])
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try jsonObject(run.lines.last ?? "")
        #expect((summary["codes"] as? [Any])?.count == 3)
        for option in [["--effort", "fast"], ["--located-only"], ["--sectional-code39"]] {
            let refused = try TrackProcess.run(["--demo", "--frames", "3", "--decode-every-frame"] + option)
            #expect(refused.status == 64, "\(option)")
            #expect(refused.stderr.contains(option[0]) && refused.stderr.contains("--decode-every-frame"), "\(refused.stderr)")
        }
    }

    @Test("--zxing-binarizer reports exactly what the default binarization reports, frame by frame, with the engine and decoding every frame",
          .needsSharedData)
    func zxingBinarizer() throws {
        let clip = SharedData.video.appendingPathComponent("boofcv-microqr.mp4").path
        for mode in [[], ["--decode-every-frame"]] {
            let common = ["--input", clip, "--frames", "60", "--format", "jsonl"] + mode
            let ours = try TrackProcess.run(common), theirs = try TrackProcess.run(common + ["--zxing-binarizer"])
            #expect(ours.status == 0 && theirs.status == 0, "\(mode): \(ours.stderr) \(theirs.stderr)")
            let frames = { (run: TrackProcess.Outcome) in run.lines.filter { $0.contains("\"type\":\"frame\"") } }
            #expect(frames(ours).count == 60 && frames(ours) == frames(theirs), "\(mode)")
            // Not two empty runs: the clip's codes are tracked in most of these frames.
            #expect(frames(ours).filter { $0.contains("\"data\"") }.count >= 30, "\(mode)")
        }
    }
}
