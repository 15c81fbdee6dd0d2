import Foundation
public import Testing
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A throwaway PostgreSQL server on a free loopback port, for the PostgreSQL sink's tests.
///
/// It uses Debian's PostgreSQL binaries (`/usr/lib/postgresql/N/bin`, or the folder in
/// `$TRACK_POSTGRES_BIN`): `initdb` into a fresh temporary folder (user `track` with
/// ``password``, password authentication on TCP), then `pg_ctl start -w`. ``stop()`` and
/// ``start()`` stop and start the same server on the same port and data (an outage);
/// ``remove()`` stops it and deletes the folder. PostgreSQL refuses to run as root, so as root
/// its commands run as the `postgres` user (`runuser`), which is given the folder.
///
/// Outside CI the tests that need it are skipped when the binaries are missing (``shouldRun``,
/// ``skipReason``); `.ci/run` installs them and sets `TRACK_REQUIRE_POSTGRES=1`, which turns
/// their absence into a failure.
public final class PostgresCluster: Sendable {
    /// The folder with `initdb`, `pg_ctl` and `psql`, or `nil` when PostgreSQL is not installed.
    public static let binaries: String? = {
        if let folder = ProcessInfo.processInfo.environment["TRACK_POSTGRES_BIN"] { return folder }
        let base = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
        return versions.compactMap(Int.init).sorted().reversed().map { "\(base)/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }
    }()
    /// Whether CI requires PostgreSQL (`TRACK_REQUIRE_POSTGRES=1`): then a missing server fails the tests.
    public static let isRequired = ProcessInfo.processInfo.environment["TRACK_REQUIRE_POSTGRES"] == "1"
    /// Whether the PostgreSQL tests run: the binaries are here, or CI requires them.
    public static let shouldRun = binaries != nil || isRequired
    /// Why the PostgreSQL tests are skipped.
    public static let skipReason: Comment = "PostgreSQL is not installed (apt-get install postgresql; .ci/run installs it and requires it)"

    /// The superuser's name; a database of the same name is created.
    public let user = "track"
    /// The superuser's password (a sink gets it as `$PGPASSWORD` would give it).
    public let password = "pallets-on-loopback"
    /// The database the tests write into.
    public let database = "track"
    /// The TCP port on 127.0.0.1.
    public let port: Int
    /// The temporary folder: data, socket, log.
    public let folder: String
    private let bin: String

    /// `postgres://track@127.0.0.1:PORT/DATABASE` (`track` unless another database is named).
    public func url(database: String? = nil) -> String {
        "postgres://\(user)@127.0.0.1:\(port)/\(database ?? self.database)"
    }

    /// Creates and starts a cluster with an empty database ``database``; ``remove()`` it at the end.
    public init() async throws {
        guard let bin = Self.binaries else {
            throw Failure("PostgreSQL is required (TRACK_REQUIRE_POSTGRES=1) but initdb is not in /usr/lib/postgresql/*/bin")
        }
        self.bin = bin
        // As root, /tmp rather than $TMPDIR: the postgres user must be able to reach the folder.
        let temporary = getuid() == 0 ? URL(fileURLWithPath: "/tmp") : FileManager.default.temporaryDirectory
        folder = temporary.appendingPathComponent("track-postgres-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        port = try Self.freePort()
        do {
            try password.write(toFile: folder + "/password", atomically: false, encoding: .utf8)
            if getuid() == 0 { try await Self.run("/usr/bin/chown", ["-R", "postgres:postgres", folder]) }
            try await runAsServerUser(
                "initdb",
                [
                    "-D", folder + "/data", "-U", user, "--pwfile=\(folder)/password",
                    "--auth-local=trust", "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C", "--no-sync",
                ])
            try await start()
            _ = try await query("CREATE DATABASE \(database)", database: "postgres")
        } catch {
            await remove()
            throw error
        }
    }

    /// Starts the server (again) on the same port and data; returns once it accepts connections.
    public func start() async throws {
        let options = "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40"
        do {
            try await runAsServerUser(
                "pg_ctl", ["-D", folder + "/data", "-l", folder + "/server.log", "-w", "-t", "120", "-o", options, "start"])
        } catch {
            // pg_ctl only says it stopped waiting; why the server did not start is in its log.
            throw Failure("\(error)\nserver log:\n\(log.split(separator: "\n").suffix(20).joined(separator: "\n"))")
        }
    }

    /// Stops the server as `pg_ctl stop -m fast` does: open connections are cut, transactions in
    /// flight rolled back.
    public func stop() async throws {
        try await runAsServerUser("pg_ctl", ["-D", folder + "/data", "-m", "fast", "-w", "-t", "120", "stop"])
    }

    /// Stops the server if it runs and deletes the folder.
    public func remove() async {
        if FileManager.default.fileExists(atPath: folder + "/data/postmaster.pid") {
            _ = try? await runAsServerUser("pg_ctl", ["-D", folder + "/data", "-m", "immediate", "-w", "stop"])
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs `sql` with `psql` as ``user``; returns the rows, each a list of its fields as text
    /// (`NULL` as an empty field).
    @discardableResult
    public func query(_ sql: String, database: String? = nil) async throws -> [[String]] {
        let output = try await Self.run(
            bin + "/psql",
            [
                "-h", "127.0.0.1", "-p", "\(port)", "-U", user, "-d", database ?? self.database,
                "-X", "-A", "-t", "-q", "-F", "\u{1F}", "-v", "ON_ERROR_STOP=1", "-c", sql,
            ], environment: ["PGPASSWORD": password])
        return output.split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init) }
    }

    /// The server's log, for a failing test's message.
    public var log: String { (try? String(contentsOfFile: folder + "/server.log", encoding: .utf8)) ?? "" }

    /// Runs `body` with a fresh cluster and removes it afterwards, whether `body` returns or throws;
    /// all of it on a thread of its own (see ``onOwnThread(_:_:)``), so that a busy shared pool
    /// does not hold up the cluster's commands or the test's queries.
    public static func with<Result: Sendable>(_ body: (PostgresCluster) async throws -> Result) async throws -> Result {
        try await onOwnThread("postgres-test") {
            let cluster = try await PostgresCluster()
            do {
                let result = try await body(cluster)
                await cluster.remove()
                return result
            } catch {
                await cluster.remove()
                throw error
            }
        }
    }

    /// Runs a PostgreSQL tool, as the `postgres` user when running as root. A shell closes every
    /// descriptor above standard error first: Foundation learns that a process ended when its
    /// copy of a descriptor closes, and the server `pg_ctl start` leaves running would keep it.
    @discardableResult
    private func runAsServerUser(_ tool: String, _ arguments: [String]) async throws -> String {
        let closingDescriptors = #"for fd in $(ls /proc/$$/fd); do [ "$fd" -gt 2 ] && eval "exec $fd>&-" 2>/dev/null; done; exec "$0" "$@""#
        let command = ["/bin/bash", "-c", closingDescriptors, bin + "/" + tool] + arguments
        if getuid() == 0 {
            return try await Self.run("/usr/sbin/runuser", ["-u", "postgres", "--"] + command)
        }
        return try await Self.run(command[0], Array(command.dropFirst()))
    }

    /// Runs a program to its end without holding a thread; throws with its output when it fails.
    @discardableResult
    private static func run(_ program: String, _ arguments: [String], environment: [String: String] = [:]) async throws -> String {
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("track-postgres-\(UUID().uuidString).out")
        guard FileManager.default.createFile(atPath: outputFile.path, contents: nil),
            let output = FileHandle(forWritingAtPath: outputFile.path)
        else {
            throw Failure("cannot create \(outputFile.path)")
        }
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        // A file, not a pipe: `pg_ctl start` leaves the server running, which would hold a pipe open.
        process.standardOutput = output
        process.standardError = output
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        try? output.close()
        let text = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
        guard status == 0 else {
            throw Failure("\((program as NSString).lastPathComponent) \(arguments.joined(separator: " ")) exited with \(status): \(text)")
        }
        return text
    }

    /// A loopback port nobody listens on now (the kernel's choice for port 0).
    private static func freePort() throws -> Int {
        // A port handed to one cluster is never handed to another in this process: a cluster
        // stopped for an outage test must find its port free when it starts again, and suites run
        // side by side start clusters of their own meanwhile.
        for _ in 0..<100 {
            let port = try unusedPort()
            if handedOut.withLock({ $0.insert(port).inserted }) { return port }
        }
        throw Failure("no loopback port left that no cluster of this run had")
    }

    /// Ports handed to clusters so far in this process.
    private static let handedOut = Mutex<Set<Int>>([])

    /// A loopback port nothing listens on now.
    private static func unusedPort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure("socket: \(String(cString: strerror(errno)))") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(socket, socketAddress, length) == 0 && getsockname(socket, socketAddress, &length) == 0
            }
        }
        guard bound else { throw Failure("bind: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// A cluster that could not be set up or driven, with the command's output.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed.
        public let description: String
        /// A failure saying `description`.
        public init(_ description: String) { self.description = description }
    }
}
