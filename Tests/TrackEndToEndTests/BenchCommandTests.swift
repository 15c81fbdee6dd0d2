import TestSupport
import Foundation
import Testing

/// `track bench` end to end.
struct BenchCommandTests {
    @Test("track bench --scenes quick writes JSON with engine and baseline figures, MOT files and a PNG")
    func quickRun() throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = dir.appendingPathComponent("bench.json"), plot = dir.appendingPathComponent("bench.png")
        let mot = dir.appendingPathComponent("mot")
        let outcome = try TrackProcess.run(["bench", "--scenes", "quick", "--frames", "6", "--json", json.path,
                                            "--mot", mot.path, "--plot", plot.path], timeout: 300)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("E fps") && outcome.stdout.contains("B fps"))
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let sequences = try #require(report["sequences"] as? [[String: Any]])
        #expect(sequences.count == 2)
        for sequence in sequences {
            #expect(sequence["frames"] as? Int == 6)
            for column in ["engine", "baseline"] {
                let figures = try #require(sequence[column] as? [String: Any], "\(column) missing")
                let fps = try #require(figures["framesPerSecond"] as? Double)
                #expect(fps > 0 && fps < 100_000)
                let p50 = try #require(figures["latencyP50"] as? Double), p99 = try #require(figures["latencyP99"] as? Double)
                #expect(p50 > 0 && p50 <= p99)
                let accuracy = try #require(figures["accuracy"] as? [String: Any])
                let recall = try #require(accuracy["recall"] as? Double)
                #expect((0...1).contains(recall))
                let motFigures = try #require(figures["mot"] as? [String: Any])
                let idf1 = try #require(motFigures["idf1"] as? Double)
                #expect((0...1).contains(idf1))
                #expect((figures["perFrameLatency"] as? [Double])?.count == 6)
            }
            // The engine's time by kind of job; the baseline has no jobs.
            let engine = try #require(sequence["engine"] as? [String: Any])
            let jobs = try #require(engine["jobMillisecondsPerFrame"] as? [String: Double])
            #expect((jobs["whole frame"] ?? 0) > 0 && (jobs["follow"] ?? 0) > 0, "\(jobs)")
            #expect((sequence["baseline"] as? [String: Any])?["jobMillisecondsPerFrame"] == nil)
        }
        #expect(outcome.stdout.contains("Engine time by job"))
        // The 3-code slow scene is easy: both pipelines find every code.
        let easy = try #require(sequences.first { $0["name"] as? String == "720p-3-slow" })
        let engineRecall = ((easy["engine"] as? [String: Any])?["accuracy"] as? [String: Any])?["recall"] as? Double
        #expect(engineRecall == 1)
        let gt = try String(contentsOf: mot.appendingPathComponent("gt/720p-3-slow/gt/gt.txt"), encoding: .utf8)
        #expect(gt.split(separator: "\n").count == 18)  // 3 codes × 6 frames
        #expect(FileManager.default.fileExists(atPath: mot.appendingPathComponent("trackers/baseline/data/720p-3-slow.txt").path))
        let ini = try String(contentsOf: mot.appendingPathComponent("gt/720p-3-slow/seqinfo.ini"), encoding: .utf8)
        #expect(ini.contains("seqLength=6") && ini.contains("imWidth=1280"))
        let png = try Data(contentsOf: plot)
        #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    }

    @Test("track bench from a debug build warns that a debug build is being measured; a release build does not")
    func debugBuildWarning() throws {
        let run = try TrackProcess.run(["bench", "--input", "/nonexistent/clip.mp4"])
        #if DEBUG
        #expect(run.stderr.contains("warning: this is a debug build of track"), "\(run.stderr)")
        #expect(run.stderr.contains("swift build -c release"), "\(run.stderr)")
        #else
        #expect(!run.stderr.contains("debug build"), "\(run.stderr)")
        #endif
    }

    @Test("track bench rejects a missing input file and a plot that is not a PNG")
    func badInput() throws {
        let missing = try TrackProcess.run(["bench", "--input", "/nonexistent/clip.mp4"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("clip.mp4"))
        let plot = try TrackProcess.run(["bench", "--scenes", "quick", "--plot", "out.jpg"])
        #expect(plot.status != 0)
        #expect(plot.stderr.contains(".png"))
    }

    @Test("track bench --reference scores both pipelines against another decoder's reads of the clip",
          .needsSharedData)
    func otherReference() throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = dir.appendingPathComponent("bench.json")
        let clip = SharedData.video.appendingPathComponent("boofcv-microqr.mp4").path
        let reference = SharedData.packageRoot.appendingPathComponent("Benchmarks/reference/boofcv-microqr.jsonl")
        let run = try TrackProcess.run(["bench", "--input", clip, "--reference", reference.path, "--frames", "60",
                                        "--json", json.path], timeout: 300)
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let sequence = try #require((report["sequences"] as? [[String: Any]])?.first)
        #expect(sequence["reference"] as? String == "zxing-cpp 3.1.1 (Python) decodes")
        // The file through `track --input` end to end, with the engine and decoding every frame.
        let wholeFile = try #require(report["wholeFile"] as? [String: Any])
        #expect(try #require(wholeFile["engineSeconds"] as? Double) > 0 && (try #require(wholeFile["everyFrameSeconds"] as? Double)) > 0)
        #expect(wholeFile["runs"] as? Int == 3)
        #expect(run.stdout.contains("Whole file, end to end (track --input boofcv-microqr.mp4"), "\(run.stdout.suffix(400))")
        // Every reference read of frames 1-60 is a truth box of both pipelines' MOT scores.
        let lines = try String(contentsOf: reference, encoding: .utf8).split(separator: "\n").dropFirst()
        let reads = try lines.filter { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["frame"] as? Int) <= 60
        }.count
        #expect(reads > 100)
        for column in ["engine", "baseline"] {
            let mot = try #require((sequence[column] as? [String: Any])?["mot"] as? [String: Any])
            #expect(mot["truthCount"] as? Int == reads, "\(column)")
        }
        // The baseline is no longer its own reference: it misses some of the newer decoder's reads.
        let baselineMOT = try #require((sequence["baseline"] as? [String: Any])?["mot"] as? [String: Any])
        #expect(try #require(baselineMOT["misses"] as? Int) > 0)

        let other = SharedData.packageRoot.appendingPathComponent("Benchmarks/reference/boofcv-aztec.jsonl").path
        let wrong = try TrackProcess.run(["bench", "--input", clip, "--reference", other, "--frames", "5"])
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("made for boofcv-aztec.mp4 (1024x576, 868 frames)"), "\(wrong.stderr)")
        let noInput = try TrackProcess.run(["bench", "--reference", other])
        #expect(noInput.status != 0 && noInput.stderr.contains("give the video with --input"), "\(noInput.stderr)")
    }

    @Test("track --demo --record --truth writes the scene's ground truth; track bench --reference scores the clip against it")
    func demoTruth() throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try TrackProcess.run(["--demo", "--size", "640x360", "--frames", "20", "--record", "clip.mkv",
                                        "--truth", "truth.jsonl", "--format", "jsonl"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let recognized = Set(try run.lines.map(jsonObject).filter { $0["type"] as? String == "recognized" }.compactMap { $0["data"] as? String })
        let text = try String(contentsOf: dir.appendingPathComponent("truth.jsonl"), encoding: .utf8)
        let lines = try text.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let header = try #require(lines.first)
        #expect(header["reference"] as? String == "ground truth" && header["input"] as? String == "clip.mkv")
        #expect(header["frames"] as? Int == 20 && header["width"] as? Int == 640 && header["height"] as? Int == 360)
        let codes = lines.dropFirst()
        // The demo's three labels stay in view: one line each in each of the 20 frames, the payloads track read.
        #expect(codes.count == 60)
        #expect(Set(codes.compactMap { $0["id"] as? Int }) == [1, 2, 3])
        #expect(Set(codes.compactMap { $0["text"] as? String }) == recognized && recognized.count == 3)

        let json = dir.appendingPathComponent("bench.json")
        let bench = try TrackProcess.run(["bench", "--input", "clip.mkv", "--reference", "truth.jsonl", "--json", json.path],
                                         in: dir, timeout: 300)
        #expect(bench.status == 0, "\(bench.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let sequence = try #require((report["sequences"] as? [[String: Any]])?.first)
        #expect(sequence["reference"] as? String == "ground truth" && sequence["codes"] as? Int == 3)
        for column in ["engine", "baseline"] {
            let figures = try #require(sequence[column] as? [String: Any])
            let mot = try #require(figures["mot"] as? [String: Any])
            #expect(mot["truthCount"] as? Int == 60, "\(column)")
            #expect(try #require(mot["idf1"] as? Double) > 0.9, "\(column): \(mot)")
            #expect((figures["accuracy"] as? [String: Any])?["recall"] as? Double == 1, "\(column)")
        }

        let notDemo = try TrackProcess.run(["--input", "clip.mkv", "--truth", "other.jsonl"], in: dir)
        #expect(notDemo.status == 64 && notDemo.stderr.contains("--truth only applies to --demo"), "\(notDemo.stderr)")
        let unwritable = try TrackProcess.run(["--demo", "--frames", "2", "--truth", "/nonexistent/truth.jsonl"], in: dir)
        #expect(unwritable.status == 5 && unwritable.stderr.contains("cannot write --truth /nonexistent/truth.jsonl"), "\(unwritable.stderr)")
    }
}
