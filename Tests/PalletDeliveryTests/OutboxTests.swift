import Foundation
import PalletOutbox
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A fresh folder under the system's temporary folder, removed by `body`'s end.
func withTemporaryFolder<T>(_ body: (String) throws -> T) throws -> T {
    let path = NSTemporaryDirectory() + "outbox-test-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
}

func withTemporaryFolder<T>(_ body: (String) async throws -> T) async throws -> T {
    let path = NSTemporaryDirectory() + "outbox-test-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try await body(path)
}

func record(_ number: Int) -> (payload: [UInt8], key: String) {
    let key = UUID().uuidString.lowercased()
    return (Array("{\"type\":\"pallet\",\"number\":\(number),\"uuid\":\"\(key)\"}".utf8), key)
}

/// Appends `record(number)` for each of `numbers` to `outbox`, in order.
func appendRecords(_ numbers: ClosedRange<Int>, to outbox: Outbox) throws {
    for number in numbers {
        let item = record(number)
        try outbox.append(item.payload, key: item.key)
    }
}

struct OutboxTests {
    /// Appends records 1, 2 and 3 to a new outbox in `folder`, closes it, and returns the path of
    /// the segment file that holds them.
    static func segmentOfThreeRecords(in folder: String) throws -> String {
        let outbox = try Outbox(directory: folder)
        try appendRecords(1...3, to: outbox)
        outbox.close()
        let segment = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".seg") })
        return folder + "/" + segment
    }

    @Test func appendedRecordsComeBackInOrderAfterReopening() throws {
        try withTemporaryFolder { folder in
            let records = (1...5).map(record)
            do {
                let outbox = try Outbox(directory: folder)
                for item in records { try outbox.append(item.payload, key: item.key) }
                #expect(outbox.status.pendingCount == 5)
            }
            let reopened = try Outbox(directory: folder)
            #expect(reopened.recovery.resumed == 5)
            #expect(reopened.recovery.tornBytes == 0)
            let pending = try reopened.pending()
            #expect(pending.map(\.payload) == records.map(\.payload))
            #expect(pending.map(\.key) == records.map(\.key))
            #expect(pending.map(\.sequence) == [1, 2, 3, 4, 5])
        }
    }

    @Test func acknowledgedRecordsAreNotResumed() throws {
        try withTemporaryFolder { folder in
            do {
                let outbox = try Outbox(directory: folder)
                try appendRecords(1...4, to: outbox)
                try outbox.acknowledge(1)
                try outbox.acknowledge(3)
                #expect(try outbox.pending().map(\.sequence) == [2, 4])
            }
            let reopened = try Outbox(directory: folder)
            #expect(try reopened.pending().map(\.sequence) == [2, 4])
            // Numbers go on after a restart.
            let item = record(5)
            #expect(try reopened.append(item.payload, key: item.key) == 5)
        }
    }

    @Test func compactionDeletesDeliveredSegmentsAndKeepsTheRest() throws {
        try withTemporaryFolder { folder in
            var configuration = OutboxConfiguration()
            configuration.segmentBytes = 200
            let outbox = try Outbox(directory: folder, configuration: configuration)
            try appendRecords(1...10, to: outbox)
            let segments = outbox.status.segments
            #expect(segments >= 5)
            for sequence in 1...6 { try outbox.acknowledge(UInt64(sequence)) }
            let removed = try outbox.compact()
            #expect(removed >= 2)
            #expect(outbox.status.segments == segments - removed)
            #expect(try outbox.pending().map(\.sequence) == [7, 8, 9, 10])
            outbox.close()
            let reopened = try Outbox(directory: folder, configuration: configuration)
            #expect(try reopened.pending().map(\.sequence) == [7, 8, 9, 10])
            for sequence in 7...10 { try reopened.acknowledge(UInt64(sequence)) }
            try reopened.compact()
            #expect(reopened.status.segments == 0)
            #expect(reopened.status.diskBytes == 0)
            let item = record(11)
            #expect(try reopened.append(item.payload, key: item.key) == 11)
            reopened.close()
            #expect(try Outbox(directory: folder).pending().map(\.sequence) == [11])
        }
    }

    @Test func aTornLastRecordIsCutOffAndTheRestKept() throws {
        try withTemporaryFolder { folder in
            let path = try Self.segmentOfThreeRecords(in: folder)
            // A write that kill -9 interrupted: half of a fourth frame, then garbage checksum.
            let whole = try #require(FileManager.default.contents(atPath: path))
            let handle = try #require(FileHandle(forWritingAtPath: path))
            handle.seekToEndOfFile()
            handle.write(whole.prefix(40))
            try handle.close()
            let reopened = try Outbox(directory: folder)
            #expect(reopened.recovery.tornBytes == 40)
            #expect(try reopened.pending().map(\.sequence) == [1, 2, 3])
            let item = record(4)
            #expect(try reopened.append(item.payload, key: item.key) == 4)
            reopened.close()
            #expect(try Outbox(directory: folder).pending().map(\.sequence) == [1, 2, 3, 4])
        }
    }

    @Test func aDamagedChecksumEndsTheSegmentThere() throws {
        try withTemporaryFolder { folder in
            let path = try Self.segmentOfThreeRecords(in: folder)
            var bytes = [UInt8](try #require(FileManager.default.contents(atPath: path)))
            bytes[bytes.count - 3] ^= 0xFF  // inside the third record's payload
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let reopened = try Outbox(directory: folder)
            #expect(try reopened.pending().map(\.sequence) == [1, 2])
        }
    }

    @Test func aFullOutboxRefusesNewRecordsAndKeepsTheQueuedOnes() throws {
        try withTemporaryFolder { folder in
            var configuration = OutboxConfiguration()
            configuration.maxBytes = 400
            let outbox = try Outbox(directory: folder, configuration: configuration)
            var accepted = 0
            var refusal: OutboxError?
            for number in 1...20 {
                let item = record(number)
                do {
                    try outbox.append(item.payload, key: item.key)
                    accepted += 1
                } catch {
                    refusal = error as? OutboxError
                    break
                }
            }
            #expect(accepted >= 2)
            #expect(refusal?.code == .full)
            #expect(refusal?.message.contains("--outbox-max") == true)
            #expect(outbox.status.diskBytes <= 400)
            #expect(try outbox.pending().count == accepted)
            // Delivering makes room again.
            for sequence in 1...accepted { try outbox.acknowledge(UInt64(sequence)) }
            let item = record(99)
            #expect(throws: Never.self) { try outbox.append(item.payload, key: item.key) }
        }
    }

    @Test func aSecondWriterIsRefusedButInspectionReadsTheOutbox() throws {
        try withTemporaryFolder { folder in
            let outbox = try Outbox(directory: folder)
            let items = (1...3).map(record)
            for item in items { try outbox.append(item.payload, key: item.key) }
            try outbox.acknowledge(2)
            #expect(throws: OutboxError.self) { try Outbox(directory: folder) }
            let inspected = try Outbox.inspect(directory: folder)
            #expect(inspected.pending.map(\.payload) == [items[0].payload, items[2].payload])
            #expect(inspected.status.pendingCount == 2)
            #expect(inspected.status.oldestPending != nil)
        }
    }
}
