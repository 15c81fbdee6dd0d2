import Foundation
import LiveView
import PalletDelivery
import PalletOutbox
import Synchronization

/// `track station --sink`: each pallet record goes into the on-disk outbox before the station
/// writes it, and a background task delivers it to the sink. Frame processing only appends (one
/// write and one fsync per pallet) and never waits for the sink.
final class StationDelivery: Sendable {
    private let outbox: Outbox
    private let delivery: OutboxDelivery
    private let destination: String
    /// Whether the outbox was reported near its cap (80 %) and is not yet back under it.
    private let warnedNearFull = Mutex(false)
    /// How long a stopping station goes on delivering what waits; the rest goes at the next start.
    static let drainOnExit: Duration = .seconds(5)

    private let sink: any PalletSink

    /// `metrics`: where deliveries, failures and the outbox's depth are reported (`--metrics`, `--serve`).
    init(options: StationOptions, url: String, metrics: JobMetrics? = nil) throws {
        var configuration = OutboxConfiguration()
        configuration.maxBytes = Int64(options.outboxMax * 1_048_576)
        do {
            outbox = try Outbox(directory: options.outboxPath, configuration: configuration)
        } catch {
            throw JobSetupError(message: "--outbox: \(error.message)", status: ExitStatus.outputError)
        }
        // The sink after the outbox: a webhook's HTTP client must be shut down once made, which a
        // setup error here would skip.
        let sink: any PalletSink
        do {
            sink = try PalletSinks.make(url: url, timeout: options.sinkTimeout)
        } catch {
            throw JobSetupError(message: error.message, status: ExitStatus.usage)
        }
        self.sink = sink
        destination = sink.destination
        delivery = OutboxDelivery(outbox: outbox, sink: sink,
                                  events: DeliveryWarnings.handler(destination: sink.destination, outbox: outbox, metrics: metrics))
        if outbox.recovery.tornBytes > 0 {
            StandardError.print("track: outbox \(outbox.directory): an interrupted last write (\(outbox.recovery.tornBytes) bytes) was cut off; every record before it is kept")
        }
        if outbox.recovery.resumed > 0 {
            StandardError.print("track: outbox \(outbox.directory): \(outbox.recovery.resumed) record(s) of an earlier run to deliver to \(destination)")
        }
        metrics?.reportOutboxDepth { [outbox] in outbox.status.pendingCount }
    }

    /// Checks the sink (a database: connects and sets up its tables), then starts delivering in the
    /// background. A sink that cannot be used is a setup error, before the first frame.
    func start() async throws(JobSetupError) {
        do {
            try await sink.prepare()
        } catch {
            throw JobSetupError(message: "--sink: \(error.message)", status: ExitStatus.outputError)
        }
        delivery.start()
    }

    /// Queues a record's line for delivery; returns a warning for the record when it could not be queued.
    func enqueue(line: String, key: String) -> String? {
        do {
            try outbox.append(Array(line.utf8), key: key)
        } catch {
            let warning = error.code == .full
                ? "not queued for delivery to \(destination): \(error.message)"
                : "not queued for delivery to \(destination): \(error.message); the record is only in this output"
            StandardError.print("track: WARNING: \(warning)")
            return warning
        }
        delivery.notify()
        let status = outbox.status
        let near = Double(status.diskBytes) >= 0.8 * Double(status.maxBytes ?? .max)
        let report = warnedNearFull.withLock { warned in defer { warned = near }; return near && !warned }
        if report {
            StandardError.print("track: WARNING: the outbox \(outbox.directory) is at \(status.diskBytes >> 10) KiB of \((status.maxBytes ?? 0) >> 10) KiB "
                                + "(\(status.pendingCount) records undelivered to \(destination)); when full, records are only written to this station's output")
        }
        return nil
    }

    /// Delivers what waits for up to ``drainOnExit``, then stops; says what is left for the next start.
    func finish() async {
        let drained = await delivery.finish(within: Self.drainOnExit)
        let statistics = delivery.statistics
        if statistics.delivered + statistics.failedAttempts + statistics.rejected > 0 {
            func seconds(_ quantile: Double) -> String { statistics.lag(quantile: quantile).map { String(format: "%.2f s", $0) } ?? "-" }
            StandardError.print("track: delivered \(statistics.delivered) record(s) to \(destination) (lag p50 \(seconds(0.5)), p99 \(seconds(0.99))); "
                                + "\(statistics.failedAttempts) failed tries, \(statistics.rejected) refused")
        }
        if !drained {
            StandardError.print("track: \(outbox.status.pendingCount) record(s) not yet delivered to \(destination) wait in \(outbox.directory) for the next start, "
                                + "or for track outbox retry \(outbox.directory) --sink \(destination)")
        }
        outbox.close()
    }
}
