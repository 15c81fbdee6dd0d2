public import BarcodeTracking
import Foundation
import Synchronization

/// A running job's counters in Prometheus' text exposition format (version 0.0.4): served at
/// `GET /metrics` by ``LiveViewServer`` (`track --serve`) and by ``MetricsServer`` (`track --metrics`).
///
/// The job's loop reports each frame result, pallet and delivery outcome; a scrape reads a copy
/// under a lock, so scraping never holds up frame processing. Names start with `track_`; times are
/// in seconds, as Prometheus' conventions ask.
public final class JobMetrics: Sendable {
    /// Upper bounds (seconds) of the frame latency histogram's buckets: from a fraction of a 30 fps
    /// frame interval to seconds.
    public static let latencyBuckets: [Double] = [0.005, 0.01, 0.02, 0.033, 0.05, 0.1, 0.25, 0.5, 1, 2.5]
    /// Upper bounds (seconds) of the delivery lag histogram's buckets: from a loopback answer to an hour's outage.
    public static let lagBuckets: [Double] = [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 60, 300, 3600]

    struct Histogram {
        var bounds: [Double]
        var counts: [UInt64]
        var sum = 0.0
        var count: UInt64 = 0

        init(bounds: [Double]) {
            self.bounds = bounds
            counts = Array(repeating: 0, count: bounds.count)
        }

        mutating func observe(_ value: Double) {
            guard value.isFinite else { return }
            if let bucket = bounds.firstIndex(where: { value <= $0 }) { counts[bucket] += 1 }
            sum += value
            count += 1
        }
    }

    struct State {
        var framesProcessed: UInt64 = 0
        var framesDropped: UInt64 = 0
        var framesSkipped: UInt64 = 0
        var codesRecognized: UInt64 = 0
        var latency = Histogram(bounds: JobMetrics.latencyBuckets)
        /// Pallets recorded, by `--expect` status (`complete`, `short`, `over`, or `none` without `--expect`).
        var pallets: [String: UInt64] = [:]
        var delivered: UInt64 = 0
        var deliveryFailures: UInt64 = 0
        var lag = Histogram(bounds: JobMetrics.lagBuckets)
    }

    private let state = Mutex(State())
    private let outboxDepth = Mutex<(@Sendable () -> Int)?>(nil)

    /// No counts yet.
    public init() {}

    /// One processed frame: counts it, the frames a live source dropped before it, and the codes it
    /// recognized first; `latency` is seconds from the frame's capture to its result, when measured.
    public func frameProcessed(_ result: ScanFrameResult, latency: Double?) {
        state.withLock { state in
            state.framesProcessed += 1
            state.framesDropped += UInt64(max(0, result.droppedFramesSinceLastResult))
            state.codesRecognized += UInt64(result.newlyRecognized.count)
            if let latency { state.latency.observe(latency) }
        }
    }

    /// A frame read but not processed (damaged, or refused by the pipeline).
    public func frameSkipped() {
        state.withLock { $0.framesSkipped += 1 }
    }

    /// A pallet recorded, with its `--expect` status (`nil` without `--expect`).
    public func palletRecorded(status: String?) {
        state.withLock { $0.pallets[status ?? "none", default: 0] += 1 }
    }

    /// A record taken by the sink, `lag` seconds after it was queued.
    public func delivered(lag: Double) {
        state.withLock { state in
            state.delivered += 1
            state.lag.observe(lag)
        }
    }

    /// A delivery try that failed (it is retried).
    public func deliveryFailed() {
        state.withLock { $0.deliveryFailures += 1 }
    }

    /// Where the outbox's depth (records waiting) is read at each scrape.
    public func reportOutboxDepth(_ depth: @escaping @Sendable () -> Int) {
        outboxDepth.withLock { $0 = depth }
    }

    /// The exposition: `# HELP` and `# TYPE` lines, then the samples.
    public func text() -> String {
        let s = state.withLock { $0 }
        var out = ""
        func metric(_ name: String, _ type: String, _ help: String, _ samples: [(labels: String, value: String)]) {
            out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
            for sample in samples { out += "\(name)\(sample.labels) \(sample.value)\n" }
        }
        func histogram(_ name: String, _ help: String, _ h: Histogram) {
            var cumulative: UInt64 = 0
            var samples: [(labels: String, value: String)] = []
            for (bound, count) in zip(h.bounds, h.counts) {
                cumulative += count
                samples.append(("_bucket{le=\"\(Self.number(bound))\"}", "\(cumulative)"))
            }
            samples.append(("_bucket{le=\"+Inf\"}", "\(h.count)"))
            samples.append(("_sum", Self.number(h.sum)))
            samples.append(("_count", "\(h.count)"))
            out += "# HELP \(name) \(help)\n# TYPE \(name) histogram\n"
            for sample in samples { out += "\(name)\(sample.labels) \(sample.value)\n" }
        }
        metric("track_frames_processed_total", "counter", "Frames processed.", [("", "\(s.framesProcessed)")])
        metric("track_frames_dropped_total", "counter", "Frames of a live source dropped because processing fell behind.",
               [("", "\(s.framesDropped)")])
        metric("track_frames_skipped_total", "counter", "Frames read but not processed (damaged).", [("", "\(s.framesSkipped)")])
        histogram("track_frame_latency_seconds", "Seconds from a frame's capture to its result.", s.latency)
        metric("track_codes_recognized_total", "counter", "Codes recognized (first read of each).", [("", "\(s.codesRecognized)")])
        metric("track_pallets_total", "counter", "Pallets recorded, by --expect status (none without --expect).",
               s.pallets.keys.sorted().map { ("{status=\"\($0)\"}", "\(s.pallets[$0] ?? 0)") })
        if let depth = outboxDepth.withLock({ $0 }) {
            metric("track_outbox_depth", "gauge", "Pallet records waiting in the outbox for delivery.", [("", "\(depth())")])
            metric("track_deliveries_total", "counter", "Pallet records the sink took.", [("", "\(s.delivered)")])
            metric("track_delivery_failures_total", "counter", "Delivery tries that failed and were retried.", [("", "\(s.deliveryFailures)")])
            histogram("track_delivery_lag_seconds", "Seconds from a record's queueing to the sink taking it.", s.lag)
        }
        return out
    }

    /// A sample value as Prometheus writes it (no exponent for ordinary values).
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
