import TestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Headless Chromium from Debian's `chromium` package, for the live page's end-to-end tests.
/// Outside CI the tests are skipped when it is missing; `.ci/run` installs it and sets
/// `LIVE_VIEW_REQUIRE_CHROMIUM=1`, which turns its absence into a failure.
enum Chromium {
    static let path: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    static let isRequired = ProcessInfo.processInfo.environment["LIVE_VIEW_REQUIRE_CHROMIUM"] == "1"
    /// Whether the browser tests run: chromium is here, or CI requires it (and the test fails without it).
    static let shouldRun = path != nil || isRequired
    static let skipReason: Comment = "chromium is not installed (apt-get install chromium; .ci/run installs it and requires it)"

    struct Missing: Error, CustomStringConvertible {
        var description: String { "chromium is required (LIVE_VIEW_REQUIRE_CHROMIUM=1) but not installed" }
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// `track … --serve 127.0.0.1:0` running in the background, with the URL it printed.
final class ServingTrack {
    let process = Process()
    let url: String
    let port: Int
    /// The first line track wrote on standard error.
    let firstErrorLine: String
    private let stdoutFile: URL
    private let errorPipe = Pipe()

    init(_ arguments: [String], directory: URL) throws {
        stdoutFile = directory.appendingPathComponent("stdout.jsonl")
        _ = FileManager.default.createFile(atPath: stdoutFile.path, contents: nil)
        process.executableURL = TrackProcess.executable
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: stdoutFile)
        process.standardError = errorPipe
        process.standardInput = FileHandle.nullDevice
        if let options = ProcessInfo.processInfo.environment["ASAN_OPTIONS"], options.contains("fast_unwind_on_malloc=0") {
            // Under `Tests/Sanitizers/run address`: full unwinding on every malloc serialises all
            // of the server's threads on the unwinder's lock while the demo keeps rendering
            // (paused too, as a camera keeps sending), and POST /snapshot took 122 s instead of
            // 5 s. This long-running child keeps ASan's fast unwinder: only leak.supp's entry for
            // zxing-cpp's guarded assertions needs full stacks, and the demo scene trips none.
            var environment = ProcessInfo.processInfo.environment
            environment["ASAN_OPTIONS"] = options + " fast_unwind_on_malloc=1"
            process.environment = environment
        }
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(60)
        func servingLine() -> Substring? {
            text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().first { $0.hasPrefix("serving ") }
        }
        while servingLine() == nil, Date() < deadline, process.isRunning {
            let data = errorPipe.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let line = servingLine(),
              let url = line.split(separator: " ").last.map(String.init),
              let port = URLComponents(string: url)?.port else {
            process.terminate()
            throw TestFailure("track printed no 'serving URL' line first: \(text)")
        }
        self.url = url
        self.port = port
        firstErrorLine = String(text.split(separator: "\n").first ?? "")
        // Keep draining standard error so that the process never blocks on a full pipe.
        let handle = errorPipe.fileHandleForReading
        DispatchQueue.global().async { _ = handle.readDataToEndOfFile() }
    }

    /// Sends SIGINT and waits: the summary is written and the status is 130.
    func stop() -> (status: Int32, stdout: String) {
        if process.isRunning { process.interrupt() }
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? "")
    }

    /// Waits for the job to end by itself and returns its exit status.
    func waitForExit() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit { if process.isRunning { process.terminate() } }
}

/// A minimal HTTP/1.1 client over a loopback socket: enough to send the page's POSTs and to read a
/// streaming response (SSE, MJPEG) for a while, without any HTTP library in the way.
enum LoopbackHTTP {
    struct Response {
        var status: Int
        var head: String
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
        /// The `data:` lines of a Server-Sent Events body, parsed as JSON objects.
        var events: [[String: Any]] {
            text.split(separator: "\n").compactMap { line in
                guard line.hasPrefix("data: {") else { return nil }
                return try? jsonObject(String(line.dropFirst(6)))
            }
        }
    }

    /// Connects to 127.0.0.1:`port`; the caller closes the descriptor.
    static func connect(port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { close(fd); throw TestFailure("cannot connect to port \(port): errno \(errno)") }
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    static func send(_ fd: Int32, _ method: String, _ path: String) {
        let request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
        _ = request.withCString { Glibc.send(fd, $0, strlen($0), 0) }
    }

    /// Sends `GET path` (a streaming route) on a new connection and reads until the response's status
    /// line has come or `seconds` pass. Returns the descriptor, still open (the caller closes it), and
    /// the status (0 when none came).
    static func openStream(_ path: String, port: Int, waitingUpTo seconds: Double = 10) throws -> (fd: Int32, status: Int) {
        let fd = try connect(port: port)
        send(fd, "GET", path)
        var data: [UInt8] = []
        var byte: UInt8 = 0
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline, !data.contains(10) {
            if recv(fd, &byte, 1, 0) == 1 { data.append(byte) }
        }
        let statusLine = String(decoding: data, as: UTF8.self)
        return (fd, Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? 0)
    }

    /// Sends a request and reads the response until the server closes, `seconds` pass, or `enough`
    /// says what has arrived (the raw bytes) is enough.
    static func request(_ method: String, _ path: String, port: Int, readFor seconds: Double = 5,
                        until enough: ([UInt8]) -> Bool = { _ in false }) throws -> Response {
        let fd = try connect(port: port)
        defer { close(fd) }
        send(fd, method, path)
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline, !enough(data) {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n == 0 { break }
            if n > 0 { data += buffer[0..<n] }
        }
        guard let split = data.indices.dropLast(3).first(where: { data[$0] == 13 && data[$0 + 1] == 10 && data[$0 + 2] == 13 && data[$0 + 3] == 10 }) else {
            throw TestFailure("no HTTP response from \(method) \(path): \(String(decoding: data, as: UTF8.self))")
        }
        let head = String(decoding: data[..<split], as: UTF8.self)
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        var body = Array(data[(split + 4)...])
        if head.lowercased().contains("transfer-encoding: chunked") { body = dechunked(body) }
        return Response(status: status, head: head, body: body)
    }

    /// Removes chunked transfer coding (a stream cut mid-chunk keeps what arrived).
    static func dechunked(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [], i = 0
        while i < data.count {
            guard let lineEnd = data[i...].firstIndex(of: 13), lineEnd + 1 < data.count,
                  let size = Int(String(decoding: data[i..<lineEnd], as: UTF8.self), radix: 16), size > 0 else { break }
            let start = lineEnd + 2, end = min(start + size, data.count)
            out += data[start..<end]
            i = end + 2
        }
        return out
    }
}
