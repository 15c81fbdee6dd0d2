import Logging
public import PalletOutbox
import PostgresNIO
import Synchronization

/// Stores each record in a PostgreSQL database: a row in `pallets` (the whole record as `jsonb`
/// beside its main fields), a row per code in `pallet_codes`, the station in `stations`; and keeps
/// views for reports (`pallets_per_station_shift`, `manifest_discrepancies`). docs/delivery.md
/// describes the schema.
///
/// ``prepare()`` connects and creates or upgrades the tables (see `track_schema_version`), so that
/// a wrong password or a missing database shows at start. Each record is written in one
/// transaction, and only when its pallet's UUID is not there yet: a record delivered again after a
/// fault (the answer to its `COMMIT` lost) adds nothing.
///
/// A lost connection, a timeout or a server shutting down is retryable, and the next delivery
/// connects again. A record the database refuses as data (not JSON, a field of the wrong type:
/// SQLSTATE classes 22 and 23) is refused for good.
public final class PostgresSink: PalletSink {
    /// `postgres://user@host:port/database`, for messages.
    public let destination: String
    /// Where it writes.
    public let address: PostgresAddress
    private let configuration: PostgresConnection.Configuration
    /// How long a connection or a record's transaction may take.
    let timeout: Duration
    let logger = Logger(label: "track.postgres-sink", factory: { _ in SwiftLogNoOpLogHandler() })
    /// The open connection, if any. ``OutboxDelivery`` delivers one record at a time, so one is enough.
    private let connection = Mutex<PostgresConnection?>(nil)
    private let connectionsOpened = Atomic<Int>(0)

    /// A sink writing to `address` as its user with `password` (from `$PGPASSWORD`; `nil` when the
    /// server trusts the user), giving up on a connection or a record's transaction after `timeout` seconds.
    public init(address: PostgresAddress, password: String?, timeout: Double) throws(DeliveryError) {
        guard timeout.isFinite, timeout > 0 else {
            throw DeliveryError(retryable: false, "the sink timeout must be a number of seconds above 0, not \(timeout)")
        }
        let tls: PostgresConnection.Configuration.TLS
        if address.requiresTLS {
            do {
                tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            } catch {
                throw DeliveryError(retryable: false, "--sink \(address.description): cannot set up TLS (\(error))")
            }
        } else {
            tls = .disable
        }
        var configuration = PostgresConnection.Configuration(
            host: address.host, port: address.port, username: address.user,
            password: password.flatMap { $0.isEmpty ? nil : $0 }, database: address.database, tls: tls)
        configuration.options.connectTimeout = .nanoseconds(Int64(timeout * 1e9))
        configuration.options.additionalStartupParameters = [("application_name", "track")]
        self.configuration = configuration
        self.address = address
        destination = address.description
        self.timeout = .nanoseconds(Int64(timeout * 1e9))
    }

    /// Connects and brings the schema to ``PostgresSchema/currentVersion``; throws a message that
    /// names what to do (start the server, set `PGPASSWORD`, create the database…).
    public func prepare() async throws(DeliveryError) {
        _ = try await connected()
    }

    /// Stores `record` (its payload a `pallet` JSON line, its key the pallet's UUID) in one
    /// transaction, connecting first when no connection is open; gives up after the timeout.
    public func deliver(_ record: OutboxRecord) async throws(DeliveryError) {
        let connection = try await connected()
        let json = String(decoding: record.payload, as: UTF8.self)
        let key = record.key
        let logger = logger
        do {
            try await withDeadline(closing: connection) {
                try await Self.store(json: json, key: key, on: connection, logger: logger)
            }
        } catch {
            // Whatever failed, the connection may be mid-transaction or broken: start afresh.
            await drop(connection)
            throw failure(error, during: .delivery)
        }
    }

    /// Closes the open connection, if any.
    public func shutdown() async {
        if let open = connection.withLock({ slot in
            defer { slot = nil }
            return slot
        }) {
            try? await open.close()
        }
    }

    /// How many connections were opened since the sink was made (one, unless some were lost).
    public var connectionCount: Int { connectionsOpened.load(ordering: .relaxed) }

