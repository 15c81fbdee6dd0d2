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

    @Test("A --metrics port already in use stops the job before the first frame with status 64, naming --metrics", .timeLimit(.minutes(5)))
    func metricsPortInUse() async throws {
        let receiver = try await WebhookReceiver()
        let port = receiver.port
        let (status, stdout, stderr) = try await onOwnThread("metrics-port-test") {
            let run = try TrackProcess.run(["--demo", "--frames", "5", "--format", "jsonl", "--metrics", "127.0.0.1:\(port)"], timeout: 300)
            return (run.status, run.stdout, run.stderr)
        }
        let run = TrackProcess.Outcome(status: status, stdout: stdout, stderr: stderr)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("--metrics: cannot serve metrics on 127.0.0.1:\(port)"), "\(run.stderr)")
        #expect(try run.objects(ofType: "summary").count == 1, "the output still ends with its summary")
        #expect(try run.objects(ofType: "frame").isEmpty, "no frame was processed")
        await receiver.stop()
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
