import PalletStation

/// The manifest check of `track bench --scenes station`: a shipment notice made from the scene's
/// truth with discrepancies planted in it, and whether each pallet's record reports them.
extension BenchStation {
    /// A discrepancy planted in the manifest: the pallet, the payload, and whether the station must
    /// report it unexpected (read, left out of the manifest) or missing (listed, not on the pallet).
    struct Planted: Hashable, Sendable {
        var pallet: Int
        var payload: String
        var unexpected: Bool
    }

    /// The shipment notice of a scene whose pallets carry `labels` (each pallet's payloads, one per
    /// label): every pallet's labels, its number as the pallet reference, with discrepancies planted:
    /// every 4th pallet of two payloads or more leaves its first payload out (to be reported
    /// unexpected), every 5th lists a payload it does not carry (missing).
    static func manifest(for labels: [Int: [String]]) throws -> (manifest: Manifest, planted: [Planted]) {
        var entries: [Manifest.Entry] = []
        var planted: [Planted] = []
        for (pallet, labels) in labels.sorted(by: { $0.key < $1.key }) {
            let reference = "P\(pallet)"
            var payloads: [String] = []
            var quantity: [String: Int] = [:]
            for payload in labels {
                if quantity[payload] == nil { payloads.append(payload) }
                quantity[payload, default: 0] += 1
            }
            for (index, payload) in payloads.enumerated() {
                if pallet % 4 == 0, payloads.count >= 2, index == 0 {
                    planted.append(Planted(pallet: pallet, payload: payload, unexpected: true))
                    continue
                }
                entries.append(Manifest.Entry(payload: payload, quantity: quantity[payload]!, pallet: reference))
            }
            if pallet % 5 == 0 {
                let absent = "ABSENT-\(pallet)"
                planted.append(Planted(pallet: pallet, payload: absent, unexpected: false))
                entries.append(Manifest.Entry(payload: absent, pallet: reference))
            }
        }
        return (try Manifest(entries: entries), planted)
    }

    /// Scores the manifest checks of `records` (each record's payloads and its check) for the pallets
    /// in `passed`: the planted discrepancies of those pallets, those their records report, one
    /// line for each planted one not reported, and one line for each other discrepancy reported.
    /// A record of labels of several pallets is left out (the table counts it merged).
    static func scoreManifest(
        _ records: [(payloads: [String], check: ManifestCheck?)], planted: [Planted], passed: Set<Int>,
        palletOfPayload: [String: Int], into outcome: inout Outcome
    ) {
        var reported = Set<Planted>()
        for (payloads, check) in records {
            let pallets = Set(payloads.compactMap { palletOfPayload[$0] })
            guard let pallet = pallets.first, pallets.count == 1, passed.contains(pallet), let check else { continue }
            for line in check.unexpected { reported.insert(Planted(pallet: pallet, payload: line.payload, unexpected: true)) }
            for line in check.missing { reported.insert(Planted(pallet: pallet, payload: line.payload, unexpected: false)) }
        }
        let due = Set(planted.filter { passed.contains($0.pallet) })
        outcome.discrepanciesPlanted += due.count
        outcome.discrepanciesReported += due.intersection(reported).count
        let read = Set(records.flatMap(\.payloads))
        for missed in due.subtracting(reported).sorted(by: { ($0.pallet, $0.payload) < ($1.pallet, $1.payload) }) {
            let why = missed.unexpected && !read.contains(missed.payload) ? " (the label was not read)" : ""
            outcome.unreportedDiscrepancies.append(
                "seed \(outcome.seed) pallet \(missed.pallet): \(shown(missed.payload)) planted \(missed.unexpected ? "unexpected" : "missing"), not reported\(why)"
            )
        }
        for other in reported.subtracting(due).sorted(by: { ($0.pallet, $0.payload) < ($1.pallet, $1.payload) }) {
            outcome.otherDiscrepancies.append(
                "seed \(outcome.seed) pallet \(other.pallet): \(shown(other.payload)) reported \(other.unexpected ? "unexpected" : "missing"), not planted"
            )
        }
    }
}