    /// The open connection, or a new one with the schema checked.
    private func connected() async throws(DeliveryError) -> PostgresConnection {
        if let open = connection.withLock({ $0 }), !open.isClosed { return open }
        let opened = try await open()
        let logger = logger
        do {
            try await withDeadline(closing: opened) { try await Self.migrate(opened, logger: logger) }
        } catch {
            try? await opened.close()
            throw failure(error, during: .migration)
        }
        connection.withLock { $0 = opened }
        return opened
    }

    /// A new connection, schema unchecked.
    func open() async throws(DeliveryError) -> PostgresConnection {
        let id = connectionsOpened.add(1, ordering: .relaxed).newValue
        let configuration = configuration
        let logger = logger
        do {
            return try await withDeadline(closing: nil) {
                try await PostgresConnection.connect(configuration: configuration, id: id, logger: logger)
            }
        } catch {
            throw failure(error, during: .connection)
        }
    }

    private func drop(_ broken: PostgresConnection) async {
        connection.withLock { slot in if slot === broken { slot = nil } }
        try? await broken.close()
    }

    /// Runs `body`, or gives up after the timeout or when cancelled: closes `connection` (which
    /// fails a query in flight) and cancels `body` (which stops a connection attempt).
    func withDeadline<Value: Sendable>(
        closing connection: PostgresConnection?,
        _ body: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let timeout = timeout
        return try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            do {
                if let value = try await group.next() ?? nil { return value }
                throw DeadlineExceeded()
            } catch {
                // Timed out, failed or cancelled: a query in flight does not stop when its task is
                // cancelled, and the group waits for it, so its connection is closed.
                if let connection { try? await connection.close() }
                throw error
            }
        }
    }

    /// Creates the version table if missing and applies the migrations it does not list, in one
    /// transaction; writes nothing when the schema is current.
    private static func migrate(_ connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("BEGIN", logger: logger)
        do {
            try await connection.query("SELECT pg_advisory_xact_lock(\(PostgresSchema.migrationLock))", logger: logger)
            // Created only when missing: even CREATE TABLE IF NOT EXISTS needs the right to create,
            // which a station's user may lack once the tables are there.
            var hasVersionTable = false
            for try await exists in try await connection.query(
                "SELECT to_regclass('track_schema_version') IS NOT NULL",
                logger: logger
            ).decode(Bool.self) {
                hasVersionTable = exists
            }
            if !hasVersionTable {
                try await connection.query(PostgresQuery(unsafeSQL: PostgresSchema.createVersionTable), logger: logger)
            }
            var applied = 0
            for try await version in try await connection.query(
                "SELECT coalesce(max(version), 0)::bigint FROM track_schema_version",
                logger: logger
            ).decode(Int.self) {
                applied = version
            }
            for (index, statements) in PostgresSchema.migrations.enumerated() where index + 1 > applied {
                for statement in statements { try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger) }
                try await connection.query("INSERT INTO track_schema_version (version) VALUES (\(index + 1))", logger: logger)
            }
            try await connection.query("COMMIT", logger: logger)
        } catch {
            _ = try? await connection.query("ROLLBACK", logger: logger)
            throw error
        }
    }

    /// Writes one record in one transaction: the station if new, the pallet unless its UUID is
    /// there already, and then (only for a new pallet) its codes.
    private static func store(json: String, key: String, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("BEGIN", logger: logger)
        do {
            var record = PostgresBindings()
            record.append(json)
            try await connection.query(PostgresQuery(unsafeSQL: PostgresSchema.insertStation, binds: record), logger: logger)
            var pallet = record
            pallet.append(key)
            var added = false
            for try await _ in try await connection.query(
                PostgresQuery(unsafeSQL: PostgresSchema.insertPallet, binds: pallet), logger: logger)
            {
                added = true
            }
            if added {
                var uuid = PostgresBindings()
                uuid.append(key)
                try await connection.query(PostgresQuery(unsafeSQL: PostgresSchema.insertCodes, binds: uuid), logger: logger)
            }
            try await connection.query("COMMIT", logger: logger)
        } catch {
            _ = try? await connection.query("ROLLBACK", logger: logger)
            throw error
        }
    }
}

/// A connection or a transaction that took longer than the sink's timeout.
struct DeadlineExceeded: Error {}
