import TestSupport
import BarcodeTracking
import Foundation
import Testing

/// `track --verify`: misread protection end to end, on a clip whose first frame shows
/// another EAN-13 on the label's spot (what a 1-D misread delivers: a valid check digit,
/// the wrong digits).
struct VerifyCommandTests {
    static let real = "4033979491384", misread = "7033259491384"

    func run(_ arguments: [String]) throws -> (recognized: [String], summary: [String: Any], tracked: Set<String>) {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("misread.y4m").path
        let spot = (x: 170, y: 165)
        try LabelClip.write([[.init(text: Self.misread, symbology: .ean13, origin: spot)]]
                            + Array(repeating: [.init(text: Self.real, symbology: .ean13, origin: spot)], count: 9), to: path)
        let outcome = try TrackProcess.run(["--input", path, "--format", "jsonl"] + arguments)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let objects = try outcome.lines.map(jsonObject)
        let recognized = objects.filter { $0["type"] as? String == "recognized" }.compactMap { $0["data"] as? String }
        let tracked = Set(objects.filter { $0["type"] as? String == "frame" }.flatMap { ($0["tracks"] as? [[String: Any]]) ?? [] }
            .compactMap { $0["data"] as? String })
        return (recognized, try #require(objects.last), tracked)
    }

    @Test("By default (1d:2/3) a misread first read is held back and counted; the real code is recognized once")
    func defaultHoldsBackMisread() throws {
        let result = try run([])
        #expect(result.recognized == [Self.real])
        #expect(result.summary["misreadsPrevented"] as? Int == 1)
        #expect((result.summary["codes"] as? [[String: Any]])?.compactMap { $0["data"] as? String } == [Self.real])
    }

    @Test("--verify 1/1 counts the first read: the misread is adopted, and the real code, whose printed modules match the label's pixels better than the misread's, counts too, as decoding every frame would")
    func firstReadAdoptsMisread() throws {
        let result = try run(["--verify", "1/1"])
        #expect(result.recognized == [Self.misread, Self.real])
        #expect(result.summary["misreadsPrevented"] as? Int ?? 0 >= 1, "the real reads disagree with the adopted misread")
    }

    @Test("--verify 3/3 counts with the engine: the demo's three codes (QR, EAN-13, Code 128) each count at frame 3, as decoding every frame does")
    func strictRuleCountsWithEngine() throws {
        let outcome = try TrackProcess.run(["--demo", "--frames", "5", "--format", "jsonl", "--verify", "3/3"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let recognized = try outcome.objects(ofType: "recognized")
        #expect(Set(recognized.compactMap { $0["symbology"] as? String }) == ["qrcode", "ean13", "code128"], "\(recognized)")
        #expect(recognized.allSatisfy { $0["frame"] as? Int == 3 }, "three reads in three frames: \(recognized)")
    }

    @Test("Bad --verify values exit 64 naming the option", arguments: ["3/2", "0/1", "2", "1d:2/65", "x/y"])
    func badValues(value: String) throws {
        let outcome = try TrackProcess.run(["--demo", "--verify", value, "--frames", "1"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("--verify"))
    }
}
