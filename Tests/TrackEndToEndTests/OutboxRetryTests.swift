import Foundation
import Glibc
import PalletOutbox
import TestSupport
import Testing

/// `track outbox retry`: what a station left in its outbox, delivered by hand with the station's delivery.
struct OutboxRetryTests {
    /// Runs the station scene against `receiver` (failing every request, so that every record
    /// stays in `outbox`) and returns the UUIDs of the pallet records it wrote, in order.
    static func stationWithSinkDown(_ receiver: WebhookReceiver, outbox: String, folder: URL) async throws -> [String] {
        receiver.failing { _ in .status(503) }
        let run = try await StationSinkTests.runOffThePool(
            ["station"] + StationCommandTests.scene + [
                "--frames", "320", "--station", "e2e", "--state", folder.appendingPathComponent("s.json").path,
                "--format", "jsonl", "--sink", receiver.url, "--outbox", outbox, "--sink-timeout", "2",
            ], environment: [:])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("track outbox retry \(outbox) --sink \(receiver.url)"), "the station names the way out: \(run.stderr)")
        let uuids = try run.objects(ofType: "pallet").compactMap { $0["uuid"] as? String }
        try #require(uuids.count >= 2)
        #expect(receiver.keys.isEmpty)
        return uuids
    }

    @Test(
        "Records a station wrote while its webhook was down wait through an unreachable sink (status 3), then retry delivers each exactly once",
        .timeLimit(.minutes(5)))
    func retryDeliversWhatTheStationLeft() async throws {
        let receiver = try await WebhookReceiver()
        // A port that nothing listens on any more: connections are refused.
        let gone = try await WebhookReceiver()
        await gone.stop()
        let folder = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outbox = folder.appendingPathComponent("outbox").path
        let uuids = try await Self.stationWithSinkDown(receiver, outbox: outbox, folder: folder)

        let unreachable = try await StationSinkTests.runOffThePool(
            ["outbox", "retry", outbox, "--sink", gone.url, "--timeout", "2"], environment: [:])
        #expect(unreachable.status == 3, "\(unreachable.stderr)")
        #expect(
            unreachable.stderr.contains(gone.url) && unreachable.stderr.contains("\(uuids.count) record(s) still wait in \(outbox)")
                && unreachable.stderr.contains("reachable"), "\(unreachable.stderr)")
        #expect(unreachable.stdout.contains("still waiting \(uuids.count)"), "\(unreachable.stdout)")
        let status = try await StationSinkTests.runOffThePool(["outbox", "status", "--format", "json", outbox], environment: [:])
        #expect(status.stdout.hasPrefix("{\"pending\":\(uuids.count),"), "\(status.stdout)")

        // The first request of the retry fails: it is retried, as by a station.
        let first = receiver.requests + 1
        receiver.failing { $0 == first ? .status(500) : nil }
        let retry = try await StationSinkTests.runOffThePool(
            ["outbox", "retry", outbox, "--sink", receiver.url],
            environment: ["TRACK_SINK_TOKEN": "t0ken"])
        #expect(retry.status == 0, "\(retry.stderr)")
        #expect(
            retry.stdout.contains("delivered \(uuids.count) record(s) to \(receiver.url), refused 0, still waiting 0"), "\(retry.stdout)")
        #expect(receiver.keys == uuids, "each record, in order")
        #expect(receiver.accepted.count == uuids.count, "none taken twice")
        #expect(receiver.accepted.allSatisfy { $0.authorization == "Bearer t0ken" })
        #expect(!retry.stderr.contains("t0ken"))

        let again = try await StationSinkTests.runOffThePool(["outbox", "retry", outbox, "--sink", receiver.url], environment: [:])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("no record waits"), "\(again.stdout)")
        #expect(receiver.accepted.count == uuids.count, "a second retry sends nothing")
        await receiver.stop()
    }

    @Test(
        "Records a station could not deliver to its webhook are retried into PostgreSQL: one row per record",
        .enabled(if: PostgresCluster.shouldRun, PostgresCluster.skipReason), .timeLimit(.minutes(5)))
    func retryIntoPostgres() async throws {
        let receiver = try await WebhookReceiver()
        try await PostgresCluster.with { cluster in
            let folder = try TemporaryFiles.directory()
            defer { try? FileManager.default.removeItem(at: folder) }
            let outbox = folder.appendingPathComponent("outbox").path
            let uuids = try await Self.stationWithSinkDown(receiver, outbox: outbox, folder: folder)
            let retry = try await StationSinkTests.runOffThePool(
                ["outbox", "retry", outbox, "--sink", cluster.url()],
                environment: ["PGPASSWORD": cluster.password])
            #expect(retry.status == 0, "\(retry.stderr)")
            #expect(!retry.stderr.contains(cluster.password) && !retry.stdout.contains(cluster.password))
            let rows = try await cluster.query("SELECT uuid FROM pallets ORDER BY number")
            #expect(rows.map { $0.first ?? "" } == uuids)
        }
        await receiver.stop()
    }

    @Test(
        "retry leaves an outbox that a running station holds to it, with status 75, and refuses a folder that is no outbox with 2",
        .timeLimit(.minutes(5)))
    func retryLeavesARunningStationAlone() async throws {
        let receiver = try await WebhookReceiver()
        // Waiting for the station blocks: on a thread of its own, not the shared pool's.
        try await onOwnThread("outbox-retry-busy") {
            try TemporaryFiles.withDirectory { folder in
                let outbox = folder.appendingPathComponent("outbox").path
                let (station, output) = try TrackProcess.start([
                    "station", "--demo", "--realtime", "--frames", "3000", "--state", folder.appendingPathComponent("s.json").path,
                    "--sink", receiver.url, "--outbox", outbox,
                ])
                defer {
                    kill(station.processIdentifier, SIGTERM)
                    _ = output.fileHandleForReading.readDataToEndOfFile()
                    station.waitUntilExit()
                }
                // The station opens (and locks) its outbox before its first frame; retry itself
                // waits a second for a lock that is busy.
                let lock = outbox + "/lock"
                for _ in 0..<600 where !FileManager.default.fileExists(atPath: lock) { usleep(50_000) }
                try #require(station.isRunning)
                let busy = try TrackProcess.run(["outbox", "retry", outbox, "--sink", receiver.url])
                #expect(busy.status == 75, "\(busy.stderr)")
                #expect(busy.stderr.contains("in use by a running station"), "\(busy.stderr)")

                let none = try TrackProcess.run(["outbox", "retry", folder.path, "--sink", receiver.url])
                none.expectFailure(status: 2, mentioning: "no outbox at \(folder.path)")
                #expect(!FileManager.default.fileExists(atPath: folder.path + "/lock"), "a folder that is no outbox is left as it was")
            }
        }
        await receiver.stop()
    }

    /// An outbox in `folder` holding `count` small records, laid out by the library as a station lays
    /// them out (quicker than running one where the records' content does not matter); their keys.
    static func outbox(at folder: String, count: Int) throws -> [String] {
        let outbox = try Outbox(directory: folder)
        defer { outbox.close() }
        return try (1...count).map { number in
            let key = UUID().uuidString.lowercased()
            try outbox.append(Array("{\"type\":\"pallet\",\"pallet\":\(number),\"uuid\":\"\(key)\"}".utf8), key: key)
            return key
        }
    }

    @Test("A record the receiver refuses for good is set aside, the rest delivered, and retry exits with 6", .timeLimit(.minutes(2)))
    func retryWithARefusedRecord() async throws {
        let receiver = try await WebhookReceiver()
        receiver.failing { $0 == 2 ? .status(422) : nil }
        let folder = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outbox = folder.appendingPathComponent("outbox").path
        let keys = try Self.outbox(at: outbox, count: 3)
        let retry = try await StationSinkTests.runOffThePool(["outbox", "retry", outbox, "--sink", receiver.url], environment: [:])
        #expect(retry.status == 6, "\(retry.stderr)")
        #expect(retry.stdout.contains("delivered 2 record(s) to \(receiver.url), refused 1, still waiting 0"), "\(retry.stdout)")
        #expect(retry.stderr.contains("\(outbox)/rejected.jsonl"), "\(retry.stderr)")
        #expect(receiver.keys == [keys[0], keys[2]])
        let rejected = try String(contentsOfFile: outbox + "/rejected.jsonl", encoding: .utf8)
        #expect(rejected.contains(keys[1]))
        await receiver.stop()
    }

    @Test("retry refuses a sink that is no http(s) or postgres URL, and a timeout of 0, with status 64")
    func retryRefusesBadArguments() throws {
        let badSink = try TrackProcess.run(["outbox", "retry", "/tmp", "--sink", "ftp://example/x"])
        badSink.expectFailure(status: 64, mentioning: "http:// or https://")
        let badTimeout = try TrackProcess.run(["outbox", "retry", "/tmp", "--sink", "http://127.0.0.1:9/x", "--timeout", "0"])
        badTimeout.expectFailure(status: 64, mentioning: "--timeout")
    }
}
