import Foundation
import TestSupport
import Testing

/// An output that names the input (or another output) is refused before anything is opened (issue 13, point 3).
struct RunOutputConflictTests {
    @Test("An output that is the input file is refused with exit 64 and the input is left intact",
          arguments: ["--output", "--record", "--annotate", "--truth"])
    func outputIsInput(option: String) throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let made = try TrackProcess.run(["--demo", "--size", "640x360", "--frames", "5", "--record", "v.mkv"], in: dir)
        #expect(made.status == 0, "\(made.stderr)")
        let video = dir.appendingPathComponent("v.mkv")
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("link.mkv"), withDestinationURL: video)
        let before = try Data(contentsOf: video)
        for name in ["v.mkv", "./v.mkv", "link.mkv"] {
            let run = try TrackProcess.run(["--input", "v.mkv", "--format", "jsonl", option, name], in: dir)
            #expect(run.status == 64, "\(option) \(name): \(run.status) \(run.stderr)")
            #expect(run.stderr.contains(option) && run.stderr.contains("--input"), "\(run.stderr)")
        }
        #expect(try Data(contentsOf: video) == before)
    }

    @Test("An output that is one of the demo's photos is refused with exit 64 and the photo is left intact", .needsSharedData)
    func outputIsPhoto() throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let photo = dir.appendingPathComponent("label.png")
        try FileManager.default.copyItem(at: SharedData.samples.appendingPathComponent("qrcode-1/1.png"), to: photo)
        let before = try Data(contentsOf: photo)
        let run = try TrackProcess.run(["--demo", "--photo", "label.png", "--frames", "3", "--format", "jsonl",
                                        "--output", "./label.png"], in: dir)
        #expect(run.status == 64, "\(run.status) \(run.stderr)")
        #expect(run.stderr.contains("--output") && run.stderr.contains("--photo"), "\(run.stderr)")
        #expect(try Data(contentsOf: photo) == before)
    }

    @Test("Two outputs naming one file are refused with exit 64 naming both options")
    func outputsCollide() throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try TrackProcess.run(["--demo", "--frames", "3", "--record", "x.mkv", "--annotate", "./x.mkv"], in: dir)
        #expect(run.status == 64)
        #expect(run.stderr.contains("--record") && run.stderr.contains("--annotate"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.mkv").path))
    }
}
