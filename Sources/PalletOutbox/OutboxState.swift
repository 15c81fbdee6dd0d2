import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The segment files and acknowledgement log of an outbox folder, as read from disk.
///
/// Segments are named by the sequence number of their first record (`00000000000000000001.seg`),
/// so that the numbering goes on after every segment has been compacted away. The acknowledgement
/// log (`acknowledged.log`) is a list of 12-byte entries: a sequence number and its CRC-32.
struct OutboxScan {
    struct Segment {
        var first: UInt64
        var path: String
        /// Bytes of intact frames (a torn tail excluded).
        var validBytes: Int64
        /// Bytes in the file.
        var fileBytes: Int64
    }

    /// An intact frame and where it lies.
    struct Frame {
        var record: OutboxFrame.Decoded
        /// The first sequence number of its segment (the segment's name).
        var segment: UInt64
        /// Bytes from the start of the segment file.
        var offset: Int64
    }

    var segments: [Segment] = []
    var frames: [Frame] = []
    var acknowledged: Set<UInt64> = []
    /// Bytes of intact acknowledgement entries.
    var acknowledgementBytes: Int64 = 0
    var tornBytes = 0
    var damagedSegments = 0
    var diskBytes: Int64 { segments.reduce(0) { $0 + $1.fileBytes } }

    static let acknowledgementsName = "acknowledged.log"
    static let entrySize = 12

    static func segmentName(_ first: UInt64) -> String {
        let digits = String(first)
        return String(repeating: "0", count: max(0, 20 - digits.count)) + digits + ".seg"
    }

    init(directory: String) throws(OutboxError) {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory) } catch {
            throw OutboxError.io("list the outbox folder", directory, errno: ENOENT)
        }
        let firsts = names.compactMap { name -> UInt64? in
            guard name.hasSuffix(".seg"), !name.hasPrefix(".") else { return nil }
            return UInt64(name.dropLast(4))
        }.sorted()
        for (index, first) in firsts.enumerated() {
            let path = directory + "/" + Self.segmentName(first)
            guard let data = FileManager.default.contents(atPath: path) else { throw OutboxError.io("read", path) }
            let bytes = [UInt8](data)
            var offset = 0
            while let frame = OutboxFrame.decode(bytes, at: offset) {
                frames.append(Frame(record: frame, segment: first, offset: Int64(offset)))
                offset += frame.size
            }
            if offset < bytes.count {
                if index == firsts.count - 1 { tornBytes += bytes.count - offset } else { damagedSegments += 1 }
            }
            segments.append(Segment(first: first, path: path, validBytes: Int64(offset), fileBytes: Int64(bytes.count)))
        }
        let logPath = directory + "/" + Self.acknowledgementsName
        if let data = FileManager.default.contents(atPath: logPath) {
            let bytes = [UInt8](data)
            var offset = 0
            while offset + Self.entrySize <= bytes.count {
                let sequence = OutboxFrame.read(bytes, offset, size: 8)
                guard CRC32.checksum(bytes[offset..<offset + 8]) == UInt32(OutboxFrame.read(bytes, offset + 8, size: 4)) else { break }
                acknowledged.insert(sequence)
                offset += Self.entrySize
            }
            acknowledgementBytes = Int64(offset)
        }
    }
}

/// An open outbox's files and index; only ``Outbox`` touches it, under its lock.
struct OutboxState {
    struct Entry {
        var sequence: UInt64
        var time: UInt64
        var key: String
        var segment: UInt64
        var offset: Int64
        var size: Int
        var payloadCount: Int
    }

    struct Segment {
        var first: UInt64
        var path: String
        var bytes: Int64
        /// Records in it not yet acknowledged.
        var pending: Int
    }

    let directory: String
    let configuration: OutboxConfiguration
    private var lock: Int32
    private var segments: [Segment]
    private(set) var pending: [Entry]
    private var acknowledged: Set<UInt64>
    private var nextSequence: UInt64
    private var active: Int32 = -1
    private var acknowledgements: Int32 = -1
    private var closed = false

