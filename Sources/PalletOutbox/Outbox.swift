public import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A durable queue of records on disk between a station and the sinks that deliver them.
///
/// Each record (a pallet record's JSON, with its pallet UUID as the key) is appended to a segment
/// file and flushed with `fsync` before ``append(_:key:)`` returns, so that a record the station
/// has reported survives a crash or a power cut. A delivered record is acknowledged in a second
/// append-only file; a segment whose records are all acknowledged is deleted by ``compact()``.
/// A restart (``init(directory:configuration:)``) reads both files and resumes the records not yet
/// acknowledged, oldest first.
///
/// Why checksummed segments and not SQLite (GRDB): the outbox only appends, acknowledges and
/// drops whole files, which needs no query language and no dependency; each frame carries a CRC-32,
/// so the torn last record of a write that `kill -9` or a power cut interrupted is recognised and
/// ignored (and cut off) at the next open, and nothing before it is in doubt; and compaction is
/// deleting a file, not vacuuming a database. The format is in `OutboxFrame`.
///
/// **When full** (the files would exceed ``OutboxConfiguration/maxBytes`` even after compaction),
/// ``append(_:key:)`` throws ``OutboxError/Code-swift.struct/full`` and the record is *not* queued.
/// The station goes on counting and writes the record to its own output (JSONL file or standard
/// output) with a warning: a warehouse would rather deliver a record late, by hand, from the
/// station's file than stop counting pallets or drop older records no one has seen yet. The records
/// already queued are kept and delivered first.
///
/// One process at a time opens an outbox for writing (the folder is locked with `flock`; another
/// gets ``OutboxError/Code-swift.struct/locked``); ``Outbox/inspect(directory:)`` reads one that a
/// running station holds.
///
/// **On a full or failing disk** opening fails with ``OutboxError/Code-swift.struct/io`` and a
/// message that names the folder and what to do (a page is written and deleted to find out), and
/// an ``append(_:key:)`` that the disk refuses later throws the same, leaving the files as they
/// were before it: the record is not queued, and the caller keeps it elsewhere (the station's own
/// output) and says so.
///
/// All methods may be called from any thread; they serialise on an internal lock and do blocking
/// file I/O, so a caller on a latency-sensitive path (the frame loop) should call ``append(_:key:)``
/// only once per record, which costs one `write` and one `fsync`.
public final class Outbox: Sendable {
    /// The folder holding the segment files and the acknowledgement log.
    public let directory: String
    /// The settings it was opened with.
    public let configuration: OutboxConfiguration
    /// What opening found: records resumed, bytes of a torn tail cut off.
    public let recovery: OutboxRecovery
    private let state: Mutex<OutboxState>

    /// Opens (creating it if needed) the outbox in `directory`, resuming what an earlier run left,
    /// and cutting off a torn last record.
    public init(directory: String, configuration: OutboxConfiguration = OutboxConfiguration()) throws(OutboxError) {
        self.directory = directory
        self.configuration = configuration
        try Self.makeFolder(directory)
        let lock = open(directory + "/lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard lock >= 0 else { throw OutboxError.io("open the lock file of", directory) }
        // A child that this process is starting (between its fork and its exec, which closes
        // O_CLOEXEC descriptors) holds a copy of a lock just released, so a lock that is busy is
        // tried again for a second before it is taken as another process's.
        var tries = 1
        while flock(lock, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK, tries < 100 else {
                Glibc.close(lock)
                throw OutboxError(.locked, "the outbox \(directory) is in use by another process; give each station its own --outbox")
            }
            tries += 1
            usleep(10_000)
        }
        do {
            try Self.checkWritable(directory, synchronous: configuration.synchronous)
            var scan = try OutboxScan(directory: directory)
            var state = try OutboxState(scan: &scan, directory: directory, configuration: configuration, lock: lock)
            recovery = OutboxRecovery(resumed: state.pending.count, tornBytes: scan.tornBytes, damagedSegments: scan.damagedSegments)
            try state.openAcknowledgements()
            self.state = Mutex(state)
        } catch {
            Glibc.close(lock)
            throw error
        }
    }

    deinit {
        state.withLock { $0.closeFiles() }
    }

    /// Creates `directory` and the folders above it that are missing, with `mkdir` so that the
    /// message can say why it failed (a full disk, permissions).
    private static func makeFolder(_ directory: String) throws(OutboxError) {
        var path = directory.hasPrefix("/") ? "" : "."
        for part in directory.split(separator: "/") {
            path += "/" + part
            guard mkdir(path, 0o755) == 0 || errno == EEXIST else { throw OutboxError.io("create the outbox folder", directory) }
        }
    }

    /// Writes (and with `synchronous`, flushes) a page to a scratch file in `directory`, then deletes
    /// it: a folder on a full, read-only or failing disk is reported when the outbox is opened, with
    /// what to do, rather than at the first record. A page is the least a file system allocates.
    private static func checkWritable(_ directory: String, synchronous: Bool) throws(OutboxError) {
        let path = directory + "/.write-check"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutboxError.io("write to the outbox folder", directory) }
        defer {
            Glibc.close(descriptor)
            unlink(path)
        }
        let page = [UInt8](repeating: 0, count: 4096)
        let written = page.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
        // A short write is the disk filling up; the second write would say ENOSPC.
        guard written == page.count else { throw OutboxError.io("write to the outbox folder", directory, errno: written < 0 ? errno : ENOSPC) }
        guard !synchronous || fsync(descriptor) == 0 else { throw OutboxError.io("write to the outbox folder", directory) }
    }

