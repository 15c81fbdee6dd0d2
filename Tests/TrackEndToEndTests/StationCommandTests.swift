import Foundation
import FrameSources
import SyntheticScenes
import TestSupport
import Testing

/// `track station` run as a process: pallets of the station scene recorded, numbered across restarts, checked.
struct StationCommandTests {
    /// A small, fast station scene: 640x360 at 10 frames a second, 7 labels on three pallets, all gone by frame 300.
    static let scene = ["--demo", "--layout", "station", "--size", "640x360", "--fps", "10", "--codes", "7", "--seed", "3"]

    /// The payloads on each pallet of that scene, from its own layout.
    static func truth() throws -> [Set<String>] {
        var c = SyntheticSceneConfiguration.demo
        c.layout = .station
        (c.width, c.height, c.frameRate, c.codeCount, c.seed, c.shake, c.stopProbability, c.modulePixels) = (640, 360, 10, 7, 3, 0, 0.5, 2)
        let scene = try SyntheticScene.fitting(c)
        let pallets = Dictionary(grouping: scene.labels, by: \.pallet)
        return pallets.keys.sorted().map { Set(pallets[$0]!.map(\.payload)) }
    }

    @Test("Each pallet of the station scene is one pallet line with exactly its labels, numbered on across a restart")
    func palletsOfTheSceneAreRecordedAndNumbered() throws {
        let expected = try Self.truth()
        try #require(expected.count >= 2)
        try TemporaryFiles.withDirectory { folder in
            let state = folder.appendingPathComponent("state.json").path
            let output = folder.appendingPathComponent("pallets.jsonl").path
            let arguments = Self.scene + ["--frames", "320", "--station", "e2e", "--state", state, "--format", "jsonl",
                                          "--output", output, "--snapshots", folder.appendingPathComponent("shots").path]
            let first = try TrackProcess.run(["station"] + arguments, timeout: 600)
            #expect(first.status == 0, "\(first.stderr)")
            let second = try TrackProcess.run(["station"] + arguments, timeout: 600)
            #expect(second.status == 0, "\(second.stderr)")

            let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map { try jsonObject(String($0)) }
            let pallets = lines.filter { $0["type"] as? String == "pallet" }
            #expect(lines.filter { $0["type"] as? String == "summary" }.count == 2, "the second run appended to the first")
            #expect(pallets.compactMap { $0["pallet"] as? Int } == Array(1...(2 * expected.count)))
            for (index, pallet) in pallets.enumerated() {
                let payloads = Set((pallet["codes"] as? [[String: Any]] ?? []).compactMap { $0["data"] as? String })
                #expect(payloads == expected[index % expected.count], "pallet \(index + 1)")
                #expect(pallet["station"] as? String == "e2e")
                #expect(pallet["closedBy"] as? String == "gap")
                let snapshot = try #require(pallet["snapshot"] as? String)
                let png = try Data(contentsOf: URL(fileURLWithPath: snapshot))
                #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            }
            #expect(Set(pallets.compactMap { $0["uuid"] as? String }).count == pallets.count)
        }
    }

    @Test("A manifest is checked per pallet: correct, unexpected and what the shift has not yet seen")
    func manifestCheck() throws {
        let expected = try Self.truth()
        try TemporaryFiles.withDirectory { folder in
            let manifest = folder.appendingPathComponent("asn.csv")
            let wanted = expected[0].sorted()
            try ("payload,quantity\n" + wanted.map { "\($0),1\n" }.joined() + "NEVER-SHIPPED,2\n")
                .write(to: manifest, atomically: true, encoding: .utf8)
            let run = try TrackProcess.run(["station"] + Self.scene + ["--frames", "320", "--state", folder.appendingPathComponent("s.json").path,
                                            "--manifest", manifest.path, "--format", "jsonl"], timeout: 600)
            let pallets = try run.objects(ofType: "pallet")
            try #require(pallets.count == expected.count, "\(run.stderr)")
            let first = try #require(pallets[0]["manifest"] as? [String: Any])
            #expect(((first["correct"] as? [[String: Any]]) ?? []).compactMap { $0["payload"] as? String }.sorted() == wanted)
            #expect(((first["unexpected"] as? [[String: Any]]) ?? []).isEmpty)
            #expect(((first["missing"] as? [[String: Any]]) ?? []).compactMap { $0["payload"] as? String } == ["NEVER-SHIPPED"])
            let second = try #require(pallets[1]["manifest"] as? [String: Any])
            #expect(Set(((second["unexpected"] as? [[String: Any]]) ?? []).compactMap { $0["payload"] as? String }) == expected[1])
        }
    }

    @Test("A manifest with a bad row is refused before any frame, naming the line")
    func badManifestRow() throws {
        try TemporaryFiles.withDirectory { folder in
            let manifest = folder.appendingPathComponent("asn.csv")
            try "payload,quantity\nA,1\nB,none\n".write(to: manifest, atomically: true, encoding: .utf8)
            let run = try TrackProcess.run(["station", "--demo", "--frames", "5", "--state", folder.appendingPathComponent("s.json").path,
                                            "--manifest", manifest.path])
            #expect(run.status == 64)
            #expect(run.stderr.contains("line 3: quantity 'none'"), "\(run.stderr)")
        }
    }

    @Test("A line on standard input closes the pallet in progress under --split trigger")
    func standardInputTrigger() throws {
        try TemporaryFiles.withDirectory { folder in
            let process = Process()
            process.executableURL = TrackProcess.executable
            process.arguments = ["station", "--demo", "--realtime", "--frames", "100000", "--split", "trigger", "--format", "jsonl",
                                 "--state", folder.appendingPathComponent("s.json").path]
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: 4)
            input.fileHandleForWriting.write(Data("\n".utf8))
            let line = TrackProcess.firstLine(of: output)
            kill(process.processIdentifier, SIGTERM)
            let rest = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let pallet = try jsonObject(String(decoding: line, as: UTF8.self))
            #expect(pallet["type"] as? String == "pallet")
            #expect(pallet["closedBy"] as? String == "trigger")
            #expect(pallet["pallet"] as? Int == 1)
            #expect(process.terminationStatus == 0, "SIGTERM is a station's normal end")
            let last = String(decoding: rest, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
            #expect(try jsonObject(last)["type"] as? String == "summary")
        }
    }

    /// Starts `track station` on the scene and waits until `output` holds a pallet line.
    private static func startUntilFirstPallet(_ arguments: [String], output: String, errors: FileHandle? = nil) throws -> Process {
        let process = Process()
        process.executableURL = TrackProcess.executable
        process.arguments = ["station"] + scene + arguments + ["--format", "jsonl", "--output", output]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors ?? FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(300)
        while Date() < deadline, process.isRunning,
              !((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains("\"type\":\"pallet\"") {
            Thread.sleep(forTimeInterval: 0.05)
        }
        return process
    }

    @Test("A station killed with SIGKILL and restarted goes on numbering, and every record written is whole JSON")
    func killedAndRestarted() throws {
        try TemporaryFiles.withDirectory { folder in
            let output = folder.appendingPathComponent("pallets.jsonl").path
            let state = ["--state", folder.appendingPathComponent("state.json").path]
            let killed = try Self.startUntilFirstPallet(state + ["--frames", "100000"], output: output)
            kill(killed.processIdentifier, SIGKILL)
            killed.waitUntilExit()
            let restarted = try TrackProcess.run(["station"] + Self.scene + state + ["--frames", "320", "--format", "jsonl", "--output", output],
                                                 timeout: 600)
            #expect(restarted.status == 0, "\(restarted.stderr)")
            let objects = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map { try jsonObject(String($0)) }
            let numbers = objects.filter { $0["type"] as? String == "pallet" }.compactMap { $0["pallet"] as? Int }
            let restartPallets = try Self.truth().count
            #expect(numbers == [1] + Array(2...(1 + restartPallets)), "the killed run's pallet 1, then the restart's: \(numbers)")
        }
    }

    @Test("A snapshot folder that disappears is a warning on the record and on standard error, and records keep flowing")
    func snapshotFolderGone() throws {
        try TemporaryFiles.withDirectory { folder in
            let output = folder.appendingPathComponent("pallets.jsonl").path
            let shots = folder.appendingPathComponent("shots")
            let errors = folder.appendingPathComponent("stderr.txt")
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            let errorHandle = try FileHandle(forWritingTo: errors)
            defer { try? errorHandle.close() }
            let process = try Self.startUntilFirstPallet(["--frames", "320", "--state", folder.appendingPathComponent("s.json").path,
                                                          "--snapshots", shots.path], output: output, errors: errorHandle)
            try FileManager.default.removeItem(at: shots)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            let pallets = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map { try jsonObject(String($0)) }
                .filter { $0["type"] as? String == "pallet" }
            try #require(pallets.count == (try Self.truth()).count)
            #expect(pallets[0]["snapshot"] is String)
            for pallet in pallets.dropFirst() {
                #expect(pallet["snapshot"] is NSNull)
                let warnings = pallet["warnings"] as? [String] ?? []
                #expect(warnings.contains { $0.contains("snapshot not written to \(shots.path)") }, "\(warnings)")
            }
            let said = try String(contentsOf: errors, encoding: .utf8)
            #expect(said.contains("track: warning: pallet 2: snapshot not written"), "\(said)")
        }
    }

    @Test("With --photo FILE and --photo FOLDER, the station demo's pallets carry labels cut from the photos, each record exactly its pallet's codes",
          .needsSharedData)
    func labelsCutFromPhotos() throws {
        let file = SharedData.samples.appendingPathComponent("ean13-2/08.png").path
        let folder = SharedData.samples.appendingPathComponent("qrcode-4").path
        let inFolder = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { ["png", "jpg", "jpeg"].contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
        let cutOuts = try LabelPhoto.load([MediaPath(file)] + inFolder.map { MediaPath(folder + "/" + $0) }, modulePixels: 2)
        try #require(cutOuts.count >= 2)
        var c = SyntheticSceneConfiguration.demo
        c.layout = .station
        (c.width, c.height, c.frameRate, c.codeCount, c.seed, c.shake, c.stopProbability, c.modulePixels) = (960, 540, 10, 4, 3, 0, 0.5, 2)
        c.frameCount = 3_000
        let scene = try SyntheticScene.fitting(c, labelPhotos: cutOuts)
        try #require(scene.labels.map(\.isPhoto) == [true, false, true, false])
        let pallets = Dictionary(grouping: scene.labels, by: \.pallet)
        let expected = pallets.keys.sorted().map { Set(pallets[$0]!.map(\.payload)) }
        let lastInView = try #require((1...c.frameCount).last { !scene.groundTruth(frame: $0).codes.isEmpty })
        try TemporaryFiles.withDirectory { work in
            let run = try TrackProcess.run(
                ["station", "--demo", "--layout", "station", "--size", "960x540", "--fps", "10", "--codes", "4", "--seed", "3",
                 "--photo", file, "--photo", folder, "--frames", String(lastInView + 25),
                 "--state", work.appendingPathComponent("s.json").path, "--format", "jsonl"], timeout: 900)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("every other label is one of \(cutOuts.count) cut from \(inFolder.count + 1) photo(s)"), "\(run.stderr)")
            let records = try run.objects(ofType: "pallet").map { Set(($0["codes"] as? [[String: Any]] ?? []).compactMap { $0["data"] as? String }) }
            #expect(records == expected)
        }
    }

    @Test("Photos in which no code can be cut out are refused at start with exit 64, naming the problem", .needsSharedData)
    func photosWithoutCodesAreRefused() throws {
        let photos = ["01.png", "02.png"].flatMap { ["--photo", SharedData.samples.appendingPathComponent("falsepositives-1/" + $0).path] }
        let run = try TrackProcess.run(["station", "--demo", "--layout", "station", "--frames", "5", "--format", "jsonl"] + photos, timeout: 300)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("no label could be cut from the 2 photo(s)"), "\(run.stderr)")
        let bench = try TrackProcess.run(["bench", "--scenes", "station", "--frames", "5"] + photos, timeout: 300)
        #expect(bench.status == 64, "\(bench.stderr)")
    }
}
