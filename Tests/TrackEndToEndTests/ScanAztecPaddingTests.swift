import Foundation
import TestSupport
import Testing

/// `track scan` gives padding_bs.png's Aztec payload exactly, with a warning, whatever it read
/// before in the same process (issue 58 item 4).
struct ScanAztecPaddingTests {
    @Test("track scan reports padding_bs.png with the bytes of its .txt and warns about zxing-cpp 1.4's overrun",
          .needsSharedData, arguments: ["pdf417", "none"])
    func exactPayload(isolation: String) throws {
        let folder = SharedData.samples.appendingPathComponent("aztec-1")
        let expected = try Data(contentsOf: folder.appendingPathComponent("padding_bs.txt"))
        let before = SharedData.samples.appendingPathComponent("qrcode-2/1.png").path
        let target = folder.appendingPathComponent("padding_bs.png").path
        // Once alone and once after another image: the bytes 1.4 appended changed with what came before.
        for files in [[target], [before, target]] {
            let run = try TrackProcess.run(["scan", "--format", "jsonl", "--read-isolation", isolation] + files)
            #expect(run.status == 0, "\(run.stderr)")
            let line = try #require(run.lines.last)
            let code = try #require((try jsonObject(line)["codes"] as? [[String: Any]])?.first)
            let payload = (code["bytes"] as? String).flatMap { Data(base64Encoded: $0) }
                ?? Data((code["data"] as? String ?? "").utf8)
            #expect(payload == expected, "\(payload.count) bytes, \(expected.count) expected")
            #expect(run.stderr.contains("padding_bs.png: warning: an Aztec code's last 31 bytes were dropped"), "\(run.stderr)")
        }
    }
}
