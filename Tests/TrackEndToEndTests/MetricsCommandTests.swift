import Foundation
import Glibc
import TestSupport
import Testing

/// `track station --metrics ADDRESS:PORT`: the counters a Prometheus server scrapes while the station runs.
struct MetricsCommandTests {
    @Test("A running station serves its counters at /metrics: frames, latency and pallets grow between scrapes, and match the records",
          .timeLimit(.minutes(5)))
    func stationServesMetrics() async throws {
        // Waiting for track's output blocks: on a thread of its own, not the shared pool's.
        try await onOwnThread("metrics-test") {
        try TemporaryFiles.withDirectory { folder in
            let process = Process()
            process.executableURL = TrackProcess.executable
            process.arguments = ["station"] + StationCommandTests.scene + [
                "--frames", "400", "--station", "e2e", "--state", folder.appendingPathComponent("s.json").path,
                "--format", "jsonl", "--output", folder.appendingPathComponent("pallets.jsonl").path, "--metrics", "127.0.0.1:0",
            ]
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            let first = String(decoding: TrackProcess.firstLine(of: errors), as: UTF8.self)
            try #require(first.hasPrefix("metrics at http://127.0.0.1:"), "\(first)")
            let port = try #require(Int(first.split(separator: ":").last?.split(separator: "/").first ?? ""))
            var scrapes: [[String: Double]] = []
            while process.isRunning, scrapes.count < 2 {
                let response = try LoopbackHTTP.request("GET", "/metrics", port: port)
                #expect(response.status == 200)
                let samples = try Self.samples(response.text)
                if (samples["track_frames_processed_total"] ?? 0) > (scrapes.last?["track_frames_processed_total"] ?? 0) { scrapes.append(samples) }
                usleep(500_000)
            }
            try #require(scrapes.count == 2, "two scrapes while the station ran")
            #expect(scrapes[1]["track_frames_processed_total"]! > scrapes[0]["track_frames_processed_total"]!)
            #expect(scrapes[1]["track_frame_latency_seconds_count"]! >= scrapes[0]["track_frame_latency_seconds_count"]!)
            #expect(scrapes[1]["track_frame_latency_seconds_bucket{le=\"+Inf\"}"] == scrapes[1]["track_frame_latency_seconds_count"])
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            let records = try String(contentsOfFile: folder.appendingPathComponent("pallets.jsonl").path, encoding: .utf8)
                .split(separator: "\n").filter { $0.hasPrefix("{\"type\":\"pallet\"") }.count
            let pallets = scrapes[1]["track_pallets_total{status=\"none\"}"] ?? 0
            #expect(pallets <= Double(records), "pallets counted by the last scrape (\(pallets)) are among the \(records) recorded")
        }
        }
    }

    /// Samples by name and labels, from Prometheus' text format.
    static func samples(_ text: String) throws -> [String: Double] {
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            try #require(parts.count == 2, "\(line)")
            let value: Double? = Double(String(parts[1]))
            let number = try #require(value)
            samples[String(parts[0])] = number
        }
        return samples
    }
}
