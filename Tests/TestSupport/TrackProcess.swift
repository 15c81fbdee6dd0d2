public import Foundation
public import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a built executable of the package (`track`, a sample) and captures what it prints.
public struct TrackProcess {
    /// What a finished process returned and printed.
    public struct Outcome {
        /// The exit status.
        public var status: Int32
        /// All of standard output.
        public var stdout: String
        /// All of standard error.
        public var stderr: String
        /// The outcome of a process that exited with `status` and wrote `stdout` and `stderr`
        /// (for tests that start `track` themselves, e.g. with raw-byte arguments).
        public init(status: Int32, stdout: String, stderr: String) {
            (self.status, self.stdout, self.stderr) = (status, stdout, stderr)
        }

        /// Standard output's non-empty lines.
        public var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }

        /// Standard output's JSON lines (`--format jsonl`) whose `"type"` is `type`, parsed, in order.
        public func objects(ofType type: String) throws -> [[String: Any]] {
            try lines.map(jsonObject).filter { $0["type"] as? String == type }
        }

        /// Expects the process to have exited with `status`, saying `mention` on standard error
        /// (a refused argument, an unreadable input): both are shown when they are not.
        public func expectFailure(
            status expected: Int32, mentioning mention: String,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            #expect(status == expected, "status \(status): \(stderr)", sourceLocation: sourceLocation)
            #expect(stderr.contains(mention), "\(mention) not in: \(stderr)", sourceLocation: sourceLocation)
        }
    }

    /// The `track` binary built beside the test bundle.
    public static var executable: URL { BuiltProducts.executable(named: "track") }

    /// The executable `name` built beside the test bundle.
    public static func executable(named name: String) -> URL { BuiltProducts.executable(named: name) }

    /// Runs `program` (default `track`) with `arguments` in `directory` and waits at most `timeout` seconds.
    public static func run(
        _ arguments: [String], program: String = "track", environment: [String: String] = [:],
        in directory: URL? = nil, timeout: TimeInterval = 120
    ) throws -> Outcome {
        try launch(executable(named: program), arguments, environment: environment, in: directory, timeout: timeout)
    }

    /// Runs `track --input CLIP` followed by `arguments`, where CLIP is the file `write` makes in a
    /// fresh scratch folder (it returns the file's path); the folder goes once `track` has ended.
    public static func run(onClipFrom write: (URL) throws -> String, _ arguments: [String]) throws -> Outcome {
        try TemporaryFiles.withDirectory { directory in try run(["--input", try write(directory)] + arguments) }
    }

    /// Runs any `executable` (e.g. `/bin/sh` wrapping `track`, or `nm`) with `arguments`
    /// in `directory` (default: the package root), capturing its output; waits at most `timeout` seconds.
    public static func launch(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:],
        in directory: URL? = nil, timeout: TimeInterval = 120
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? SharedData.packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read while the process runs so a full pipe never blocks it.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        DispatchQueue.global().async(group: group) { outData = out.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            group.wait()
        }
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// When a signal is sent to a running `track`.
    public enum SignalMoment {
        /// Once its first line of standard output has arrived.
        case afterFirstLine
        /// As soon as the process catches the signal (its `SigCgt` mask in /proc says so):
        /// the first moment it can act on it at all, before its Swift code runs.
        case assoonAsCaught
    }

    /// Starts `track` with `arguments` in the package root, standard input and error
    /// discarded, and returns it with the pipe its standard output goes to.
    public static func start(_ arguments: [String]) throws -> (process: Process, output: Pipe) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = SharedData.packageRoot
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, out)
    }

    /// What `pipe` delivers up to and including its first complete line (less if it ends first).
    public static func firstLine(of pipe: Pipe) -> Data {
        var data = Data()
        while !data.contains(0x0A) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            data += chunk
        }
        return data
    }

    /// Runs `track` with `arguments`, sends `signal` at `moment`, and returns its exit
    /// status and all it printed.
    public static func signal(_ arguments: [String], _ signal: Int32, at moment: SignalMoment = .afterFirstLine)
        throws -> (status: Int32, reason: Process.TerminationReason, lines: [String])
    {
        let (process, out) = try start(arguments)
        var data = Data()
        switch moment {
        case .afterFirstLine:
            data = firstLine(of: out)
        case .assoonAsCaught:
            let pid = process.processIdentifier
            while process.isRunning, !(isExecuting(executable, pid: pid) && catches(signal, pid: pid)) { usleep(200) }
        }
        kill(process.processIdentifier, signal)
        data += out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, process.terminationReason,
            String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        )
    }

    /// Whether process `pid` runs `program` (it has finished `exec`).
    private static func isExecuting(_ program: URL, pid: Int32) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) == program.resolvingSymlinksInPath().path
    }

    /// Whether process `pid` has a handler for `signal` (bit `signal - 1` of `SigCgt` in /proc).
    private static func catches(_ signal: Int32, pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
            let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return false }
        return mask & (1 << UInt64(signal - 1)) != 0
    }
}

/// Parses one JSON line into a dictionary.
public func jsonObject(_ line: String) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
    guard let object = value as? [String: Any] else { throw CocoaError(.coderReadCorrupt) }
    return object
}
