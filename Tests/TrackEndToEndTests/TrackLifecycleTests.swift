import BarcodeTracking
import Foundation
import TestSupport
import Testing

/// The track lifecycle of `--format jsonl`: `appeared`, `returned`, `recognized` and `lost`.
struct TrackLifecycleTests {
    /// The lifecycle events (`type`, `id`) in stream order.
    static func events(_ run: TrackProcess.Outcome) throws -> [(type: String, id: Int)] {
        try run.lines.map(jsonObject).compactMap { object in
            guard let type = object["type"] as? String, ["appeared", "returned", "recognized", "lost"].contains(type),
                let id = object["id"] as? Int
            else { return nil }
            return (type, id)
        }
    }

    /// The run of `track --input CLIP --format jsonl` plus `arguments` on the clip `write` makes
    /// (see ``TrackProcess/run(onClipFrom:_:)``), and its lifecycle events, checked with
    /// ``expectWellFormed(_:sourceLocation:)``.
    static func lifecycle(
        of write: (URL) throws -> String, _ arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (run: TrackProcess.Outcome, events: [(type: String, id: Int)]) {
        let run = try TrackProcess.run(onClipFrom: write, ["--format", "jsonl"] + arguments)
        let events = try Self.events(run)
        Self.expectWellFormed(events, sourceLocation: sourceLocation)
        return (run, events)
    }

    /// Checks the stream's promises: `appeared` once per id and first, `lost` only for an id on
    /// view (announced, not lost since), `returned` only for an id lost before.
    static func expectWellFormed(_ events: [(type: String, id: Int)], sourceLocation: SourceLocation = #_sourceLocation) {
        var appeared: Set<Int> = [], inView: Set<Int> = [], lost: Set<Int> = []
        for event in events {
            switch event.type {
            case "appeared":
                #expect(appeared.insert(event.id).inserted, "id \(event.id) appeared twice", sourceLocation: sourceLocation)
                inView.insert(event.id)
            case "returned":
                #expect(lost.remove(event.id) != nil, "id \(event.id) returned without being lost", sourceLocation: sourceLocation)
                inView.insert(event.id)
            case "lost":
                #expect(inView.remove(event.id) != nil, "id \(event.id) lost without being announced", sourceLocation: sourceLocation)
                lost.insert(event.id)
            default:
                #expect(inView.contains(event.id), "id \(event.id) recognized before it appeared", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("A QR code that leaves and comes back: appeared, recognized, lost, returned under the same id, recognized once")
    func leavesAndComesBack() throws {
        let (run, events) = try Self.lifecycle(of: IdentityMemoryCommandTests.clip)
        #expect(run.status == 0, "\(run.stderr)")
        let id = try #require(events.first?.id)
        #expect(events.map(\.type) == ["appeared", "recognized", "lost", "returned"], "\(events)")
        #expect(events.allSatisfy { $0.id == id }, "\(events)")
        let returned = try run.objects(ofType: "returned")
        #expect(returned.first?["frame"] as? Int == 35, "back in view at frame 35: \(returned)")
    }

    @Test("A located-only code is announced when it appears, before it is read and recognized under the same id")
    func locatedOnlyAppears() throws {
        let (run, events) = try Self.lifecycle(of: LocatedOnlyCommandTests.clip, ["--located-only"])
        #expect(run.status == 0, "\(run.stderr)")
        let appeared = try run.objects(ofType: "appeared")
        #expect(appeared.count == 1 && appeared.first?["frame"] as? Int == 1, "\(appeared)")
        #expect(events.map(\.type) == ["appeared", "recognized"], "\(events)")
    }

    @Test("A located-only code that leaves unread is lost only after it was announced")
    func locatedOnlyLost() throws {
        func clip(in dir: URL) throws -> String {
            let path = dir.appendingPathComponent("gone.y4m").path
            let blurred = LabelClip.Label(text: "LOT51426456", symbology: .code128, origin: (150, 160), width: 340, height: 120, blur: 12)
            try LabelClip.write(Array(repeating: [blurred], count: 4) + Array(repeating: [], count: 30), to: path)
            return path
        }
        let (_, events) = try Self.lifecycle(of: clip, ["--located-only"])
        #expect(events.map(\.type) == ["appeared", "lost"], "\(events)")
    }
}
