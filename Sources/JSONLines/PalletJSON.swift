package import PalletStation
import Foundation

/// The `pallet` line of the JSONL contract (docs/output-contract.md): one closed pallet of
/// `track station`. Times in seconds of the source's clock, wall-clock times in ISO 8601 UTC,
/// quads in frame pixels.
package enum PalletJSON {
    /// The line for `record`, without the newline.
    package static func line(_ record: PalletRecord) -> String {
        var object = JSONObject()
        object.add("type", .string("pallet"))
        object.add("station", .string(record.station))
        object.add("pallet", .int(record.number))
        object.add("uuid", .string(record.id.uuidString.lowercased()))
        object.add("start", .number(record.start, decimals: 6))
        object.add("end", .number(record.end, decimals: 6))
        object.add("startedAt", .string(timestamp(record.startedAt)))
        object.add("closedAt", .string(timestamp(record.closedAt)))
        object.add("closedBy", .string(record.closeReason.rawValue))
        object.add("count", .int(record.count))
        object.add("expected", record.expectedCount.map { .int($0) } ?? .null)
        object.add("status", record.countStatus.map { .string($0.rawValue) } ?? .null)
        object.add("codes", .array(record.codes.map { .object(code($0)) }))
        object.add("manifest", record.manifest.map { .object(manifest($0)) } ?? .null)
        object.add("snapshot", record.snapshot.map { .string($0) } ?? .null)
        if !record.warnings.isEmpty { object.add("warnings", .array(record.warnings.map { .string($0) })) }
        return object.text
    }

    private static func code(_ code: PalletCode) -> JSONObject {
        var object = JSONObject()
        object.add("id", .int(code.trackID.rawValue))
        BarcodeJSON.addPayload(of: code.barcode, to: &object)
        BarcodeJSON.addDetails(of: code.barcode, to: &object)
        object.add("first", .number(code.firstSeen, decimals: 6))
        object.add("last", .number(code.lastSeen, decimals: 6))
        object.add("framesSeen", .int(code.framesSeen))
        object.add("quad", BarcodeJSON.quad(code.bestLocation))
        object.add("quadFrame", .int(code.bestFrame))
        return object
    }

    private static func manifest(_ check: ManifestCheck) -> JSONObject {
        var object = JSONObject()
        object.add("reference", check.reference.map { .string($0) } ?? .null)
        object.add("exact", .bool(check.isExact))
        for (key, lines) in [("correct", check.correct), ("unexpected", check.unexpected), ("missing", check.missing)] {
            object.add(key, .array(lines.map { line in
                var entry = JSONObject()
                entry.add("payload", .string(line.payload))
                entry.add("symbology", line.symbology.map { .string($0.rawValue) })
                entry.add("quantity", .int(line.quantity))
                return .object(entry)
            }))
        }
        return object
    }

    private static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }
}
