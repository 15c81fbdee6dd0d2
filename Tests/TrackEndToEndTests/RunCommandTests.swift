import TestSupport
import BarcodeTracking
import Foundation
import FrameSources
import SyntheticScenes
import Testing

/// End-to-end runs of `track` (the main command) on the demo scene and on files.
struct RunCommandTests {
    static let small = ["--size", "640x480"]

    @Test("The demo prints the jsonl contract: frames, recognized events, and a summary last")
    func demoJSONLines() throws {
        let run = try TrackProcess.run(["--demo", "--format", "jsonl", "--frames", "12"] + Self.small)
        #expect(run.status == 0, "\(run.stderr)")
        let objects = try run.lines.map(jsonObject)
        let frames = objects.filter { $0["type"] as? String == "frame" }
        let recognized = objects.filter { $0["type"] as? String == "recognized" }
        let summary = try #require(objects.last)
        #expect(summary["type"] as? String == "summary")
        #expect(frames.map { $0["frame"] as? Int } == (1...12).map { $0 })
        let times = frames.compactMap { $0["time"] as? Double }
        #expect(times == times.sorted() && times.count == 12)
        #expect(recognized.count == 3)
        let codes = try #require(summary["codes"] as? [[String: Any]])
        #expect(Set(codes.compactMap { $0["data"] as? String }) == Set(recognized.compactMap { $0["data"] as? String }))
        #expect(summary["frames"] as? Int == 12)
        #expect(summary["expected"] is NSNull)
        let track = try #require((frames.last?["tracks"] as? [[String: Any]])?.first)
        for key in ["id", "symbology", "data", "quad", "predicted", "dt", "stable", "state", "rejected"] {
            #expect(track[key] != nil, "track lacks \(key)")
        }
        #expect((track["quad"] as? [[Double]])?.count == 4)
        #expect((track["dt"] as? Double).map { abs($0 - 1.0 / 30) < 0.005 } == true)
    }