    init(scan: inout OutboxScan, directory: String, configuration: OutboxConfiguration, lock: Int32) throws(OutboxError) {
        self.directory = directory
        self.configuration = configuration
        self.lock = lock
        // The torn tail of the last segment is cut off, so that the next append follows intact frames.
        if let last = scan.segments.last, last.validBytes < last.fileBytes {
            guard truncate(last.path, off_t(last.validBytes)) == 0 else { throw OutboxError.io("cut the torn tail off", last.path) }
            scan.segments[scan.segments.count - 1].fileBytes = last.validBytes
        }
        let acknowledged = scan.acknowledged
        let entries = scan.frames.filter { !acknowledged.contains($0.record.sequence) }.map {
            Entry(sequence: $0.record.sequence, time: $0.record.time, key: String(decoding: $0.record.key, as: UTF8.self),
                  segment: $0.segment, offset: $0.offset, size: $0.record.size, payloadCount: $0.record.payload.count)
        }
        pending = entries
        self.acknowledged = acknowledged
        segments = scan.segments.map { segment in
            Segment(first: segment.first, path: segment.path, bytes: segment.fileBytes,
                    pending: entries.reduce(0) { $0 + ($1.segment == segment.first ? 1 : 0) })
        }
        let lastSequence = scan.frames.last.map { $0.record.sequence + 1 } ?? 1
        // The acknowledgements count too: were every segment deleted but the log not yet shortened
        // (a crash in compaction), a number used again would be taken as delivered.
        nextSequence = max(lastSequence, scan.segments.last?.first ?? 1, (scan.acknowledged.max() ?? 0) + 1)
        if scan.acknowledgementBytes > 0 {
            // A torn acknowledgement is dropped (the record is delivered again, which its key makes harmless).
            truncate(directory + "/" + OutboxScan.acknowledgementsName, off_t(scan.acknowledgementBytes))
        }
    }

    mutating func openAcknowledgements() throws(OutboxError) {
        let path = directory + "/" + OutboxScan.acknowledgementsName
        acknowledgements = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard acknowledgements >= 0 else { throw OutboxError.io("open", path) }
    }

    mutating func closeFiles() {
        guard !closed else { return }
        closed = true
        for descriptor in [active, acknowledgements, lock] where descriptor >= 0 { close(descriptor) }
        active = -1
        acknowledgements = -1
        lock = -1
    }

    private func ensureOpen() throws(OutboxError) {
        if closed { throw OutboxError(.io, "the outbox \(directory) is closed") }
    }

    var diskBytes: Int64 { segments.reduce(0) { $0 + $1.bytes } }

    mutating func append(_ payload: [UInt8], key: [UInt8]) throws(OutboxError) -> UInt64 {
        try ensureOpen()
        guard key.count <= Int(UInt16.max), payload.count <= OutboxFrame.maxPayload else {
            throw OutboxError(.tooLarge, "a record of \(payload.count) bytes is larger than an outbox takes (\(OutboxFrame.maxPayload))")
        }
        let time = UInt64(max(0, Date().timeIntervalSince1970 * 1000))
        let sequence = nextSequence
        let frame = OutboxFrame.encode(sequence: sequence, time: time, key: key, payload: payload)
        if diskBytes + Int64(frame.count) > configuration.maxBytes {
            _ = try compact()
            if diskBytes + Int64(frame.count) > configuration.maxBytes {
                throw OutboxError(.full, "the outbox \(directory) is full (\(diskBytes) of \(configuration.maxBytes) bytes, \(pending.count) records undelivered): "
                                  + "new records are not queued for delivery until the sink takes the waiting ones; check the sink, or raise --outbox-max")
            }
        }
        if segments.isEmpty || active < 0 && segments.last!.bytes > 0
            || segments.last!.bytes > 0 && segments.last!.bytes + Int64(frame.count) > configuration.segmentBytes {
            try beginSegment(first: sequence)
        } else if active < 0 {
            try openActive()
        }
        let index = segments.count - 1
        let before = segments[index].bytes
        do throws(OutboxError) {
            try writeAll(active, frame, path: segments[index].path)
            if configuration.synchronous, fsync(active) != 0 { throw OutboxError.io("flush", segments[index].path) }
        } catch {
            // A partial frame is cut off again, so that the next append does not follow damage.
            if ftruncate(active, off_t(before)) != 0 { close(active); active = -1 }
            throw error
        }
        segments[index].bytes = before + Int64(frame.count)
        segments[index].pending += 1
        pending.append(Entry(sequence: sequence, time: time, key: String(decoding: key, as: UTF8.self), segment: segments[index].first,
                             offset: before, size: frame.count, payloadCount: payload.count))
        nextSequence = sequence + 1
        return sequence
    }

    private mutating func openActive() throws(OutboxError) {
        let path = segments[segments.count - 1].path
        active = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard active >= 0 else { throw OutboxError.io("open", path) }
    }

