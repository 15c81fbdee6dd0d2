import TestSupport
import Foundation
import Testing

/// `--accept` and `--reject` on the demo pallet (a QR URL, EAN-13 4053007042692, Code 128 LOT51426456).
struct PayloadRulesTests {
    static func run(_ rules: [String]) throws -> (status: Int32, recognized: Set<String>, rejected: Set<String>, summary: [String: Any]) {
        let outcome = try TrackProcess.run(["--demo", "--frames", "60", "--format", "jsonl", "--expect", "3"] + rules)
        var recognized = Set<String>(), rejected = Set<String>()
        for line in outcome.lines.dropLast() {
            let object = try jsonObject(line)
            if object["type"] as? String == "recognized", let data = object["data"] as? String { recognized.insert(data) }
            for track in object["tracks"] as? [[String: Any]] ?? [] where track["rejected"] as? Bool == true {
                if let data = track["data"] as? String { rejected.insert(data) }
            }
        }
        return (outcome.status, recognized, rejected, try jsonObject(try #require(outcome.lines.last)))
    }

    @Test("--reject keeps a matching code tracked and marked rejected, and never counts it toward --expect")
    func rejectByPayload() throws {
        let run = try Self.run(["--reject", "^LOT"])
        #expect(run.recognized == ["https://example.com/pallet/1/590518", "4053007042692"])
        #expect(run.rejected == ["LOT51426456"])
        #expect((run.summary["codes"] as? [Any])?.count == 2)
        #expect(run.status == 4, "the input ended before 3 codes counted")
    }

    @Test("--accept SYMBOLOGY:REGEX counts only matching codes of that symbology")
    func acceptBySymbology() throws {
        let run = try Self.run(["--accept", "ean13:^40", "--accept", "code128:^LOT\\d+$"])
        #expect(run.recognized == ["4053007042692", "LOT51426456"])
        #expect(run.rejected == ["https://example.com/pallet/1/590518"])
    }

    @Test("A bad regular expression is refused with exit 64 naming the option")
    func badRegex() throws {
        let outcome = try TrackProcess.run(["--demo", "--frames", "3", "--reject", "(unclosed"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("--reject"), "\(outcome.stderr)")
    }
}