    /// Appends a record durably (written and `fsync`ed before it returns) and returns its sequence number.
    /// Throws ``OutboxError/Code-swift.struct/full`` when the outbox is at its cap (see the policy above)
    /// and ``OutboxError/Code-swift.struct/io`` when the disk refuses it.
    @discardableResult
    public func append(_ payload: [UInt8], key: String) throws(OutboxError) -> UInt64 {
        try state.withLock { state throws(OutboxError) in try state.append(payload, key: Array(key.utf8)) }
    }

    /// The records not yet acknowledged, oldest first, at most `limit` of them.
    public func pending(limit: Int = .max) throws(OutboxError) -> [OutboxRecord] {
        try state.withLock { state throws(OutboxError) in try state.records(limit: limit) }
    }

    /// Marks the record with sequence number `sequence` delivered (durably); an unknown or already
    /// acknowledged number is ignored.
    public func acknowledge(_ sequence: UInt64) throws(OutboxError) {
        try state.withLock { state throws(OutboxError) in try state.acknowledge(sequence) }
    }

    /// Deletes the segments whose records are all delivered and shortens the acknowledgement log to
    /// match; returns the number of segments deleted.
    @discardableResult
    public func compact() throws(OutboxError) -> Int {
        try state.withLock { state throws(OutboxError) in try state.compact() }
    }

    /// Depth and size now.
    public var status: OutboxStatus {
        state.withLock { $0.status() }
    }

    /// Closes the files and releases the folder's lock; later calls throw.
    public func close() {
        state.withLock { $0.closeFiles() }
    }

    /// The status and pending records of the outbox in `directory` without opening it for writing
    /// (it may belong to a running station): nothing is cut off, locked or compacted.
    public static func inspect(directory: String) throws(OutboxError) -> (status: OutboxStatus, pending: [OutboxRecord]) {
        guard FileManager.default.fileExists(atPath: directory) else {
            throw OutboxError(.io, "no outbox at \(directory); name the folder a station's --outbox wrote")
        }
        let scan = try OutboxScan(directory: directory)
        let acknowledged = scan.acknowledged
        let pending = scan.frames.map(\.record).filter { !acknowledged.contains($0.sequence) }
        let records = pending.map { OutboxRecord(sequence: $0.sequence, key: String(decoding: $0.key, as: UTF8.self),
                                                 payload: $0.payload, appended: Date(millisecondsSince1970: $0.time)) }
        let status = OutboxStatus(pendingCount: records.count, pendingBytes: records.reduce(0) { $0 + $1.payload.count },
                                  diskBytes: scan.diskBytes, segments: scan.segments.count,
                                  oldestPending: records.first?.appended, maxBytes: nil)
        return (status, records)
    }
}

/// How an ``Outbox`` is kept.
public struct OutboxConfiguration: Sendable {
    /// The most bytes the outbox's files may take; beyond, new records are refused (see ``Outbox``).
    /// Default 256 MiB: some 100,000 pallet records, days of a busy dock with the network down.
    public var maxBytes: Int64 = 256 << 20
    /// A segment file is closed and a new one begun beyond this size; a segment is deleted when all
    /// its records are delivered. Default 4 MiB.
    public var segmentBytes: Int64 = 4 << 20
    /// `fsync` each append and acknowledgement (default). Off only for tests and benchmarks.
    public var synchronous = true

    /// The defaults.
    public init() {}
}

/// One record waiting in (or read from) an ``Outbox``.
public struct OutboxRecord: Sendable, Equatable {
    /// Its place in the outbox's order; acknowledge it with this.
    public var sequence: UInt64
    /// The key it was appended with (a pallet's UUID).
    public var key: String
    /// The bytes appended (a pallet record's JSON).
    public var payload: [UInt8]
    /// When it was appended.
    public var appended: Date
}

/// The depth and size of an ``Outbox``.
public struct OutboxStatus: Sendable, Equatable {
    /// Records not yet delivered.
    public var pendingCount: Int
    /// Bytes of those records' payloads.
    public var pendingBytes: Int
    /// Bytes the segment files take on disk (delivered records included until compaction).
    public var diskBytes: Int64
    /// Segment files.
    public var segments: Int
    /// When the oldest undelivered record was appended, or `nil` when none waits.
    public var oldestPending: Date?
    /// The cap it was opened with, or `nil` when only inspected.
    public var maxBytes: Int64?
}

/// What ``Outbox/init(directory:configuration:)`` found of an earlier run.
public struct OutboxRecovery: Sendable, Equatable {
    /// Records not yet delivered, to be delivered now.
    public var resumed: Int
    /// Bytes of an interrupted last write that were cut off (0 after a clean stop).
    public var tornBytes: Int
    /// Segments other than the last that ended in damage (their intact records were kept).
    public var damagedSegments: Int
}

extension Date {
    init(millisecondsSince1970 milliseconds: UInt64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
