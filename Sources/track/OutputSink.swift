import Foundation

/// Where `track` writes its results: standard output or a file given with `--output`.
/// Lines are buffered and flushed after every frame, so a reader of a pipe sees
/// each frame as soon as it is processed.
final class OutputSink {
    private let handle: FileHandle
    private let closesHandle: Bool
    private var buffer = Data()

    /// Standard output, or a new file at `path` (created or truncated).
    /// - Throws: a message naming the path and the reason when the file cannot be written.
    init(path: String?) throws {
        guard let path, path != "-" else {
            handle = FileHandle.standardOutput
            closesHandle = false
            return
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw OutputError("cannot write --output \(path): it is a directory; give a file name")
        }
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            let reason = String(cString: strerror(errno))
            throw OutputError("cannot write --output \(path): \(reason.lowercased()) (check that the folder exists and is writable)")
        }
        self.handle = handle
        closesHandle = true
    }

    func write(_ line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        // A closed pipe (e.g. `track ... | head`) must not kill the process before the summary.
        try? handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    deinit {
        flush()
        if closesHandle { try? handle.close() }
    }
}

/// A problem with an output path, worded for the user.
struct OutputError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
