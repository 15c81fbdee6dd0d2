import Foundation

/// `pallet` lines as `track station` writes them (docs/output-contract.md), for the sinks' tests.
enum PalletRecordLines {
    /// A pallet record of `station` with `codes` EAN-13 codes, seen from second 10 to 12 of the
    /// input, closed at `closedAt`; with `manifest`, its check against a list that lacks the last code.
    static func record(
        number: Int, station: String = "dock-3", codes: Int = 3, expected: Int? = nil,
        manifest: Bool = false, closedAt: String = "2026-12-06T09:15:02.500Z"
    ) -> (payload: [UInt8], key: String) {
        let uuid = UUID().uuidString.lowercased()
        let payloads = (0..<codes).map { String(format: "40123456%05d", number * 10 + $0) }
        let codeObjects = payloads.enumerated().map { index, payload in
            "{\"id\":\(index + 1),\"symbology\":\"ean13\",\"data\":\"\(payload)\",\"first\":\(10 + Double(index) * 0.5),"
                + "\"last\":12.0,\"framesSeen\":\(20 + index),\"quad\":[[1,2],[3,2],[3,4],[1,4]],\"quadFrame\":\(300 + index)}"
        }
        let status = expected.map { codes == $0 ? "\"complete\"" : codes < $0 ? "\"short\"" : "\"over\"" } ?? "null"
        let manifestObject: String
        if manifest, let last = payloads.last {
            let correct = payloads.dropLast().map { "{\"payload\":\"\($0)\",\"symbology\":\"ean13\",\"quantity\":1}" }
            manifestObject =
                "{\"reference\":\"SO-\(number)\",\"exact\":false,\"correct\":[\(correct.joined(separator: ","))],"
                + "\"unexpected\":[{\"payload\":\"\(last)\",\"symbology\":\"ean13\",\"quantity\":1}],"
                + "\"missing\":[{\"payload\":\"9999\",\"symbology\":null,\"quantity\":2}]}"
        } else {
            manifestObject = "null"
        }
        let line =
            "{\"type\":\"pallet\",\"station\":\"\(station)\",\"pallet\":\(number),\"uuid\":\"\(uuid)\",\"start\":10.0,\"end\":12.0,"
            + "\"startedAt\":\"2026-12-06T09:15:00.000Z\",\"closedAt\":\"\(closedAt)\",\"closedBy\":\"gap\",\"count\":\(codes),"
            + "\"expected\":\(expected.map(String.init) ?? "null"),\"status\":\(status),\"codes\":[\(codeObjects.joined(separator: ","))],"
            + "\"manifest\":\(manifestObject),\"snapshot\":null}"
        return (Array(line.utf8), uuid)
    }
}