    @Test("--expect 3 stops as soon as three codes are recognized and exits 0")
    func expectCompletes() throws {
        let run = try TrackProcess.run(["--demo", "--expect", "3", "--format", "jsonl"] + Self.small)
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try jsonObject(try #require(run.lines.last))
        #expect(summary["complete"] as? Bool == true)
        #expect(summary["expected"] as? Int == 3)
        #expect((summary["codes"] as? [Any])?.count == 3)
        #expect((summary["frames"] as? Int ?? 99) < 90)
    }

    @Test("--expect more codes than the input has exits 4 with the codes found so far")
    func expectIncomplete() throws {
        let run = try TrackProcess.run(["--demo", "--expect", "5", "--frames", "5", "--format", "jsonl"] + Self.small)
        #expect(run.status == 4)
        let summary = try jsonObject(try #require(run.lines.last))
        #expect(summary["complete"] as? Bool == false)
        #expect((summary["codes"] as? [Any])?.count == 3)
    }

    @Test("--timeout ends an incomplete count with exit 3 and the summary")
    func timeout() throws {
        let run = try TrackProcess.run(["--demo", "--expect", "4", "--timeout", "1", "--frames", "100000", "--format", "jsonl"])
        #expect(run.status == 3, "\(run.stderr)")
        #expect(try jsonObject(try #require(run.lines.last))["type"] as? String == "summary")
    }

    @Test("MOT output has ten comma-separated fields per measured track, matching the jsonl run")
    func motFormat() throws {
        let run = try TrackProcess.run(["--demo", "--format", "mot", "--frames", "5"] + Self.small)
        let json = try TrackProcess.run(["--demo", "--format", "jsonl", "--frames", "5"] + Self.small)
        let measured = try json.lines.map(jsonObject).flatMap { ($0["tracks"] as? [[String: Any]]) ?? [] }
            .filter { $0["state"] as? String == "tracked" }
        #expect(run.status == 0)
        #expect(!run.lines.isEmpty)
        #expect(run.lines.count == measured.count)
        for line in run.lines {
            let fields = line.split(separator: ",")
            #expect(fields.count == 10)
            #expect(fields[6...].joined(separator: ",") == "1,-1,-1,-1")
            #expect(Double(fields[4]).map { $0 > 0 } == true)
        }
    }

    @Test("Text output lists the manifest", arguments: [["--demo"], ["--demo", "--expect", "3"]])
    func textOutput(arguments: [String]) throws {
        let run = try TrackProcess.run(arguments + Self.small + ["--frames", "4"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("3 codes recognized"))
        #expect(run.stdout.contains("qrcode"))
    }

    @Test("--overlay adds the planned rectangle to every track")
    func overlay() throws {
        let run = try TrackProcess.run(["--demo", "--frames", "2", "--format", "jsonl", "--overlay",
                                        "anchor=topCenter,offset.y=fixedPx:15,size.x=overlay:1.5,size.y=keepRatio:0.75"] + Self.small)
        let frame = try jsonObject(try #require(run.lines.first))
        let track = try #require((frame["tracks"] as? [[String: Any]])?.first)
        let overlay = try #require(track["overlay"] as? [String: Double])
        let quad = try #require(track["quad"] as? [[Double]])
        let minY = quad.map { $0[1] }.min()!, minX = quad.map { $0[0] }.min()!, maxX = quad.map { $0[0] }.max()!
        #expect(abs(overlay["width"]! - 1.5 * (maxX - minX)) < 0.02)
        #expect(abs(overlay["height"]! - 0.75 * overlay["width"]!) < 0.02)
        #expect(abs(overlay["y"]! + overlay["height"]! + 15 - minY) < 0.02)
    }

    @Test("Recorded clips (Y4M and MP4 through FFmpeg) are tracked to their ground truth", arguments: ["y4m", "mp4"])
    func recordedClip(container: String) throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = try DemoClip.scene(frames: 20)
        let path = dir.appendingPathComponent("clip.\(container)").path
        try DemoClip.write(scene, frames: 20, to: path)
        let run = try TrackProcess.run(["--input", path, "--format", "jsonl"])
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try jsonObject(try #require(run.lines.last))
        let found = Set(((summary["codes"] as? [[String: Any]]) ?? []).compactMap { $0["data"] as? String })
        #expect(found == Set(scene.labels.map(\.payload)))
        #expect(summary["frames"] as? Int == 20)
    }

    @Test("--annotate writes a video with one frame per processed frame")
    func annotate() throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("annotated.mp4").path
        let run = try TrackProcess.run(["--demo", "--frames", "6", "--annotate", out, "--overlay", "anchor=topCenter"] + Self.small)
        #expect(run.status == 0, "\(run.stderr)")
        let frames = try VideoFiles.frames(of: out)
        #expect(frames.count == 6)
        #expect(frames.contains { $0.image.width == 640 })
    }

    @Test("--record writes the frames untouched; replaying the file finds the same codes")
    func record() throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("recorded.mkv").path
        let live = try TrackProcess.run(["--demo", "--frames", "10", "--shake", "1.5", "--blur", "2", "--record", out, "--format", "jsonl"] + Self.small)
        #expect(live.status == 0, "\(live.stderr)")
        let replay = try TrackProcess.run(["--input", out, "--format", "jsonl"])
        #expect(replay.status == 0, "\(replay.stderr)")
        func found(_ run: TrackProcess.Outcome) throws -> Set<String> {
            let summary = try #require(try run.lines.map(jsonObject).last)
            #expect(summary["frames"] as? Int == 10)
            return Set(((summary["codes"] as? [[String: Any]]) ?? []).compactMap { $0["data"] as? String })
        }
        let recorded = try found(live)
        #expect(recorded.count == 3)
        #expect(try found(replay) == recorded)
    }

    @Test("Demo-only options are refused with another input")
    func demoOnlyOptions() throws {
        let run = try TrackProcess.run(["--input", "x.mp4", "--blur", "3"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("only apply to --demo"))
    }

    @Test("SIGINT stops the run, writes the summary and exits 130")
    func interrupt() throws {
        // --verify 1/1: all three codes are recognized in the first frame, before the signal
        // (by default the 1-D ones need a second agreeing read, one frame later).
        let run = try TrackProcess.signal(["--demo", "--frames", "100000", "--format", "jsonl", "--verify", "1/1"], SIGINT)
        #expect(run.status == 130)
        let summary = try jsonObject(run.lines.last ?? "")
        #expect(summary["type"] as? String == "summary")
        #expect((summary["codes"] as? [Any])?.count == 3)
    }
}
