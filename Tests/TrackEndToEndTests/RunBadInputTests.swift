import TestSupport
import BarcodeTracking
import Foundation
import FrameSources
import SyntheticScenes
import Testing

/// Every bad input gets a clear error and its own exit status; nothing found is lost.
struct RunBadInputTests {
    @Test("Arguments that make no sense are refused with exit 64 and a message naming them", arguments: [
        (["--demo", "--expect", "0"], "--expect"),
        (["--demo", "--fps", "-5"], "--fps"),
        (["--demo", "--symbologies", "qrcode,nonsense"], "nonsense"),
        (["--demo", "--size", "12x9999999"], "--size"),
        (["--demo", "--max-codes-per-frame", "0"], "--max-codes-per-frame"),
        (["--demo", "--format", "xml"], "--format"),
        (["--demo", "--overlay", "anchor=sideways"], "sideways"),
        (["--demo", "--margins", "1,2,3"], "--margins"),
        (["--demo", "--input", "x.mp4"], "only one"),
        (["--demo", "--expect", "-1"], "--expect must be at least 1, not -1"),
        (["--demo", "--frames", "-3"], "--frames must be at least 1"),
        (["--demo", "--control", "focus=auto"], "--control"),
        (["--demo", "--margins", "100%,100%,100%,100%"], "--margins"),
        (["--demo", "--margins", "0,0,1280,0"], "leave no scan area"),
        ([], "choose an input"),
        (["--demo", "--effort", "lazy"], "--effort"),
        (["--demo", "--identity-memory", "-1"], "--identity-memory must be 0...86400 seconds"),
        (["--demo", "--identity-memory", "nan"], "--identity-memory"),
    ])
    func absurdArguments(arguments: [String], mention: String) throws {
        try TrackProcess.run(arguments).expectFailure(status: 64, mentioning: mention)
    }

    @Test("Unreadable inputs exit 2 with a message naming the file")
    func unreadableInputs() throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = dir.appendingPathComponent("notes.mp4")
        try Data("not a video at all\n".utf8).write(to: text)
        for path in [dir.appendingPathComponent("missing.mp4").path, dir.path, text.path] {
            let run = try TrackProcess.run(["--input", path])
            #expect(run.status == 2, "\(path): \(run.status)")
            #expect(run.stderr.contains(path) || run.stderr.contains((path as NSString).lastPathComponent), "\(run.stderr)")
        }
    }

    @Test("A truncated MP4 delivers the codes of the frames before the damage")
    func truncatedVideo() throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("clip.mp4").path
        try DemoClip.write(try DemoClip.scene(frames: 40), frames: 40, to: path)
        let full = try Data(contentsOf: URL(fileURLWithPath: path))
        try full.prefix(full.count / 2).write(to: URL(fileURLWithPath: path))
        let run = try TrackProcess.run(["--input", path, "--format", "jsonl"])
        let summary = try jsonObject(try #require(run.lines.last))
        #expect(summary["type"] as? String == "summary")
        #expect((summary["codes"] as? [Any])?.count == 3)
        #expect((summary["frames"] as? Int ?? 40) < 40)
        #expect(run.status == 0)
    }

    @Test("A video with no frames exits 1: nothing to recognize")
    func zeroFrames() throws {
        try TemporaryFiles.withDirectory { dir in
            let path = dir.appendingPathComponent("empty.y4m").path
            try VideoFiles.write(to: path, width: 64, height: 64) { _ in }
            let run = try TrackProcess.run(["--input", path, "--format", "jsonl"])
            #expect([1, 2].contains(run.status), "\(run.stderr)")
            #expect(!run.stderr.isEmpty || run.lines.last.map { (try? jsonObject($0))?["frames"] as? Int == 0 } == true)
        }
    }

    @Test("An unwritable --output exits 5 before doing any work")
    func unwritableOutput() throws {
        let run = try TrackProcess.run(["--demo", "--output", "/nonexistent-folder/out.jsonl"])
        #expect(run.status == 5)
        #expect(run.stderr.contains("/nonexistent-folder/out.jsonl"))
    }
}
