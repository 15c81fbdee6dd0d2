import BarcodeTracking
import Foundation
import FrameSources
import Testing
import TestSupport

/// The rest of the output contract: zxing-cpp's extra fields, overlay lifecycle,
/// guides in `--annotate`, `complete` and `--expect`.
struct OutputContractTests {
    static let samples = SharedData.samples.path

    func clip(_ frames: [[LabelClip.Label]], in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("clip.y4m").path
        try LabelClip.write(frames, to: path)
        return path
    }

    @Test("track scan reports EAN-13 forms of UPC-A/E, symbology identifiers, EC levels and add-on links")
    func scanDetails() throws {
        let files = ["upca-1/2.png", "upce-1/1.png", "qrcode-1/1.png", "ean13-extension-1/1.png"].map { "\(Self.samples)/\($0)" }
        let run = try TrackProcess.run(["scan", "--format", "jsonl"] + files)
        #expect(run.status == 0, "\(run.stderr)")
        let codes = try run.lines.map(jsonObject).map { ($0["codes"] as? [[String: Any]]) ?? [] }
        #expect(codes[0].first?["extendedData"] as? String == "0036602301467")
        #expect(codes[0].first?["symbologyIdentifier"] as? String == "]E0")
        #expect(codes[1].first?["data"] as? String == "01234565")
        #expect(codes[1].first?["extendedData"] as? String == "0012345000065", "UPC-E expanded to UPC-A, then EAN-13")
        #expect(codes[2].first?["symbologyIdentifier"] as? String == "]Q1")
        #expect(codes[2].first?["ecLevel"] as? String == "M")
        #expect(codes[2].first?["extendedData"] == nil, "absent when zxing has none")
        let main = try #require(codes[3].first { $0["symbology"] as? String == "ean13" })
        let addOn = try #require(codes[3].first { $0["symbology"] as? String == "ean5" })
        let link = try #require(main["addOn"] as? [String: Any])
        #expect(link["data"] as? String == "51299" && link["symbology"] as? String == "ean5")
        #expect(link["quad"] as? String == "shared", "zxing-cpp 1.4 gives the pair one position")
        #expect((addOn["addOnOf"] as? [String: Any])?["data"] as? String == "9780735200449")
        #expect(main["symbologyIdentifier"] as? String == "]E3")
    }

    @Test("recognized events carry the same fields as track scan")
    func recognizedDetails() throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let labels: [LabelClip.Label] = [.init(text: "036602301467", symbology: .upcA, origin: (40, 40)),
                                         .init(text: "HELLO", symbology: .qrCode, origin: (400, 240), width: 180, height: 180)]
        let run = try TrackProcess.run(["--input", try clip(Array(repeating: labels, count: 4), in: dir), "--format", "jsonl"])
        #expect(run.status == 0, "\(run.stderr)")
        let recognized = try run.objects(ofType: "recognized")
        let upc = try #require(recognized.first { $0["symbology"] as? String == "upca" })
        #expect(upc["extendedData"] as? String == "0036602301467")
        #expect(upc["symbologyIdentifier"] as? String == "]E0")
        let qr = try #require(recognized.first { $0["symbology"] as? String == "qrcode" })
        #expect(qr["symbologyIdentifier"] as? String == "]Q1")
        #expect(qr["ecLevel"] as? String != nil)
    }

    @Test("--overlay expiry=S: an overlay is created with its code, lives S seconds past its last sighting, then is deleted")
    func overlayLifecycle() throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let label = LabelClip.Label(text: "OVERLAY", symbology: .qrCode, origin: (230, 150), width: 180, height: 180)
        // Seen in frames 1-10 (last at t = 0.3 s), then 30 empty frames.
        let path = try clip(Array(repeating: [label], count: 10) + Array(repeating: [], count: 30), in: dir)
        for (expiry, deletedAt) in [(0.5, 25), (2.0, 40)] {
            let run = try TrackProcess.run(["--input", path, "--format", "jsonl", "--overlay", "expiry=\(expiry)"])
            #expect(run.status == 0, "\(run.stderr)")
            let events = try run.objects(ofType: "overlay")
            #expect(events.map { $0["event"] as? String } == ["create", "delete"])
            #expect(events.first?["frame"] as? Int == 1)
            // t - 0.3 >= expiry first at frame 25 (t = 0.8 s); with 2 s the run ends first and deletes it at its last frame.
            #expect(events.last?["frame"] as? Int == deletedAt, "expiry \(expiry)")
            let frames = try run.objects(ofType: "frame")
            for frame in frames {
                let number = frame["frame"] as? Int ?? 0
                for track in (frame["tracks"] as? [[String: Any]]) ?? [] {
                    #expect((track["overlay"] != nil) == (number < deletedAt), "frame \(number): overlay only while it lives")
                }
            }
            let summary = try #require(try run.objects(ofType: "summary").last)
            #expect(summary["complete"] is NSNull, "nothing was expected")
        }
    }

    @Test("--expect 1 with two codes arriving together lists exactly the one nearest the point of interest, stopping on that frame",
          arguments: [("0.5,0.5", "CENTRE"), ("0.05,0.05", "CORNER")])
    func expectChoosesByPointOfInterest(poi: String, chosen: String) throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let labels: [LabelClip.Label] = [.init(text: "CORNER", symbology: .qrCode, origin: (10, 10), width: 150, height: 150),
                                         .init(text: "CENTRE", symbology: .qrCode, origin: (250, 170), width: 150, height: 150)]
        let run = try TrackProcess.run(["--input", try clip(Array(repeating: labels, count: 10), in: dir), "--format", "jsonl",
                                        "--expect", "1", "--point-of-interest", poi])
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try #require(try run.objects(ofType: "summary").last)
        #expect((summary["codes"] as? [[String: Any]])?.compactMap { $0["data"] as? String } == [chosen])
        #expect(summary["complete"] as? Bool == true)
        #expect(summary["frames"] as? Int == 1)
        #expect(try run.objects(ofType: "recognized").compactMap { $0["data"] as? String } == [chosen])
    }

    @Test("--annotate draws the scan area and the point of interest; --record does not")
    func annotateGuides() throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try clip(Array(repeating: [], count: 3), in: dir)
        let annotated = dir.appendingPathComponent("annotated.y4m").path, recorded = dir.appendingPathComponent("recorded.y4m").path
        let run = try TrackProcess.run(["--input", input, "--margins", "100,80,100,80", "--point-of-interest", "0.25,0.5",
                                        "--annotate", annotated, "--record", recorded])
        #expect(run.status == 1, "no code in the clip: \(run.stderr)")
        func luma(_ image: LumaImage, _ x: Int, _ y: Int) -> UInt8 { image.pixels[y * image.bytesPerRow + x] }
        let drawn = try VideoFiles.firstImage(of: annotated), plain = try VideoFiles.firstImage(of: recorded)
        // Scan area 100...540 x 80...400; point of interest at 25% of it: (210, 240).
        for (x, y) in [(100, 240), (320, 80), (539, 300), (210, 240), (214, 240)] {
            #expect(luma(drawn, x, y) < 220, "guide at (\(x), \(y))")
            #expect(luma(plain, x, y) > 240, "nothing drawn at (\(x), \(y)) in the recording")
        }
        #expect(luma(drawn, 320, 300) > 240, "inside the area, away from the guides")
    }
}
