import DedicatedThread
import Foundation
public import PalletOutbox
import Synchronization

/// Drains an ``Outbox`` into a ``PalletSink`` in the background: oldest record first, each
/// acknowledged in the outbox once the sink took it, failures retried with exponential backoff and
/// jitter, delivered segments compacted.
///
/// It runs on its own task, on a thread of its own (`DedicatedThreadExecutor`): the station only appends to
/// the outbox and calls ``notify()``, so a sink that is slow or down never holds up frame
/// processing, and frame processing that keeps every core busy never holds up delivery. Records go in order: a record that
/// fails is retried before the next one is tried, so a receiver sees pallets in the order they
/// were counted. A record the receiver refuses for good (``DeliveryError/isRetryable`` false) is
/// appended to `rejected.jsonl` in the outbox folder, reported, and acknowledged, so that one bad
/// record does not hold up the shift.
public final class OutboxDelivery: Sendable {
    /// How failures are retried.
    public struct Configuration: Sendable {
        /// The wait before the first retry; it doubles with each failure of the same record. Default 0.5 s.
        public var initialBackoff: Duration = .milliseconds(500)
        /// The longest wait between two tries. Default 30 s.
        public var maxBackoff: Duration = .seconds(30)
        /// Records read from the outbox at a time. Default 64.
        public var batch = 64

        /// The defaults.
        public init() {}

        /// The wait before retry number `attempt` (1 for the first): half the exponential delay fixed,
        /// the other half random ("equal jitter"), so that stations that lost the same receiver do
        /// not all come back at the same instant, and none retries at once.
        public func backoff(attempt: Int) -> Duration {
            let exponential = min(maxBackoff.seconds, initialBackoff.seconds * pow(2, Double(min(max(attempt - 1, 0), 40))))
            let seconds = exponential / 2 + Double.random(in: 0...(exponential / 2))
            return .nanoseconds(Int64(seconds * 1e9))
        }
    }

    /// What happened to a record, reported to the ``init(outbox:sink:configuration:events:)`` callback.
    public enum Event: Sendable {
        /// Delivered after `attempts` tries, `lag` after it was appended.
        case delivered(sequence: UInt64, attempts: Int, lag: Duration)
        /// A try failed; the next comes after `retryIn`.
        case failed(sequence: UInt64, attempt: Int, error: DeliveryError, retryIn: Duration)
        /// The receiver refused the record for good; it was set aside in `rejected.jsonl`.
        case rejected(sequence: UInt64, error: DeliveryError)
        /// The outbox itself failed (disk); delivery pauses and tries again.
        case outboxFailed(OutboxError)
    }

    /// Counts since start.
    public struct Statistics: Sendable, Equatable {
        /// Records the sink took.
        public var delivered = 0
        /// Tries that failed and were retried.
        public var failedAttempts = 0
        /// Records the sink refused for good (set aside in `rejected.jsonl`).
        public var rejected = 0
        /// Delivery lag (seconds from a record's append to the sink taking it) of the latest
        /// ``lagSampleLimit`` deliveries, oldest first.
        public var lags: [Double] = []
        /// How many lags ``lags`` keeps.
        public static let lagSampleLimit = 10_000

        /// The `fraction` quantile (0...1) of ``lags`` in seconds, nearest rank; `nil` before any delivery.
        public func lag(quantile fraction: Double) -> Double? {
            guard !lags.isEmpty else { return nil }
            let sorted = lags.sorted()
            let rank = Int((min(max(fraction, 0), 1) * Double(sorted.count)).rounded(.up)) - 1
            return sorted[min(max(rank, 0), sorted.count - 1)]
        }

        mutating func note(lag seconds: Double) {
            if lags.count == Self.lagSampleLimit { lags.removeFirst(lags.count / 2) }
            lags.append(seconds)
        }
    }

    private struct State {
        var task: Task<Void, Never>?
        var draining = false
        var statistics = Statistics()
    }

    private let outbox: Outbox
    private let sink: any PalletSink
    private let configuration: Configuration
    private let events: @Sendable (Event) -> Void
    private let state = Mutex(State())
    private let doorbell: AsyncStream<Void>.Continuation
    private let rings: AsyncStream<Void>
    private let thread = DedicatedThreadExecutor(name: "outbox-delivery")

