import Foundation
import PalletDelivery
import PalletOutbox
import Synchronization
import TestSupport
import Testing

/// The PostgreSQL sink against a real server (a throwaway cluster per test, see ``PostgresCluster``).
/// The time limits are generous: the full suite runs on two busy cores.
@Suite(.enabled(if: PostgresCluster.shouldRun, PostgresCluster.skipReason))
struct PostgresSinkTests {
    @Test(
        "Records appended to the outbox reach the database: one pallet row each with its fields, its codes with their verdicts, the shift view",
        .timeLimit(.minutes(3)))
    func recordsReachTheDatabaseWithTheirFieldsAndCodes() async throws {
        let items = [
            PalletRecordLines.record(number: 1, expected: 3),
            PalletRecordLines.record(number: 2, codes: 2, expected: 3, manifest: true),
            PalletRecordLines.record(number: 3, station: "dock-4", codes: 4, expected: 3),
        ]
        try await Self.withOutbox(holding: items) { cluster, outbox, _ in
            // Shifts are by the session's time zone; this database's is UTC, whatever the machine's.
            try await cluster.query("ALTER DATABASE \(cluster.database) SET timezone TO 'UTC'")
            let sink = try Self.sink(cluster)
            try await sink.prepare()
            let delivery = OutboxDelivery(outbox: outbox, sink: sink, configuration: quickRetries())
            delivery.start()
            #expect(await delivery.finish(within: .seconds(120)))
            #expect(delivery.statistics.delivered == 3)

            let pallets = try await cluster.query(
                """
                SELECT uuid, station, number, code_count, expected_count, coalesce(expect_status, ''), closed_by,
                       to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), coalesce(manifest_reference, ''),
                       coalesce(manifest_exact::text, ''), coalesce(manifest_missing::text, ''), record ->> 'uuid'
                FROM pallets ORDER BY number
                """)
            #expect(pallets.map { $0[0] } == items.map(\.key))
            #expect(pallets.map { $0[1] } == ["dock-3", "dock-3", "dock-4"])
            #expect(pallets.map { $0[2] } == ["1", "2", "3"])
            #expect(pallets.map { $0[3] } == ["3", "2", "4"])
            #expect(pallets.map { $0[5] } == ["complete", "short", "over"])
            #expect(pallets.allSatisfy { $0[4] == "3" && $0[6] == "gap" && $0[7] == "2026-12-06 09:15:00.000" })
            #expect(pallets.map { $0[8] } == ["", "SO-2", ""])
            #expect(pallets.map { $0[9] } == ["", "false", ""])
            #expect(pallets.map { $0[10] } == ["", "1", ""])
            #expect(pallets.map { $0[11] } == items.map(\.key), "the whole record is kept as jsonb")

            let codes = try await cluster.query(
                """
                SELECT p.number, c.ordinal, c.payload, c.symbology, c.read_count, coalesce(c.manifest_verdict, ''),
                       to_char(c.first_seen_at AT TIME ZONE 'UTC', 'HH24:MI:SS.MS')
                FROM pallet_codes c JOIN pallets p ON p.uuid = c.pallet ORDER BY p.number, c.ordinal
                """)
            #expect(codes.count == 9)
            #expect(codes.first == ["1", "1", "4012345600010", "ean13", "20", "", "09:15:00.000"])
            #expect(codes.filter { $0[0] == "2" }.map { $0[5] } == ["correct", "unexpected"])
            #expect(codes.filter { $0[0] == "3" }.map { $0[6] } == ["09:15:00.000", "09:15:00.500", "09:15:01.000", "09:15:01.500"])

            let shifts = try await cluster.query(
                """
                SELECT station, shift, pallets, pallets_complete, pallets_short, pallets_over, manifest_discrepancies, codes
                FROM pallets_per_station_shift ORDER BY station
                """)
            #expect(shifts == [["dock-3", "2", "2", "1", "1", "0", "1", "5"], ["dock-4", "2", "1", "0", "0", "1", "0", "4"]])
            let discrepancies = try await cluster.query("SELECT number, kind, payload FROM manifest_discrepancies ORDER BY kind")
            #expect(discrepancies == [["2", "missing", "9999"], ["2", "unexpected", "4012345600021"]])

            let summaries = try await sink.shiftSummaries(days: 3650)
            #expect(summaries.map(\.station) == ["dock-3", "dock-4"])
            #expect(
                summaries.first
                    == ShiftSummary(
                        station: "dock-3", shiftStart: "2026-12-06 08:00", shift: 2, pallets: 2, complete: 1, short: 1, over: 0,
                        manifestDiscrepancies: 1, codes: 5, codesPerHour: 0.6))
            #expect(try await sink.shiftSummaries(days: 3650, station: "dock-4").map(\.pallets) == [1])
        }
    }

    @Test(
        "The same record delivered twice, or another record with its UUID, leaves one pallet row and its codes once",
        .timeLimit(.minutes(3)))
    func aRepeatedDeliveryAddsNothing() async throws {
        let first = PalletRecordLines.record(number: 7)
        let changed = PalletRecordLines.record(number: 8, codes: 5)
        try await Self.withOutbox(holding: [first, (changed.payload, first.key)]) { cluster, outbox, _ in
            let records = try outbox.pending(limit: 2)
            let sink = try Self.sink(cluster)
            try await sink.prepare()
            try await sink.deliver(records[0])
            try await sink.deliver(records[0])
            try await sink.deliver(records[1])
            await sink.shutdown()
            #expect(try await cluster.query("SELECT uuid, number, code_count FROM pallets") == [[first.key, "7", "3"]])
            #expect(try await cluster.query("SELECT count(*) FROM pallet_codes") == [["3"]])
        }
    }

    @Test(
        "With the server stopped (pg_ctl stop -m fast) in the middle of 40 records and started again, every record is stored exactly once",
        .timeLimit(.minutes(3)))
    func everyRecordIsStoredOnceThroughAnOutage() async throws {
        let items = (1...40).map { PalletRecordLines.record(number: $0) }
        try await Self.withOutbox(holding: items) { cluster, outbox, _ in
            let sink = try Self.sink(cluster, timeout: 5)
            try await sink.prepare()
            // Holds the 11th record until the server is down, so that the outage surely falls mid-stream.
            let gated = GatedSink(sink, holdingAfter: 10)
            let delivery = OutboxDelivery(outbox: outbox, sink: gated, configuration: quickRetries())
            delivery.start()
            try await gated.waitUntilHeld()
            try await cluster.stop()
            gated.release()
            try await Task.sleep(for: .seconds(3))
            try await cluster.start()
            #expect(await delivery.finish(within: .seconds(120)), "\(cluster.log)")
            #expect(delivery.statistics.delivered == 40)
            #expect(delivery.statistics.failedAttempts >= 1, "the outage was seen")
            #expect(sink.connectionCount >= 2, "the sink connected again")
            let stored = try await cluster.query("SELECT uuid FROM pallets ORDER BY number").map { $0[0] }
            #expect(stored == items.map(\.key))
            #expect(
                try await cluster.query("SELECT count(*), count(DISTINCT (pallet, ordinal)) FROM pallet_codes") == [["120", "120"]])
        }
    }

    @Test("Records reach PostgreSQL, and the test sees them, while every thread of the shared pool is busy", .timeLimit(.minutes(3)))
    func recordsArriveWhileEveryPoolThreadIsBusy() async throws {
        let finished = Flag()
        // One busy task per pool thread, each spinning until the work is done or 60 s after it began.
        let spinners = PoolSpinners.start(until: finished, atMost: .seconds(60))
        let items = (1...5).map { PalletRecordLines.record(number: $0) }
        try await Self.withOutbox(holding: items) { cluster, outbox, _ in
            defer { finished.set() }
            let sink = try Self.sink(cluster)
            try await sink.prepare()
            let delivery = OutboxDelivery(outbox: outbox, sink: sink, configuration: quickRetries())
            delivery.start()
            #expect(await delivery.finish(within: .seconds(60)))
            #expect(try await cluster.query("SELECT count(*) FROM pallets") == [["5"]])
        }
        let doneWhileBusy = await PoolSpinners.allSawDone(spinners)
        #expect(doneWhileBusy, "the work was done before the spinners gave up")
    }

    @Test(
        "A wrong password, no password, a missing database and an unreachable port are refused at start with what to do",
        .timeLimit(.minutes(3)))
    func badSetupIsToldAtStart() async throws {
        try await PostgresCluster.with { cluster in
            let address = try Self.address(cluster)
            let wrong = await Self.prepareFailure(try PostgresSink(address: address, password: "not-it", timeout: 30))
            #expect(wrong.contains("refused the password of user 'track'") && wrong.contains("PGPASSWORD"), "\(wrong)")
            let none = await Self.prepareFailure(try PostgresSink(address: address, password: nil, timeout: 30))
            #expect(none.contains("asks user 'track' for a password") && none.contains("PGPASSWORD"), "\(none)")
            let missing = await Self.prepareFailure(
                try PostgresSink(
                    address: try Self.address(cluster, database: "absent"),
                    password: cluster.password, timeout: 30))
            #expect(missing.contains("has no database 'absent'") && missing.contains("createdb"), "\(missing)")
            try await cluster.stop()
            let down = await Self.prepareFailure(try PostgresSink(address: address, password: cluster.password, timeout: 30))
            #expect(down.contains("cannot reach PostgreSQL at 127.0.0.1:\(cluster.port)") && down.contains("start the server"), "\(down)")
        }
    }

    @Test(
        "The schema is migrated once: a second start keeps the rows and the version, and needs no right to create tables",
        .timeLimit(.minutes(3)))
    func theMigrationRunsOnce() async throws {
        let item = PalletRecordLines.record(number: 1)
        try await Self.withOutbox(holding: [item]) { cluster, outbox, _ in
            let first = try Self.sink(cluster)
            try await first.prepare()
            try await first.deliver(try outbox.pending(limit: 1)[0])
            await first.shutdown()
            let second = try Self.sink(cluster)
            try await second.prepare()
            await second.shutdown()
            #expect(try await cluster.query("SELECT version FROM track_schema_version") == [["1"]])
            #expect(try await cluster.query("SELECT uuid FROM pallets") == [[item.key]])

            // Once the tables are there, a user who may only insert and select delivers too.
            try await cluster.query("CREATE ROLE station LOGIN PASSWORD 'station-pw'")
            try await cluster.query("GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA public TO station")
            let limited = try PostgresSink(
                address: PostgresAddress(user: "station", host: "127.0.0.1", port: cluster.port, database: cluster.database),
                password: "station-pw", timeout: 30)
            try await limited.prepare()
            let next = PalletRecordLines.record(number: 2)
            try outbox.acknowledge(try outbox.pending(limit: 1)[0].sequence)
            try outbox.append(next.payload, key: next.key)
            try await limited.deliver(try outbox.pending(limit: 1)[0])
            await limited.shutdown()
            #expect(try await cluster.query("SELECT number FROM pallets ORDER BY number") == [["1"], ["2"]])
        }
    }

    @Test("Four stations starting together on an empty database all start, and the schema is migrated once", .timeLimit(.minutes(3)))
    func stationsStartingTogetherMigrateOnce() async throws {
        try await PostgresCluster.with { cluster in
            let address = try Self.address(cluster)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        let sink = try PostgresSink(address: address, password: cluster.password, timeout: 60)
                        try await sink.prepare()
                        await sink.shutdown()
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await cluster.query("SELECT version FROM track_schema_version") == [["1"]])
        }
    }

    @Test("A record the database cannot read is refused for good and set aside; the next one is stored", .timeLimit(.minutes(3)))
    func aRecordThatIsNotJSONIsRefusedForGood() async throws {
        let good = PalletRecordLines.record(number: 2)
        let notJSON = (payload: Array("{\"type\":\"pallet\",".utf8), key: UUID().uuidString.lowercased())
        try await Self.withOutbox(holding: [notJSON, good]) { cluster, outbox, folder in
            let sink = try Self.sink(cluster)
            let errors = Mutex<[DeliveryError]>([])
            let delivery = OutboxDelivery(outbox: outbox, sink: sink, configuration: quickRetries()) { event in
                if case .rejected(_, let error) = event { errors.withLock { $0.append(error) } }
            }
            delivery.start()
            #expect(await delivery.finish(within: .seconds(120)))
            #expect(delivery.statistics.rejected == 1)
            #expect(errors.withLock { $0.first?.message.contains("refused the record") } == true)
            #expect(try await cluster.query("SELECT uuid FROM pallets") == [[good.key]])
            #expect(FileManager.default.fileExists(atPath: folder + "/rejected.jsonl"))
        }
    }

    /// Records per second through the PostgreSQL sink into a loopback server (fsync off), and the
    /// CPU time of this process per record. Run by hand:
    /// `DELIVERY_MEASURE=1 swift test --skip-build --filter recordsPerSecondIntoPostgreSQL`.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DELIVERY_MEASURE"] != nil), .timeLimit(.minutes(3)))
    func recordsPerSecondIntoPostgreSQL() async throws {
        let count = 2000
        let items = (1...count).map { number in
            PalletRecordLines.record(number: number, codes: 5, expected: 5, manifest: number % 2 == 0)
        }
        try await Self.withOutbox(holding: items) { cluster, outbox, _ in
            let sink = try Self.sink(cluster)
            try await sink.prepare()
            let delivery = OutboxDelivery(outbox: outbox, sink: sink)
            let (finished, seconds, cpu) = await WebhookSinkTests.timed(delivery, within: .seconds(150))
            #expect(finished)
            print(
                "postgres: \(count) records of 5 codes in \(String(format: "%.2f", seconds)) s: \(Int(Double(count) / seconds)) records/s, "
                    + "\(String(format: "%.0f", cpu / Double(count) * 1e6)) µs CPU per record in this process "
                    + "(sink, postgres-nio, acknowledgement fsync; the server's own CPU not counted), "
                    + "\(ProcessInfo.processInfo.activeProcessorCount) cores")
            #expect(try await cluster.query("SELECT count(*) FROM pallets") == [["\(count)"]])
        }
    }

    /// Runs `body` with a throwaway cluster and an outbox, in a scratch folder, that holds `items` in order.
    static func withOutbox(
        holding items: [(payload: [UInt8], key: String)],
        _ body: (PostgresCluster, Outbox, String) async throws -> Void
    ) async throws {
        try await PostgresCluster.with { cluster in
            try await withTemporaryFolder { folder in
                let outbox = try Outbox(directory: folder)
                for item in items { try outbox.append(item.payload, key: item.key) }
                try await body(cluster, outbox, folder)
            }
        }
    }

    /// A sink into `cluster`'s database, as the user the cluster was made for.
    static func sink(_ cluster: PostgresCluster, timeout: Double = 30) throws -> PostgresSink {
        try PostgresSink(address: try address(cluster), password: cluster.password, timeout: timeout)
    }

    static func address(_ cluster: PostgresCluster, database: String? = nil) throws -> PostgresAddress {
        guard case .postgres(let address) = try SinkAddress(parsing: cluster.url(database: database)) else {
            throw PostgresCluster.Failure("not a postgres address")
        }
        return address
    }

    /// The message `prepare()` throws, or "" when it succeeds.
    static func prepareFailure(_ sink: PostgresSink) async -> String {
        var message = ""
        do { try await sink.prepare() } catch { message = error.message }
        await sink.shutdown()
        return message
    }
}

/// A sink that delivers through another and holds the record after the first `count` until released.
final class GatedSink: PalletSink {
    private let base: any PalletSink
    private let count: Int
    private let state = Mutex((delivered: 0, released: false))

    init(_ base: any PalletSink, holdingAfter count: Int) {
        self.base = base
        self.count = count
    }

    var destination: String { base.destination }

    func deliver(_ record: OutboxRecord) async throws(DeliveryError) {
        while state.withLock({ $0.delivered >= count && !$0.released }) {
            try? await Task.sleep(for: .milliseconds(10))
        }
        try await base.deliver(record)
        state.withLock { $0.delivered += 1 }
    }

    func shutdown() async { await base.shutdown() }

    /// Returns once `count` records went through and the next is held.
    func waitUntilHeld() async throws {
        while state.withLock({ $0.delivered < count }) { try await Task.sleep(for: .milliseconds(10)) }
    }

    /// Lets the held record and the rest go.
    func release() { state.withLock { $0.released = true } }
}
