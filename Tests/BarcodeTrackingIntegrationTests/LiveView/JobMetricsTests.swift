import BarcodeTracking
import Foundation
import LiveView
import TestSupport
import Testing

/// The job's counters in Prometheus' text format, and their two servers.
struct JobMetricsTests {
    static func result(_ number: Int, dropped: Int = 0) -> ScanFrameResult {
        ScanFrameResult(frameNumber: number, time: Double(number) / 30, frameSize: Size(width: 64, height: 48),
                        tracks: [], added: [], updated: [], removed: [], newlyRecognized: [], recognizedCount: 0,
                        droppedFramesSinceLastResult: dropped)
    }

    /// The samples of an exposition by name and labels, checking that every sample follows a `# TYPE`.
    static func samples(_ text: String) throws -> [String: Double] {
        var samples: [String: Double] = [:]
        var typed: Set<String> = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("# TYPE ") { typed.insert(String(line.split(separator: " ")[2])); continue }
            if line.hasPrefix("#") { continue }
            let parts = line.split(separator: " ")
            try #require(parts.count == 2, "a sample is a name and a value: \(line)")
            let name = String(parts[0])
            let family = name.prefix { $0 != "{" }
            #expect(typed.contains(String(family)) || typed.contains { family.hasPrefix($0 + "_") }, "\(name) has a TYPE line")
            let value: Double? = Double(String(parts[1]))
            let number = try #require(value)
            samples[name] = number
        }
        return samples
    }

    /// A GET on a thread of its own: the server's handlers need the shared pool, which blocking
    /// tests beside this one may fill.
    static func get(_ path: String, port: Int) async throws -> (status: Int, head: String, text: String) {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result {
                    // The server answers from the shared pool, which other tests may hold for a while.
                    let response = try LoopbackHTTP.request("GET", path, port: port, readFor: 60) { Self.isComplete($0) }
                    return (response.status, response.head, response.text)
                })
            }.start()
        }
    }

    /// Whether `bytes` hold a whole response: the head and as many body bytes as its Content-Length says.
    static func isComplete(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return false }
        let head = text[..<end.lowerBound].lowercased()
        guard let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
              let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) else { return false }
        return text.utf8.count - text[..<end.upperBound].utf8.count >= length
    }

    @Test("Frames, drops, latency buckets, pallets by status and deliveries are counted; outbox metrics appear once an outbox reports")
    func countsAndBuckets() throws {
        let metrics = JobMetrics()
        metrics.frameProcessed(Self.result(1), latency: 0.004)
        metrics.frameProcessed(Self.result(4, dropped: 2), latency: 0.04)
        metrics.frameProcessed(Self.result(5), latency: nil)
        metrics.frameSkipped()
        metrics.palletRecorded(status: "complete")
        metrics.palletRecorded(status: "short")
        metrics.palletRecorded(status: "complete")
        var samples = try Self.samples(metrics.text())
        #expect(samples["track_frames_processed_total"] == 3)
        #expect(samples["track_frames_dropped_total"] == 2)
        #expect(samples["track_frames_skipped_total"] == 1)
        #expect(samples["track_frame_latency_seconds_bucket{le=\"0.005\"}"] == 1)
        #expect(samples["track_frame_latency_seconds_bucket{le=\"0.033\"}"] == 1)
        #expect(samples["track_frame_latency_seconds_bucket{le=\"0.05\"}"] == 2)
        #expect(samples["track_frame_latency_seconds_bucket{le=\"+Inf\"}"] == 2)
        #expect(samples["track_frame_latency_seconds_count"] == 2)
        #expect(abs((samples["track_frame_latency_seconds_sum"] ?? 0) - 0.044) < 1e-9)
        #expect(samples["track_pallets_total{status=\"complete\"}"] == 2)
        #expect(samples["track_pallets_total{status=\"short\"}"] == 1)
        #expect(samples["track_outbox_depth"] == nil)
        metrics.reportOutboxDepth { 5 }
        metrics.deliveryFailed()
        metrics.delivered(lag: 0.3)
        samples = try Self.samples(metrics.text())
        #expect(samples["track_outbox_depth"] == 5)
        #expect(samples["track_delivery_failures_total"] == 1)
        #expect(samples["track_deliveries_total"] == 1)
        #expect(samples["track_delivery_lag_seconds_bucket{le=\"0.1\"}"] == 0)
        #expect(samples["track_delivery_lag_seconds_bucket{le=\"0.5\"}"] == 1)
    }

    @Test("The metrics server answers /metrics with the exposition and 404 elsewhere; a port in use is a clear error")
    func metricsServer() async throws {
        let metrics = JobMetrics()
        metrics.frameProcessed(Self.result(1), latency: 0.01)
        let server = MetricsServer(metrics: metrics, host: "127.0.0.1", port: 0)
        let url = try await server.start()
        let port = try #require(Int(url.split(separator: ":").last?.split(separator: "/").first ?? ""))
        let response = try await Self.get("/metrics", port: port)
        #expect(response.status == 200)
        #expect(response.head.lowercased().contains("content-type: text/plain; version=0.0.4"))
        #expect(try Self.samples(response.text)["track_frames_processed_total"] == 1)
        #expect(try await Self.get("/", port: port).status == 404)
        let second = MetricsServer(metrics: metrics, host: "127.0.0.1", port: port)
        await #expect(throws: LiveViewError.self) { _ = try await second.start() }
        await server.stop()
    }
}
