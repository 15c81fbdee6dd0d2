import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where an output writes its lines: a file or standard output (``OutputSink``), or the live view's events.
protocol LineSink: AnyObject {
    /// Adds one line (without its newline).
    func write(_ line: String)
    /// Delivers what was written; false when the destination refused it.
    @discardableResult func flush() -> Bool
}

/// Where `track` writes its results: standard output or a file given with `--output`.
/// Lines are buffered and flushed after every frame, so a reader of a pipe sees
/// each frame as soon as it is processed.
final class OutputSink: LineSink {
    private let handle: FileHandle
    private let closesHandle: Bool
    private var buffer = Data()

    /// Standard error: where the summary goes when the real output failed.
    static func standardError() -> OutputSink { OutputSink(handle: FileHandle.standardError) }

    private init(handle: FileHandle) {
        self.handle = handle
        closesHandle = false
    }

    /// Standard output, or a new file at `path` (created or truncated; with `append`, created or
    /// added to, starting on a new line when the file ends in the middle of one, as a killed
    /// station's file can).
    /// - Throws: a message naming the path and the reason when the file cannot be written.
    init(path: String?, append: Bool = false) throws {
        guard let path, path != "-" else {
            handle = FileHandle.standardOutput
            closesHandle = false
            return
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw OutputError("cannot write --output \(path): it is a directory; give a file name")
        }
        // open(2), not FileManager.createFile: that writes a temporary file and renames it over
        // the path, which (run as root) replaced /dev/full, a FIFO or a symlink with a plain file.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC), 0o666)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw OutputError("cannot write --output \(path): \(reason.lowercased()) (check that the folder exists and is writable)")
        }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        closesHandle = true
        if append, Self.endsMidLine(path) { buffer.append(0x0A) }
    }

    /// Whether the file at `path` is not empty and its last byte is not a newline.
    private static func endsMidLine(_ path: String) -> Bool {
        guard let reader = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? reader.close() }
        guard let end = try? reader.seekToEnd(), end > 0 else { return false }
        try? reader.seek(toOffset: end - 1)
        return (try? reader.read(upToCount: 1)) != Data([0x0A])
    }

    /// Why the output could not be written (the first failed write or close), or `nil` while all is well.
    /// After a failure nothing more is written: a file cut mid-line stays cut there, not garbled further.
    private(set) var failure: String?

    func write(_ line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
    }

    /// Writes what is buffered; returns false (and records ``failure``) when the output refused it,
    /// e.g. a full file system or `/dev/full` (ENOSPC), or a reader that closed its end of a pipe (EPIPE).
    @discardableResult
    func flush() -> Bool {
        guard failure == nil else { buffer.removeAll(keepingCapacity: true); return false }
        guard !buffer.isEmpty else { return true }
        defer { buffer.removeAll(keepingCapacity: true) }
        let descriptor = handle.fileDescriptor
        return buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                // SIGPIPE is ignored by `track`, so a closed pipe is EPIPE here, not the end of the process.
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    let code = errno
                    let advice = code == EPIPE ? "the program reading the output stopped reading"
                        : "free space, or choose another --output"
                    failure = String(cString: strerror(code)).lowercased() + " (\(advice))"
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// Flushes and closes a file output; returns false (and records ``failure``) when either failed.
    @discardableResult
    func finish() -> Bool {
        let flushed = flush()
        guard closesHandle, !closed else { return flushed }
        closed = true
        do { try handle.close() } catch where failure == nil { failure = "closing failed (\(error))" } catch {}
        return failure == nil
    }

    private var closed = false

    deinit {
        finish()
    }
}

/// A problem with an output path, worded for the user.
struct OutputError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
