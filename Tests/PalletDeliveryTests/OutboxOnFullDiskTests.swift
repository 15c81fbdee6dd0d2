import Foundation
import PalletDelivery
import PalletOutbox
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// An outbox on a disk that is full: a real tmpfs of two pages (``TinyFileSystem`` says why).
@Suite(.enabled(if: TinyFileSystem.isAvailable, TinyFileSystem.skipReason))
struct OutboxOnFullDiskTests {
    @Test("Opening an outbox on a full disk fails with ENOSPC, naming the folder and what to do")
    func openingOnAFullDisk() throws {
        let disk = try TinyFileSystem(bytes: 8192)
        defer { disk.remove() }
        try disk.fill()
        let folder = disk.path + "/outbox"
        let error = #expect(throws: OutboxError.self) { _ = try Outbox(directory: folder) }
        #expect(error?.code == .io && error?.errno == ENOSPC)
        #expect(error?.message.contains(folder) == true && error?.message.contains("free space") == true, "\(String(describing: error))")
    }

    @Test("An append the full disk refuses leaves the records before it intact, and the next one after space is freed is queued")
    func appendOnAFullDisk() throws {
        let disk = try TinyFileSystem(bytes: 8192)
        defer { disk.remove() }
        let folder = disk.path + "/outbox"
        let first = record(1), refused = record(2), later = record(3)
        do {
            let outbox = try Outbox(directory: folder)
            try outbox.append(first.payload, key: first.key)
            try disk.fill()
            // A payload larger than what is left of the segment's page: it needs another.
            let large = refused.payload + [UInt8](repeating: 0x20, count: 5000)
            let error = #expect(throws: OutboxError.self) { try outbox.append(large, key: refused.key) }
            #expect(error?.errno == ENOSPC)
            try FileManager.default.removeItem(atPath: disk.path + "/filler")
            try outbox.append(later.payload, key: later.key)
        }
        let reopened = try Outbox(directory: folder)
        #expect(reopened.recovery.tornBytes == 0, "the refused write was cut off at once")
        #expect(try reopened.pending().map(\.payload) == [first.payload, later.payload])
    }

    @Test(
        "A delivery whose acknowledgement the disk refuses waits with the backoff instead of delivering the record again at once",
        .timeLimit(.minutes(2)))
    func acknowledgementsOnAFullDisk() async throws {
        let disk = try TinyFileSystem(bytes: 8192)
        defer { disk.remove() }
        let outbox = try Outbox(directory: disk.path + "/outbox")
        let item = record(1)
        try outbox.append(item.payload, key: item.key)
        // The segment has its page; the acknowledgement log, empty, has none and cannot get one.
        try disk.fill()
        let sink = CountingSink()
        let refusals = Mutex(0)
        let delivery = OutboxDelivery(outbox: outbox, sink: sink) { event in
            if case .outboxFailed(let error) = event, error.errno == ENOSPC { refusals.withLock { $0 += 1 } }
        }
        // On a thread of its own: under the full suite's load the shared pool may resume a sleep
        // late, and the count is taken over the time that really passed.
        try await onOwnThread {
            let started = ContinuousClock.now
            delivery.start()
            try await Task.sleep(for: .seconds(2))
            let deliveredWhileFull = sink.count
            let seconds = (ContinuousClock.now - started) / .seconds(1)
            #expect(refusals.withLock { $0 } >= 1)
            // Backoff from 0.5 s, doubling: a handful of tries in that time, not one per loop.
            #expect(deliveredWhileFull >= 1 && Double(deliveredWhileFull) <= 4 + 2 * seconds,
                    "\(deliveredWhileFull) deliveries of the same record in \(seconds) s")
            #expect(outbox.status.pendingCount == 1)
            try FileManager.default.removeItem(atPath: disk.path + "/filler")
            #expect(await delivery.finish(within: .seconds(30)), "acknowledged once the disk has room")
        }
        outbox.close()
    }
}

/// A sink that takes every record and counts them.
final class CountingSink: PalletSink {
    private let taken = Mutex(0)
    let destination = "counting sink"

    /// Records taken, repeats included.
    var count: Int { taken.withLock { $0 } }

    func deliver(_ record: OutboxRecord) async throws(DeliveryError) {
        taken.withLock { $0 += 1 }
    }

    func shutdown() async {}
}
