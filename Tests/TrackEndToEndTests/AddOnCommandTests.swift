import TestSupport
import Foundation
import Testing

/// EAN-2/EAN-5 add-ons through the engine, end to end, on real photos of EAN/UPC codes with add-ons.
struct AddOnCommandTests {
    /// The `recognized` events of `track --demo --photo PHOTO --frames FRAMES` at default settings.
    static func recognized(photo: String, frames: Int) throws -> [[String: Any]] {
        let path = SharedData.samples.appendingPathComponent(photo).path
        let run = try TrackProcess.run(["--demo", "--photo", path, "--frames", "\(frames)", "--format", "jsonl"], timeout: 300)
        #expect(run.status == 0, "\(run.stderr)")
        return try run.objects(ofType: "recognized")
    }

    /// The `addOn` or `addOnOf` link of a `recognized` event, as `symbology:data`.
    static func link(_ event: [String: Any], _ key: String) -> String? {
        (event[key] as? [String: Any]).map { "\($0["symbology"] as? String ?? "?"):\($0["data"] as? String ?? "?")" }
    }

    @Test("A UPC-A with an EAN-5 counts with its add-on, linked both ways (addOn on the UPC-A, addOnOf on the EAN-5)",
          .needsSharedData)
    func upcaLinkedBothWays() throws {
        let events = try Self.recognized(photo: "upca-extension-1/10.png", frames: 12)
        let upca = try #require(events.first { $0["symbology"] as? String == "upca" }, "\(events)")
        let ean5 = try #require(events.first { $0["symbology"] as? String == "ean5" }, "\(events)")
        #expect(upca["data"] as? String == "027011006951")
        #expect(Self.link(upca, "addOn") == "ean5:02601", "\(upca)")
        #expect(Self.link(ean5, "addOnOf") == "upca:027011006951", "\(ean5)")
    }

    @Test("An EAN-13 whose label carries the EAN-5 90000 counts with that add-on only: no EAN-2 is linked or counted",
          .needsSharedData)
    func ean13OnlyVerifiedAddOn() throws {
        let events = try Self.recognized(photo: "ean13-extension-1/33.png", frames: 90)
        #expect(!events.contains { $0["symbology"] as? String == "ean2" }, "\(events)")
        let ean13 = try #require(events.first { $0["symbology"] as? String == "ean13" }, "\(events)")
        #expect(ean13["data"] as? String == "9781558604971")
        #expect(Self.link(ean13, "addOn") == "ean5:90000", "\(ean13)")
        let ean5 = try #require(events.first { $0["symbology"] as? String == "ean5" }, "\(events)")
        #expect(Self.link(ean5, "addOnOf") == "ean13:9781558604971", "\(ean5)")
    }
}