    private mutating func beginSegment(first: UInt64) throws(OutboxError) {
        let path = directory + "/" + OutboxScan.segmentName(first)
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutboxError.io("create the segment", path) }
        if active >= 0 { close(active) }
        active = descriptor
        segments.append(Segment(first: first, path: path, bytes: 0, pending: 0))
        syncDirectory()
    }

    private func syncDirectory() {
        guard configuration.synchronous else { return }
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if descriptor >= 0 { fsync(descriptor); close(descriptor) }
    }

    private func writeAll(_ descriptor: Int32, _ bytes: [UInt8], path: String) throws(OutboxError) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if result < 0 {
                if errno == EINTR { continue }
                throw OutboxError.io("write to", path)
            }
            written += result
        }
    }

    func records(limit: Int) throws(OutboxError) -> [OutboxRecord] {
        try ensureOpen()
        var records: [OutboxRecord] = []
        var open: (first: UInt64, descriptor: Int32)?
        defer { if let open { close(open.descriptor) } }
        for entry in pending.prefix(limit) {
            guard let segment = segments.first(where: { $0.first == entry.segment }) else { continue }
            if open?.first != segment.first {
                if let open { close(open.descriptor) }
                let descriptor = Glibc.open(segment.path, O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else { open = nil; throw OutboxError.io("open", segment.path) }
                open = (segment.first, descriptor)
            }
            var bytes = [UInt8](repeating: 0, count: entry.size)
            let count = bytes.withUnsafeMutableBytes { pread(open!.descriptor, $0.baseAddress!, entry.size, off_t(entry.offset)) }
            guard count == entry.size, let frame = OutboxFrame.decode(bytes, at: 0), frame.sequence == entry.sequence else {
                throw OutboxError.io("read a record back from", segment.path, errno: EIO)
            }
            records.append(OutboxRecord(sequence: entry.sequence, key: entry.key, payload: frame.payload,
                                        appended: Date(millisecondsSince1970: entry.time)))
        }
        return records
    }

    mutating func acknowledge(_ sequence: UInt64) throws(OutboxError) {
        try ensureOpen()
        guard let index = pending.firstIndex(where: { $0.sequence == sequence }) else { return }
        var entry: [UInt8] = []
        OutboxFrame.append(sequence, to: &entry)
        OutboxFrame.append(UInt64(CRC32.checksum(entry)), size: 4, to: &entry)
        let path = directory + "/" + OutboxScan.acknowledgementsName
        try writeAll(acknowledgements, entry, path: path)
        if configuration.synchronous, fsync(acknowledgements) != 0 { throw OutboxError.io("flush", path) }
        let removed = pending.remove(at: index)
        acknowledged.insert(sequence)
        if let segment = segments.firstIndex(where: { $0.first == removed.segment }) { segments[segment].pending -= 1 }
    }

    mutating func compact() throws(OutboxError) -> Int {
        try ensureOpen()
        // The active segment, once all delivered, is closed too: the next append begins a new one.
        if let last = segments.last, last.pending == 0, last.bytes > 0, active >= 0 {
            close(active)
            active = -1
        }
        var kept: [Segment] = []
        var removed = 0
        for (index, segment) in segments.enumerated() {
            let isOpen = index == segments.count - 1 && active >= 0
            if segment.pending > 0 || isOpen {
                kept.append(segment)
                continue
            }
            guard unlink(segment.path) == 0 || errno == ENOENT else { throw OutboxError.io("delete the delivered segment", segment.path) }
            removed += 1
        }
        segments = kept
        guard removed > 0 else { return 0 }
        syncDirectory()
        // The log keeps only what still names a record on disk.
        let oldest = segments.first?.first ?? nextSequence
        acknowledged = acknowledged.filter { $0 >= oldest }
        var bytes: [UInt8] = []
        for sequence in acknowledged.sorted() {
            var entry: [UInt8] = []
            OutboxFrame.append(sequence, to: &entry)
            OutboxFrame.append(UInt64(CRC32.checksum(entry)), size: 4, to: &entry)
            bytes += entry
        }
        let path = directory + "/" + OutboxScan.acknowledgementsName
        let temporary = directory + "/." + OutboxScan.acknowledgementsName + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutboxError.io("create", temporary) }
        do throws(OutboxError) {
            try writeAll(descriptor, bytes, path: temporary)
            if configuration.synchronous, fsync(descriptor) != 0 { throw OutboxError.io("flush", temporary) }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else { throw OutboxError.io("replace", path) }
        syncDirectory()
        close(acknowledgements)
        try openAcknowledgements()
        return removed
    }

    func status() -> OutboxStatus {
        OutboxStatus(pendingCount: pending.count, pendingBytes: pending.reduce(0) { $0 + $1.payloadCount }, diskBytes: diskBytes,
                     segments: segments.count, oldestPending: pending.first.map { Date(millisecondsSince1970: $0.time) },
                     maxBytes: configuration.maxBytes)
    }
}
