import Foundation
import TestSupport
import Testing

/// `track station --sink` with its outbox on a disk that is full, or fills up while it runs: a
/// tmpfs of one page (``TinyFileSystem``; why a tmpfs is said there).
@Suite(.enabled(if: TinyFileSystem.isAvailable, TinyFileSystem.skipReason))
struct OutboxFullDiskTests {
    @Test(
        "An outbox on a full disk stops the station at start with status 5, naming the folder, the disk full and what to do",
        .timeLimit(.minutes(5)))
    func fullAtStart() async throws {
        let disk = try TinyFileSystem(bytes: 4096)
        defer { disk.remove() }
        try disk.fill()
        let folder = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outbox = disk.path + "/outbox"
        let run = try await StationSinkTests.runOffThePool(
            [
                "station", "--demo", "--frames", "5", "--state", folder.appendingPathComponent("s.json").path,
                "--sink", "http://127.0.0.1:9/pallets", "--outbox", outbox,
            ], environment: [:])
        run.expectFailure(status: 5, mentioning: "--outbox: cannot write to the outbox folder \(outbox): no space left on device")
        #expect(run.stderr.contains("free space"), "\(run.stderr)")
        #expect(run.stdout.isEmpty, "no frame before the outbox is usable: \(run.stdout)")
    }

    @Test("retry on an outbox whose disk is full exits with 5, naming the folder, and leaves the records waiting", .timeLimit(.minutes(2)))
    func retryOnAFullDisk() async throws {
        let disk = try TinyFileSystem(bytes: 8192)
        defer { disk.remove() }
        let outbox = disk.path + "/outbox"
        _ = try OutboxRetryTests.outbox(at: outbox, count: 2)
        try disk.fill()
        let retry = try await StationSinkTests.runOffThePool(
            ["outbox", "retry", outbox, "--sink", "http://127.0.0.1:9/pallets"], environment: [:])
        retry.expectFailure(status: 5, mentioning: "cannot write to the outbox folder \(outbox): no space left on device")
        let status = try await StationSinkTests.runOffThePool(["outbox", "status", "--format", "json", outbox], environment: [:])
        #expect(status.stdout.hasPrefix("{\"pending\":2,"), "\(status.stdout)")
    }

    @Test(
        "A disk that fills up while the station runs: every record still reaches standard output, those not queued say so, and every frame is processed",
        .timeLimit(.minutes(5)))
    func fillsUpWhileRunning() async throws {
        let receiver = try await WebhookReceiver()
        receiver.failing { _ in .status(503) }
        let disk = try TinyFileSystem(bytes: 4096)
        defer { disk.remove() }
        let folder = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Forty manifest lines that no pallet carries make each record list them as missing, some
        // 3 KB: the first record fits the one page, the second does not.
        let manifest = try TemporaryFiles.write(
            Array(("payload\n" + (1...40).map { "NOT-ON-ANY-PALLET-\($0)\n" }.joined()).utf8),
            to: "manifest.csv", in: folder)
        let outbox = disk.path + "/outbox"
        let run = try await StationSinkTests.runOffThePool(
            ["station"] + StationCommandTests.scene + [
                "--frames", "320", "--station", "e2e", "--state", folder.appendingPathComponent("s.json").path, "--manifest", manifest,
                "--format", "jsonl", "--sink", receiver.url, "--outbox", outbox, "--sink-timeout", "2",
            ], environment: [:])
        #expect(run.status == 0, "\(run.stderr)")
        let pallets = try run.objects(ofType: "pallet")
        try #require(pallets.count >= 2)
        let notQueued = pallets.filter { pallet in
            (pallet["warnings"] as? [String] ?? []).contains {
                $0.contains("not queued for delivery") && $0.contains("no space left on device")
            }
        }
        #expect(!notQueued.isEmpty, "\(run.stderr)")
        #expect(
            run.stderr.contains("WARNING: not queued for delivery") && run.stderr.contains(outbox) && run.stderr.contains("free space"),
            "\(run.stderr)")
        let summary = try #require(try run.objects(ofType: "summary").first)
        #expect(summary["frames"] as? Int == 320, "frame processing went on: \(summary)")
        let export = try await StationSinkTests.runOffThePool(["outbox", "export", outbox], environment: [:])
        let queued = try export.lines.map { try jsonObject($0)["uuid"] as? String }
        #expect(!queued.isEmpty, "the records written before the disk filled are kept")
        #expect(queued.count + notQueued.count == pallets.count, "every record is queued or marked, none lost")
        #expect(queued == pallets.prefix(queued.count).map { $0["uuid"] as? String })
        await receiver.stop()
    }
}
