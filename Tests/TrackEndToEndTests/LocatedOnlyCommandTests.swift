import BarcodeTracking
import Foundation
import FrameSources
import TestSupport
import Testing

/// `track --located-only` end to end: a Code 128 label blurred past reading for six
/// frames, then sharp.
struct LocatedOnlyCommandTests {
    static func clip(in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("focus.y4m").path
        func label(blur: Int) -> LabelClip.Label {
            .init(text: "LOT51426456", symbology: .code128, origin: (150, 160), width: 340, height: 120, blur: blur)
        }
        try LabelClip.write(Array(repeating: [label(blur: 12)], count: 6) + Array(repeating: [label(blur: 0)], count: 8), to: path)
        return path
    }

    @Test("The blurred code is a track without data from frame 1 and becomes the decoded track with the same id; MOT lists it too")
    func sameIDThroughJSONLAndMOT() throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Self.clip(in: dir)
        let run = try TrackProcess.run(["--input", path, "--format", "jsonl", "--located-only"])
        #expect(run.status == 0, "\(run.stderr)")
        let frames = try run.objects(ofType: "frame")
        let first = try #require((frames.first?["tracks"] as? [[String: Any]])?.first)
        #expect(first["data"] == nil && first["symbology"] == nil, "located only: no data")
        #expect(first["state"] as? String == "tracked")
        let id = try #require(first["id"] as? Int)
        let ids = Set(frames.flatMap { ($0["tracks"] as? [[String: Any]]) ?? [] }.compactMap { $0["id"] as? Int })
        #expect(ids == [id], "one track, one id, through the change")
        let recognized = try run.objects(ofType: "recognized")
        #expect(recognized.map { $0["id"] as? Int } == [id])
        #expect(recognized.first?["data"] as? String == "LOT51426456")
        #expect((recognized.first?["frame"] as? Int ?? 0) >= 7, "readable only from frame 7")

        let mot = try TrackProcess.run(["--input", path, "--format", "mot", "--located-only"])
        #expect(mot.lines.first?.hasPrefix("1,\(id),") == true, "MOT has the located-only track from frame 1")

        let plain = try TrackProcess.run(["--input", path, "--format", "jsonl"])
        let plainFrames = try plain.objects(ofType: "frame")
        #expect((plainFrames.first?["tracks"] as? [Any])?.isEmpty == true, "off by default: nothing until the code is read")
    }

    @Test(
        "The demo blurred past reading (--blur 8, 12) shows its three labels as located-only tracks with stable ids",
        arguments: [8.0, 12.0])
    func blurredDemo(blur: Double) throws {
        let run = try TrackProcess.run(["--demo", "--blur", "\(blur)", "--frames", "8", "--format", "jsonl", "--located-only"])
        #expect(run.status == 1, "nothing decoded: \(run.stderr)")
        let frames = try run.objects(ofType: "frame")
        let tracks = frames.map { ($0["tracks"] as? [[String: Any]]) ?? [] }
        #expect(tracks.allSatisfy { $0.count == 3 && $0.allSatisfy { $0["data"] == nil } })
        #expect(Set(tracks.flatMap { $0.compactMap { $0["id"] as? Int } }) == [1, 2, 3])
        let plain = try TrackProcess.run(["--demo", "--blur", "\(blur)", "--frames", "8", "--format", "jsonl"])
        let plainTracks = try plain.objects(ofType: "frame")
            .flatMap { ($0["tracks"] as? [Any]) ?? [] }
        #expect(plainTracks.isEmpty, "without --located-only: no track at all, as the issue found")
    }

    @Test("The text summary of a --located-only run says how many codes were outlined but never decoded")
    func textSummaryCountsLocated() throws {
        let blurred = try TrackProcess.run(["--demo", "--blur", "10", "--frames", "8", "--located-only"])
        #expect(blurred.status == 1, "nothing decoded: \(blurred.stderr)")
        let head = try #require(blurred.lines.first { $0.contains("recognized in") }, "\(blurred.stdout)")
        #expect(head.hasPrefix("0 codes recognized in 8 frames; 3 more located but not decoded (outlined only)"), "\(head)")
        try TemporaryFiles.withDirectory { dir in
            let focusing = try TrackProcess.run(["--input", try Self.clip(in: dir), "--located-only"])
            let line = try #require(focusing.lines.first { $0.contains("recognized in") }, "\(focusing.stdout)")
            #expect(
                line.hasPrefix("1 code recognized in 14 frames; 0 more located but not decoded"),
                "the outlined code was decoded later: \(line)")
        }
        let plain = try TrackProcess.run(["--demo", "--blur", "10", "--frames", "2"])
        #expect(!plain.stdout.contains("located"), "without --located-only, nothing is outlined: \(plain.stdout)")
    }

    @Test("--annotate draws a located-only code as a grey dashed outline")
    func annotatedDashed() throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("annotated.y4m").path, plain = dir.appendingPathComponent("plain.y4m").path
        let jsonl = try TrackProcess.run([
            "--input", try Self.clip(in: dir), "--format", "jsonl", "--located-only",
            "--annotate", out, "--record", plain,
        ])
        let track = try #require((try jsonObject(jsonl.lines[0])["tracks"] as? [[String: Any]])?.first)
        let quad = try #require(track["quad"] as? [[Double]])
        let drawn = try VideoFiles.firstImage(of: out), recorded = try VideoFiles.firstImage(of: plain)
        // Along the top edge of the outline, drawn pixels alternate with untouched ones.
        let y = Int(quad[0][1].rounded()), x0 = Int(quad[0][0]) + 4, x1 = Int(quad[1][0]) - 4
        var changed: [Bool] = []
        for x in x0..<x1 {
            let a = Int(drawn.pixels[y * drawn.bytesPerRow + x]), b = Int(recorded.pixels[y * recorded.bytesPerRow + x])
            changed.append(abs(a - b) > 24)
        }
        let share = Double(changed.filter { $0 }.count) / Double(changed.count)
        let runs = zip(changed, changed.dropFirst()).filter { $0 != $1 }.count
        #expect((0.2...0.7).contains(share), "about half the edge drawn (less where it crosses grey bars): \(share)")
        #expect(runs >= 10, "dashes, not a solid line: \(runs) changes")
        let grey = (x0..<x1).filter { changed[$0 - x0] }.map { drawn.pixels[y * drawn.bytesPerRow + $0] }
        #expect(grey.allSatisfy { (120...180).contains($0) }, "grey")
    }
}
