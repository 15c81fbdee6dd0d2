import BarcodeTracking
import Foundation
import TestSupport
import Testing

/// `track --identity-memory`: a code that left the view and came back, end to end.
struct IdentityMemoryCommandTests {
    /// Writes, in `dir`, a clip where the QR code "BACK" is in view for 4 frames, away for 30
    /// (1 s: past the 0.5 s coast time, so its track is removed, but within the identity
    /// memory), then back elsewhere for 4; returns its path.
    static func clip(in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("back.y4m").path
        func shown(at origin: (x: Int, y: Int)) -> [[LabelClip.Label]] {
            Array(repeating: [.init(text: "BACK", symbology: .qrCode, origin: origin, width: 160, height: 160)], count: 4)
        }
        try LabelClip.write(shown(at: (40, 40)) + Array(repeating: [], count: 30) + shown(at: (400, 260)), to: path)
        return path
    }

    /// The ids of the tracks carrying "BACK" in the ``clip(in:)`` run with `arguments`, and the
    /// number of `recognized` events.
    func run(_ arguments: [String]) throws -> (ids: Set<Int>, recognized: Int) {
        let outcome = try TrackProcess.run(onClipFrom: Self.clip, ["--format", "jsonl"] + arguments)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let objects = try outcome.lines.map(jsonObject)
        let tracks = objects.filter { $0["type"] as? String == "frame" }.flatMap { ($0["tracks"] as? [[String: Any]]) ?? [] }
        return (
            Set(tracks.filter { $0["data"] as? String == "BACK" }.compactMap { $0["id"] as? Int }),
            objects.filter { $0["type"] as? String == "recognized" }.count
        )
    }

    @Test("By default the code comes back under its id; with --identity-memory 0 under a new one; recognized once either way")
    func comeBack() throws {
        let remembered = try run([])
        #expect(remembered.ids.count == 1, "\(remembered.ids)")
        let forgotten = try run(["--identity-memory", "0"])
        #expect(forgotten.ids.count == 2, "\(forgotten.ids)")
        #expect(remembered.recognized == 1 && forgotten.recognized == 1)
    }
}