    /// Delivery from `outbox` to `sink`; `events` is called on the delivery task for each outcome.
    public init(outbox: Outbox, sink: any PalletSink, configuration: Configuration = Configuration(),
                events: @escaping @Sendable (Event) -> Void = { _ in }) {
        self.outbox = outbox
        self.sink = sink
        self.configuration = configuration
        self.events = events
        (rings, doorbell) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    deinit {
        thread.stop()
    }

    /// Starts delivering what the outbox holds, and what is appended later.
    public func start() {
        state.withLock { state in
            guard state.task == nil else { return }
            state.task = Task.detached(executorPreference: thread) { [self] in await run() }
        }
    }

    /// Tells the delivery task that a record was appended. Cheap, never waits.
    public func notify() {
        doorbell.yield()
    }

    /// Counts since start.
    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// Delivers what is waiting for up to `limit`, then stops and releases the sink. What is not
    /// delivered by then stays in the outbox for the next start. Returns whether all was delivered.
    @discardableResult
    public func finish(within limit: Duration) async -> Bool {
        let task = state.withLock { state in
            state.draining = true
            return state.task
        }
        doorbell.yield()
        if let task {
            let timer = Task(executorPreference: thread) {
                try? await Task.sleep(for: limit)
                task.cancel()
            }
            await task.value
            timer.cancel()
        }
        doorbell.finish()
        await sink.shutdown()
        thread.stop()
        return outbox.status.pendingCount == 0
    }

    private var isDraining: Bool { state.withLock { $0.draining } }

    private func run() async {
        var iterator = rings.makeAsyncIterator()
        var outboxFailures = 0
        while !Task.isCancelled {
            var outboxFailed = false
            if let batch = readBatch() {
                if batch.isEmpty {
                    if isDraining { return }
                    guard await iterator.next() != nil else { return }
                    continue
                }
                records: for record in batch {
                    switch await deliver(record) {
                    case .acknowledged: break
                    case .cancelled: return
                    case .unacknowledged:
                        outboxFailed = true
                        break records
                    }
                }
                do { try outbox.compact() } catch { events(.outboxFailed(error)) }
            } else {
                outboxFailed = true
            }
            // A disk that refuses the outbox's reads or acknowledgements (full, failing) is given
            // time: without the pause, an unacknowledged record would be delivered again at once,
            // over and over.
            guard outboxFailed else {
                outboxFailures = 0
                continue
            }
            outboxFailures += 1
            guard (try? await Task.sleep(for: configuration.backoff(attempt: outboxFailures))) != nil else { return }
        }
    }

    /// The next records to deliver, or `nil` when the outbox could not be read (reported).
    private func readBatch() -> [OutboxRecord]? {
        do { return try outbox.pending(limit: configuration.batch) } catch {
            events(.outboxFailed(error))
            return nil
        }
    }

    /// How one record's delivery ended.
    private enum Outcome {
        /// Taken (or refused for good and set aside), and marked in the outbox.
        case acknowledged
        /// Taken, but the outbox could not mark it: it is delivered again later.
        case unacknowledged
        /// Delivery was cancelled first.
        case cancelled
    }

    /// Delivers one record, retrying until it is taken or refused.
    private func deliver(_ record: OutboxRecord) async -> Outcome {
        var attempt = 0
        while !Task.isCancelled {
            attempt += 1
            do throws(DeliveryError) {
                try await sink.deliver(record)
                let seconds = max(0, Date().timeIntervalSince(record.appended))
                let lag = Duration.nanoseconds(Int64(seconds * 1e9))
                let marked = acknowledge(record)
                state.withLock { state in
                    state.statistics.delivered += 1
                    state.statistics.note(lag: seconds)
                }
                events(.delivered(sequence: record.sequence, attempts: attempt, lag: lag))
                return marked ? .acknowledged : .unacknowledged
            } catch where !error.isRetryable {
                setAside(record, error: error)
                let marked = acknowledge(record)
                state.withLock { $0.statistics.rejected += 1 }
                events(.rejected(sequence: record.sequence, error: error))
                return marked ? .acknowledged : .unacknowledged
            } catch {
                let wait = configuration.backoff(attempt: attempt)
                state.withLock { $0.statistics.failedAttempts += 1 }
                events(.failed(sequence: record.sequence, attempt: attempt, error: error, retryIn: wait))
                guard (try? await Task.sleep(for: wait)) != nil else { return .cancelled }
            }
        }
        return .cancelled
    }

    /// Marks `record` delivered; `false` when the outbox refused (reported).
    private func acknowledge(_ record: OutboxRecord) -> Bool {
        do {
            try outbox.acknowledge(record.sequence)
            return true
        } catch {
            // Not acknowledged: it is delivered again later, which its idempotency key makes harmless.
            events(.outboxFailed(error))
            return false
        }
    }

    private func setAside(_ record: OutboxRecord, error: DeliveryError) {
        let path = outbox.directory + "/rejected.jsonl"
        if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        guard let handle = FileHandle(forWritingAtPath: path) else { return }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: Data(record.payload) + Data("\n".utf8))
        try? handle.synchronize()
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
