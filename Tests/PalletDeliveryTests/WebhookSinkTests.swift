import Foundation
import PalletDelivery
import PalletOutbox
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Retries within milliseconds, so that a test with many failures stays short.
func quickRetries() -> OutboxDelivery.Configuration {
    var configuration = OutboxDelivery.Configuration()
    configuration.initialBackoff = .milliseconds(5)
    configuration.maxBackoff = .milliseconds(40)
    return configuration
}

struct WebhookSinkTests {
    @Test(.timeLimit(.minutes(5)))
    func everyRecordArrivesOnceInEffectThroughErrorsDropsAndTimeouts() async throws {
        let receiver = try await WebhookReceiver()
        // Three requests in ten fail: a 500, a dropped connection, an answer later than the timeout.
        receiver.failing { number in
            switch number % 10 {
            case 2: .status(500)
            case 5: .dropConnection
            case 8: .stall(seconds: 0.6)
            default: nil
            }
        }
        try await withTemporaryFolder { folder in
            let outbox = try Outbox(directory: folder)
            let sink = try WebhookSink(url: receiver.url, token: "s3cret", timeout: 0.2)
            let delivery = OutboxDelivery(outbox: outbox, sink: sink, configuration: quickRetries())
            delivery.start()
            var keys: [String] = []
            for number in 1...30 {
                let item = record(number)
                keys.append(item.key)
                try outbox.append(item.payload, key: item.key)
                delivery.notify()
            }
            let drained = await delivery.finish(within: .seconds(30))
            #expect(drained)
            #expect(receiver.keys == keys, "every record, in order, none lost")
            #expect(Set(receiver.accepted.compactMap(\.key)).count == receiver.keys.count)
            #expect(receiver.accepted.allSatisfy { $0.authorization == "Bearer s3cret" })
            #expect(receiver.accepted.allSatisfy { $0.body.hasPrefix("{\"type\":\"pallet\"") })
            #expect(delivery.statistics.delivered == 30)
            #expect(delivery.statistics.failedAttempts >= 6)
            #expect(outbox.status.pendingCount == 0)
            // Lag: from append to the receiver's answer; the records behind a failure wait for its retry.
            let statistics = delivery.statistics
            let p50 = try #require(statistics.lag(quantile: 0.5)), p99 = try #require(statistics.lag(quantile: 0.99))
            #expect(statistics.lags.count == 30 && p50 > 0 && p99 >= p50)
            print(
                "webhook with 30% of requests failing: delivery lag p50 \(String(format: "%.3f", p50)) s, p99 \(String(format: "%.3f", p99)) s"
            )
        }
        await receiver.stop()
    }

    @Test(.timeLimit(.minutes(5)))
    func aRecordRefusedForGoodIsSetAsideAndTheNextDelivered() async throws {
        let receiver = try await WebhookReceiver()
        receiver.failing { $0 == 1 ? .status(422) : nil }
        try await withTemporaryFolder { folder in
            let outbox = try Outbox(directory: folder)
            let first = record(1), second = record(2)
            try outbox.append(first.payload, key: first.key)
            try outbox.append(second.payload, key: second.key)
            let delivery = OutboxDelivery(
                outbox: outbox, sink: try WebhookSink(url: receiver.url, token: nil, timeout: 2),
                configuration: quickRetries())
            delivery.start()
            #expect(await delivery.finish(within: .seconds(20)))
            #expect(receiver.keys == [second.key])
            #expect(receiver.accepted.first?.authorization == nil)
            #expect(delivery.statistics.rejected == 1)
            let rejected = try String(contentsOfFile: folder + "/rejected.jsonl", encoding: .utf8)
            #expect(rejected == String(decoding: first.payload, as: UTF8.self) + "\n")
        }
        await receiver.stop()
    }

    @Test(.timeLimit(.minutes(5)))
    func aRestartDeliversWhatTheLastRunCouldNot() async throws {
        let receiver = try await WebhookReceiver()
        receiver.failing { _ in .status(503) }
        try await withTemporaryFolder { folder in
            let items = (1...5).map(record)
            do {
                let outbox = try Outbox(directory: folder)
                let delivery = OutboxDelivery(
                    outbox: outbox, sink: try WebhookSink(url: receiver.url, token: nil, timeout: 2),
                    configuration: quickRetries())
                delivery.start()
                for item in items {
                    try outbox.append(item.payload, key: item.key)
                    delivery.notify()
                }
                #expect(await delivery.finish(within: .milliseconds(200)) == false)
                #expect(outbox.status.pendingCount == 5)
                outbox.close()
            }
            receiver.failing { _ in nil }
            let outbox = try Outbox(directory: folder)
            #expect(outbox.recovery.resumed == 5)
            let delivery = OutboxDelivery(
                outbox: outbox, sink: try WebhookSink(url: receiver.url, token: nil, timeout: 2),
                configuration: quickRetries())
            delivery.start()
            #expect(await delivery.finish(within: .seconds(20)))
            #expect(receiver.keys == items.map(\.key))
        }
        await receiver.stop()
    }

