import Foundation
import Glibc
import TestSupport
import Testing

/// `track station --sink`: records delivered to a real webhook receiver through the outbox.
struct StationSinkTests {
    @Test("Every pallet record reaches the webhook once in effect, in order, with the token, through a 500 and a dropped connection",
          .timeLimit(.minutes(5)))
    func palletsReachTheWebhook() async throws {
        let receiver = try await WebhookReceiver()
        receiver.failing { $0 == 1 ? .status(500) : $0 == 3 ? .dropConnection : nil }
        try TemporaryFiles.withDirectory { folder in
            let output = folder.appendingPathComponent("pallets.jsonl").path
            let outbox = folder.appendingPathComponent("outbox").path
            let run = try TrackProcess.run(["station"] + StationCommandTests.scene + [
                "--frames", "320", "--station", "e2e", "--state", folder.appendingPathComponent("s.json").path,
                "--format", "jsonl", "--output", output, "--sink", receiver.url, "--outbox", outbox, "--sink-timeout", "2",
            ], environment: ["TRACK_SINK_TOKEN": "t0ken"], timeout: 600)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(!run.stderr.contains("t0ken"), "the token is never printed")
            let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map(String.init)
            let pallets = lines.filter { $0.hasPrefix("{\"type\":\"pallet\"") }
            try #require(pallets.count >= 2)
            let uuids = try pallets.map { try #require(try jsonObject($0)["uuid"] as? String) }
            #expect(receiver.keys == uuids, "each record delivered, in order")
            #expect(receiver.accepted.count == uuids.count, "none taken twice")
            #expect(receiver.accepted.map(\.body) == pallets, "the body is the record's line")
            #expect(receiver.accepted.allSatisfy { $0.authorization == "Bearer t0ken" })
            #expect(receiver.requests >= uuids.count + 2)
            let status = try TrackProcess.run(["outbox", "status", "--format", "json", outbox])
            #expect(status.stdout.hasPrefix("{\"pending\":0,"), "\(status.stdout)")
        }
        await receiver.stop()
    }

    @Test("With the sink down and the outbox full, records still reach the station's own output, marked as not queued",
          .timeLimit(.minutes(5)))
    func fullOutboxKeepsTheCount() async throws {
        let receiver = try await WebhookReceiver()
        receiver.failing { _ in .status(503) }
        try TemporaryFiles.withDirectory { folder in
            let outbox = folder.appendingPathComponent("outbox").path
            // 1 KiB: room for a record or two, not for all of them.
            let run = try TrackProcess.run(["station"] + StationCommandTests.scene + [
                "--frames", "320", "--station", "e2e", "--state", folder.appendingPathComponent("s.json").path,
                "--format", "jsonl", "--sink", receiver.url, "--outbox", outbox, "--outbox-max", "0.001",
            ], timeout: 600)
            #expect(run.status == 0, "\(run.stderr)")
            let pallets = try run.objects(ofType: "pallet")
            try #require(pallets.count >= 2)
            let refused = pallets.filter { ($0["warnings"] as? [String] ?? []).contains { $0.contains("not queued for delivery") && $0.contains("--outbox-max") } }
            #expect(!refused.isEmpty)
            #expect(run.stderr.contains("WARNING"))
            let export = try TrackProcess.run(["outbox", "export", outbox])
            let queued = try export.lines.map { try jsonObject($0)["uuid"] as? String }
            #expect(!queued.isEmpty)
            #expect(queued.count + refused.count == pallets.count, "every record is queued or marked, none lost")
            #expect(queued == pallets.prefix(queued.count).map { $0["uuid"] as? String }, "the queued records, oldest first, wait for the next start")
        }
        await receiver.stop()
    }

    @Test("Every pallet record of a station is one row in PostgreSQL, with the fields and codes of the line it wrote",
          .enabled(if: PostgresCluster.shouldRun, PostgresCluster.skipReason), .timeLimit(.minutes(5)))
    func palletsReachPostgres() async throws {
        try await PostgresCluster.with { cluster in
            let folder = try TemporaryFiles.directory()
            defer { try? FileManager.default.removeItem(at: folder) }
            let output = folder.appendingPathComponent("pallets.jsonl").path
            let run = try await Self.runOffThePool(["station"] + StationCommandTests.scene + [
                "--frames", "320", "--station", "e2e", "--state", folder.appendingPathComponent("s.json").path,
                "--format", "jsonl", "--output", output, "--sink", cluster.url(), "--outbox", folder.appendingPathComponent("outbox").path,
            ], environment: ["PGPASSWORD": cluster.password])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(!run.stderr.contains(cluster.password), "the password is never printed")
            let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map(String.init)
            let pallets = try lines.filter { $0.hasPrefix("{\"type\":\"pallet\"") }.map(jsonObject)
            try #require(pallets.count >= 2)
            let expected = pallets.map { pallet in
                ["\(pallet["uuid"] ?? "")", "e2e", "\(pallet["pallet"] ?? "")", "\(pallet["count"] ?? "")", "\((pallet["codes"] as? [Any])?.count ?? -1)"]
            }
            let rows = try await cluster.query("""
                SELECT uuid, station, number, code_count, (SELECT count(*) FROM pallet_codes c WHERE c.pallet = p.uuid)
                FROM pallets p ORDER BY number
                """)
            #expect(rows == expected)
            let report = try await Self.runOffThePool(["report", "--sink", cluster.url(), "--format", "jsonl"],
                                                      environment: ["PGPASSWORD": cluster.password])
            #expect(report.status == 0, "\(report.stderr)")
            let shifts = try report.lines.map(jsonObject)
            #expect(shifts.allSatisfy { $0["station"] as? String == "e2e" })
            #expect(shifts.compactMap { $0["pallets"] as? Int }.reduce(0, +) == pallets.count, "\(report.stdout)")
        }
    }

    @Test("A PostgreSQL sink that refuses the password stops the station at start with status 5, naming PGPASSWORD",
          .enabled(if: PostgresCluster.shouldRun, PostgresCluster.skipReason), .timeLimit(.minutes(5)))
    func wrongPostgresPassword() async throws {
        try await PostgresCluster.with { cluster in
            let folder = try TemporaryFiles.directory()
            defer { try? FileManager.default.removeItem(at: folder) }
            let run = try await Self.runOffThePool([
                "station", "--demo", "--frames", "5", "--state", folder.appendingPathComponent("s.json").path,
                "--sink", cluster.url(), "--outbox", folder.appendingPathComponent("outbox").path,
            ], environment: ["PGPASSWORD": "not-it"])
            #expect(run.status == 5)
            #expect(run.stderr.contains("refused the password") && run.stderr.contains("PGPASSWORD"), "\(run.stderr)")
        }
    }

    /// `TrackProcess.run` on a thread of its own: it waits for track, and a wait on the cooperative
    /// pool (two threads here) would hold up every other test's async work meanwhile.
    static func runOffThePool(_ arguments: [String], environment: [String: String]) async throws -> TrackProcess.Outcome {
        let (status, stdout, stderr) = try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result {
                    let run = try TrackProcess.run(arguments, environment: environment, timeout: 600)
                    return (run.status, run.stdout, run.stderr)
                })
            }
        }
        return TrackProcess.Outcome(status: status, stdout: stdout, stderr: stderr)
    }

    @Test("A station killed with SIGKILL while it delivers loses no record: the next start delivers the rest, each once in effect, and numbering goes on",
          .timeLimit(.minutes(5)))
    func killedWhileDeliveringThenRestarted() async throws {
        let receiver = try await WebhookReceiver()
        // Every request hangs for 3 s, then the connection drops: records wait in the outbox, one in flight.
        receiver.failing { _ in .stall(seconds: 3) }
        // Reading track's output blocks: on a thread of its own, not the shared pool's.
        try await onOwnThread("sigkill-test") {
        try TemporaryFiles.withDirectory { folder in
            let outbox = folder.appendingPathComponent("outbox").path
            let state = folder.appendingPathComponent("s.json").path
            let options = ["--station", "e2e", "--state", state, "--format", "jsonl", "--sink", receiver.url, "--outbox", outbox, "--sink-timeout", "10"]
            let (process, out) = try TrackProcess.start(["station"] + StationCommandTests.scene + ["--frames", "320"] + options)
            var text = ""
            var killed: [String] = []
            while killed.count < 2 {
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
                // Complete lines only: the record's line is written after it is safe in the outbox.
                killed = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
                    .filter { $0.hasPrefix("{\"type\":\"pallet\"") }
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try #require(killed.count >= 2, "the first run wrote \(killed.count) pallet record(s) before the kill")
            #expect(receiver.keys.isEmpty)

            receiver.failing { _ in nil }
            let run = try TrackProcess.run(["station"] + StationCommandTests.scene + ["--frames", "20"] + options, timeout: 600)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("of an earlier run"), "\(run.stderr)")
            let first = try killed.map { try #require(try jsonObject($0)["uuid"] as? String) }
            let after = try run.objects(ofType: "pallet")
            #expect(receiver.keys == first + after.compactMap { $0["uuid"] as? String }, "every record written, in order, none lost")
            #expect(Set(receiver.accepted.compactMap(\.key)).count == receiver.keys.count)
            let numbers = try killed.map { try #require(try jsonObject($0)["pallet"] as? Int) }
            #expect(after.compactMap { $0["pallet"] as? Int }.allSatisfy { $0 > numbers.max()! }, "numbering goes on after the kill")
        }
        }
        await receiver.stop()
    }

    @Test("A sink that is not an http(s) URL is refused at start with status 64")
    func badSinkURL() throws {
        let run = try TrackProcess.run(["station", "--demo", "--frames", "5", "--sink", "postgress://db/x"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("http:// or https://"), "\(run.stderr)")
    }
}
