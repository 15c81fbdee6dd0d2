import Foundation

/// Runs a built executable of the package (`track`, a sample) and captures what it prints.
struct TrackProcess {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
        var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `track` binary next to the test bundle, or in the package's default build folder.
    static var executable: URL { executable(named: "track") }

    /// The executable `name` built beside the test bundle (the build folder of this
    /// test run, debug or release), or in the package's default build folder.
    static func executable(named name: String) -> URL {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for dir in [besideTests, besideTests.deletingLastPathComponent(), packageRoot.appendingPathComponent(".build/debug")] {
            let candidate = dir.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return packageRoot.appendingPathComponent(".build/debug/\(name)")
    }

    static let samples = packageRoot.appendingPathComponent("../shared/data/zxing-cpp-samples").standardizedFileURL

    /// Runs `program` (default `track`) with `arguments` in `directory` and waits at most `timeout` seconds.
    static func run(_ arguments: [String], program: String = "track", environment: [String: String] = [:],
                    in directory: URL? = nil, timeout: TimeInterval = 120) throws -> Outcome {
        try launch(executable(named: program), arguments, environment: environment, in: directory, timeout: timeout)
    }

    /// Runs any `executable` (e.g. `/bin/sh` wrapping `track`, or `nm`) with `arguments`
    /// in `directory` (default: the package root), capturing its output; waits at most `timeout` seconds.
    static func launch(_ executable: URL, _ arguments: [String], environment: [String: String] = [:],
                       in directory: URL? = nil, timeout: TimeInterval = 120) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
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
        return Outcome(status: process.terminationStatus,
                       stdout: String(decoding: outData, as: UTF8.self),
                       stderr: String(decoding: errData, as: UTF8.self))
    }

    /// When a signal is sent to a running `track`.
    enum SignalMoment {
        /// Once its first line of standard output has arrived.
        case afterFirstLine
        /// As soon as the process catches the signal (its `SigCgt` mask in /proc says so):
        /// the first moment it can act on it at all, before its Swift code runs.
        case assoonAsCaught
    }

    /// Runs `track` with `arguments`, sends `signal` at `moment`, and returns its exit
    /// status and all it printed.
    static func signal(_ arguments: [String], _ signal: Int32, at moment: SignalMoment = .afterFirstLine)
        throws -> (status: Int32, reason: Process.TerminationReason, lines: [String]) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var data = Data()
        switch moment {
        case .afterFirstLine:
            while !data.contains(0x0A) {
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                data += chunk
            }
        case .assoonAsCaught:
            let pid = process.processIdentifier
            while process.isRunning, !(isExecuting(executable, pid: pid) && catches(signal, pid: pid)) { usleep(200) }
        }
        kill(process.processIdentifier, signal)
        data += out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason,
                String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    /// Whether process `pid` runs `program` (it has finished `exec`).
    private static func isExecuting(_ program: URL, pid: Int32) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) == program.resolvingSymlinksInPath().path
    }

    /// Whether process `pid` has a handler for `signal` (bit `signal - 1` of `SigCgt` in /proc).
    private static func catches(_ signal: Int32, pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
              let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
        return mask & (1 << UInt64(signal - 1)) != 0
    }

    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("track-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Parses one JSON line into a dictionary.
func jsonObject(_ line: String) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
    guard let object = value as? [String: Any] else { throw CocoaError(.coderReadCorrupt) }
    return object
}