    /// Frame processing can keep every thread of Swift's shared pool busy for long stretches; the
    /// delivery runs on its own thread, so records still go out meanwhile.
    @Test(.timeLimit(.minutes(5)))
    func recordsAreDeliveredWhileEveryPoolThreadIsBusy() async throws {
        let receiver = try await WebhookReceiver()
        receiver.failing { $0 == 3 ? .dropConnection : nil }
        try await withTemporaryFolder { folder in
            let outbox = try Outbox(directory: folder)
            let items = (1...10).map(record)
            let delivery = OutboxDelivery(
                outbox: outbox, sink: try WebhookSink(url: receiver.url, token: nil, timeout: 2),
                configuration: quickRetries())
            // One busy task per pool thread, each spinning until all arrived or 30 s after it began
            // (in the full suite it may begin late, when other tests free a thread).
            let spinners = (0..<ProcessInfo.processInfo.activeProcessorCount).map { _ in
                Task.detached { () -> Bool in
                    let deadline = ContinuousClock.now + .seconds(30)
                    while receiver.keys.count < items.count {
                        if ContinuousClock.now > deadline { return false }
                    }
                    return true
                }
            }
            for item in items { try outbox.append(item.payload, key: item.key) }
            delivery.start()
            var allArrivedWhileBusy = true
            for spinner in spinners { allArrivedWhileBusy = await spinner.value && allArrivedWhileBusy }
            #expect(allArrivedWhileBusy, "\(receiver.keys.count) of \(items.count) arrived while the pool was busy")
            #expect(await delivery.finish(within: .seconds(20)))
            #expect(receiver.keys == items.map(\.key))
        }
        await receiver.stop()
    }

    @Test func badSinkAddressesAreRefusedWithAReason() throws {
        for bad in ["ftp://host/x", "wms.example/pallets", "http://", "http://host:99999/", "http://user:pw@host/x", "http://ho st/"] {
            #expect(throws: DeliveryError.self, "\(bad)") { try SinkAddress(parsing: bad) }
        }
        #expect(try SinkAddress(parsing: "https://wms.example:8443/pallets?x=1") == .webhook("https://wms.example:8443/pallets?x=1"))
        #expect(try SinkAddress(parsing: "http://[::1]:8080/") == .webhook("http://[::1]:8080/"))
    }

    @Test func backoffGrowsToItsCapWithJitter() {
        var configuration = OutboxDelivery.Configuration()
        configuration.initialBackoff = .seconds(1)
        configuration.maxBackoff = .seconds(8)
        for attempt in 1...8 {
            let wait = configuration.backoff(attempt: attempt)
            let full = min(8.0, pow(2, Double(attempt - 1)))
            #expect(wait >= .milliseconds(Int64(full * 500)) && wait <= .milliseconds(Int64(full * 1000)))
        }
    }

    /// Records per second through the webhook sink to the loopback receiver, and the CPU time of the
    /// whole process per record (sink, client, receiver and outbox with fsync). Run by hand:
    /// `DELIVERY_MEASURE=1 swift test --skip-build --filter recordsPerSecond`.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DELIVERY_MEASURE"] != nil), .timeLimit(.minutes(2)))
    func recordsPerSecondToTheLoopbackReceiver() async throws {
        let receiver = try await WebhookReceiver()
        try await withTemporaryFolder { folder in
            let outbox = try Outbox(directory: folder)
            let count = 2000
            let payload = [UInt8](repeating: UInt8(ascii: "x"), count: 1500)
            let appendCPU = Self.cpuSeconds()
            let appendStart = ContinuousClock.now
            for _ in 0..<count { try outbox.append(payload, key: UUID().uuidString) }
            let appendWall = (ContinuousClock.now - appendStart) / .seconds(1)
            print(
                "outbox: append with fsync: \(String(format: "%.0f", appendWall / Double(count) * 1e6)) µs per record wall, "
                    + "\(String(format: "%.0f", (Self.cpuSeconds() - appendCPU) / Double(count) * 1e6)) µs CPU")
            let delivery = OutboxDelivery(outbox: outbox, sink: try WebhookSink(url: receiver.url, token: nil, timeout: 5))
            let (finished, seconds, cpu) = await Self.timed(delivery, within: .seconds(100))
            #expect(finished)
            print(
                "delivery: \(count) records of 1.5 kB in \(String(format: "%.2f", seconds)) s: "
                    + "\(Int(Double(count) / seconds)) records/s, \(String(format: "%.0f", cpu / Double(count) * 1e6)) µs CPU per record "
                    + "(sink, HTTP client, receiver, acknowledgement fsync), \(ProcessInfo.processInfo.activeProcessorCount) cores")
            #expect(receiver.keys.count == count)
        }
        await receiver.stop()
    }

    /// Starts `delivery` and waits at most `limit` for it to finish: whether it did, the wall seconds
    /// it took and the CPU seconds this process spent meanwhile.
    static func timed(_ delivery: OutboxDelivery, within limit: Duration) async -> (finished: Bool, seconds: Double, cpu: Double) {
        let cpuBefore = cpuSeconds()
        let start = ContinuousClock.now
        delivery.start()
        let finished = await delivery.finish(within: limit)
        return (finished, (ContinuousClock.now - start) / .seconds(1), cpuSeconds() - cpuBefore)
    }

    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
