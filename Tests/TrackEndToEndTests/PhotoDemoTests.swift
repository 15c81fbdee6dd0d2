import Foundation
import TestSupport
import Testing

/// `track --demo --photo` and the photo scenes of `track bench`, end to end.
struct PhotoDemoTests {
    static let multiQR = SharedData.samples.appendingPathComponent("multi-1/multi-qr.png").path

    @Test("track --demo --photo runs a photo scene: one JSON line per frame, then the summary", .needsSharedData)
    func photoDemo() throws {
        let run = try TrackProcess.run(["--demo", "--photo", Self.multiQR, "--path", "pan", "--frames", "10", "--format", "jsonl"])
        #expect(run.status == 0 || run.status == 1, "\(run.status): \(run.stderr)")
        #expect(run.stderr.contains("photo scene: 4 codes"), "\(run.stderr)")
        let objects = try run.lines.map(jsonObject)
        #expect(objects.filter { $0["type"] as? String == "frame" }.count == 10)
        let summary = try #require(objects.last)
        #expect(summary["type"] as? String == "summary")
        #expect(summary["frames"] as? Int == 10)
    }

    @Test("A photo without a code is refused with exit 64 and a message naming the photo", .needsSharedData)
    func photoWithoutCode() throws {
        let path = SharedData.samples.appendingPathComponent("falsepositives-1/#245.png").path
        let run = try TrackProcess.run(["--demo", "--photo", path, "--frames", "3"])
        #expect(run.status == 64, "\(run.status): \(run.stderr)")
        #expect(run.stderr.contains(path) && run.stderr.contains("holds no barcode"), "\(run.stderr)")
    }

    @Test("A photo that cannot be read exits 2; a bad --path or --path without --photo exits 64", arguments: [
        (["--demo", "--photo", "/nonexistent/label.png"], Int32(2), "/nonexistent/label.png"),
        (["--demo", "--photo", "x.png", "--path", "sideways"], Int32(64), "--path"),
        (["--demo", "--path", "zoom"], Int32(64), "--photo"),
        (["--demo", "--photo", "x.png", "--codes", "5"], Int32(64), "--codes"),
    ])
    func badPhotoArguments(arguments: [String], status: Int32, mention: String) throws {
        try TrackProcess.run(arguments + ["--frames", "3"]).expectFailure(status: status, mentioning: mention)
    }

    @Test("track bench --scenes photos runs one scene per camera motion over the pallet, then over the sheet of symbologies")
    func benchPhotos() throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = dir.appendingPathComponent("bench.json")
        let run = try TrackProcess.run(["bench", "--scenes", "photos", "--frames", "4", "--json", json.path], timeout: 300)
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let sequences = try #require(report["sequences"] as? [[String: Any]])
        let paths = ["pan", "zoom", "whip", "handheld"]
        #expect(sequences.compactMap { $0["name"] as? String }
            == paths.map { "photos-pallet-\($0)" } + paths.map { "photos-symbologies-\($0)" })
        for sequence in sequences {
            #expect(sequence["skipped"] == nil, "\(sequence["skipped"] ?? "")")
            #expect(sequence["frames"] as? Int == 4)
        }
    }
}
