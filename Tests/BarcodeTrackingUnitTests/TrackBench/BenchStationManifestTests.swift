import BarcodeTracking
import PalletStation
import Testing

@testable import TrackBench

/// The station bench's manifest: discrepancies planted from the truth, and their scoring.
struct BenchStationManifestTests {
    static let labels: [Int: [String]] = [4: ["A", "B", "B"], 5: ["C"], 8: ["D"], 10: ["E", "F"]]

    @Test("Every 4th pallet of two payloads or more leaves its first payload out; every 5th lists one it lacks")
    func plantsDiscrepancies() throws {
        let (manifest, planted) = try BenchStation.manifest(for: Self.labels)
        #expect(
            Set(planted) == [
                .init(pallet: 4, payload: "A", unexpected: true), .init(pallet: 5, payload: "ABSENT-5", unexpected: false),
                .init(pallet: 10, payload: "ABSENT-10", unexpected: false),
            ])
        let entries = manifest.entries.map { "\($0.pallet ?? "-"):\($0.payload)×\($0.quantity)" }
        #expect(entries == ["P4:B×2", "P5:C×1", "P5:ABSENT-5×1", "P8:D×1", "P10:E×1", "P10:F×1", "P10:ABSENT-10×1"])
    }

    @Test("Pallets read exactly report every planted discrepancy and no other; a pallet short of a label reports it missing besides")
    func scoresTheRecordsChecks() throws {
        let (manifest, planted) = try BenchStation.manifest(for: Self.labels)
        var checker = ManifestChecker(manifest: manifest)
        func code(_ payload: String) -> Barcode {
            Barcode(
                symbology: .code128, data: payload, bytes: Array(payload.utf8),
                location: Quadrilateral(Rect(x: 0, y: 0, width: 10, height: 10)))
        }
        // Pallet 10's record lacks F: F is reported missing though not planted.
        let read: [[String]] = [["A", "B", "B"], ["C"], ["D"], ["E"]]
        let records = read.map { payloads in (payloads: payloads, check: Optional(checker.check(payloads.map(code)))) }
        let palletOf = ["A": 4, "B": 4, "C": 5, "D": 8, "E": 10, "F": 10]
        var outcome = BenchStation.Outcome(seed: 1, seconds: 60)
        BenchStation.scoreManifest(records, planted: planted, passed: [4, 5, 8, 10], palletOfPayload: palletOf, into: &outcome)
        #expect(outcome.discrepanciesPlanted == 3)
        #expect(outcome.discrepanciesReported == 3)
        #expect(outcome.otherDiscrepancies == ["seed 1 pallet 10: F reported missing, not planted"])
        #expect(outcome.unreportedDiscrepancies.isEmpty)

        // Pallet 4's A, left out of the manifest, is not read: its planted discrepancy is not
        // reported, and the line says why.
        var unread = BenchStation.Outcome(seed: 1, seconds: 60)
        let withoutA = [["B", "B"], ["C"], ["D"], ["E", "F"]].map { payloads in
            (payloads: payloads, check: Optional(checker.check(payloads.map(code))))
        }
        BenchStation.scoreManifest(withoutA, planted: planted, passed: [4, 5, 8, 10], palletOfPayload: palletOf, into: &unread)
        #expect(unread.discrepanciesReported == 2)
        #expect(unread.unreportedDiscrepancies == ["seed 1 pallet 4: A planted unexpected, not reported (the label was not read)"])
    }
}
