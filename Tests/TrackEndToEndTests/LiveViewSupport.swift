import Foundation
import TestSupport
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
    /// The scratch folder this job made for its output, removed with it.
    private let scratchFolder: URL?

    /// The demo job most live-page tests serve: frames at the camera's pace, on a free loopback
    /// port, until stopped.
    static let demo = ["--demo", "--realtime", "--frames", "100000", "--serve", "127.0.0.1:0"]

    /// Starts `track` with `arguments` and waits for its `serving URL` line. Its standard output
    /// goes to `directory`, or when that is `nil` to a scratch folder of its own that goes with it.
    init(_ arguments: [String], directory: URL? = nil) throws {
        let folder = try directory ?? TemporaryFiles.directory()
        scratchFolder = directory == nil ? folder : nil
        var started = false
        // Until the job is up, a failure removes the scratch folder here; after, deinit does.
        defer { if !started, directory == nil { try? FileManager.default.removeItem(at: folder) } }
        stdoutFile = folder.appendingPathComponent("stdout.jsonl")
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
            let port = URLComponents(string: url)?.port
        else {
            process.terminate()
            throw TestFailure("track printed no 'serving URL' line first: \(text)")
        }
        self.url = url
        self.port = port
        firstErrorLine = String(text.split(separator: "\n").first ?? "")
        // Keep draining standard error so that the process never blocks on a full pipe.
        let handle = errorPipe.fileHandleForReading
        DispatchQueue.global().async { _ = handle.readDataToEndOfFile() }
        started = true
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

    deinit {
        if process.isRunning { process.terminate() }
        if let scratchFolder { try? FileManager.default.removeItem(at: scratchFolder) }
    }
}

/// A one-page HTTP server on a loopback port of its own: the "other site" of the cross-site tests.
/// Every request gets `html`; it runs on a thread until the process ends (tests are short-lived).
final class OtherSitePage: @unchecked Sendable {
    // @unchecked: `port` and `listener` are set once in init, before the thread starts, and only read after.
    let port: Int
    private let listener: Int32

    init(html: String) throws {
        let listening = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        listener = listening
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listening, $0, length) == 0 && getsockname(listening, $0, &length) == 0
            }
        }
        guard bound, listen(listening, 8) == 0 else { throw TestFailure("cannot listen for the other site: errno \(errno)") }
        port = Int(UInt16(bigEndian: address.sin_port))
        let response = Array(
            "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: \(html.utf8.count)\r\nConnection: close\r\n\r\n\(html)".utf8)
        Thread.detachNewThread {
            while true {
                let client = accept(listening, nil, nil)
                guard client >= 0 else { return }
                var buffer = [UInt8](repeating: 0, count: 8_192)
                _ = recv(client, &buffer, buffer.count, 0)
                _ = response.withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, 0) }
                close(client)
            }
        }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}

extension ServingTrack {
    /// The highest frame number in the `frame` lines `/events` sends in `seconds`.
    func latestFrame(readingFor seconds: Double = 1) throws -> Int {
        try LoopbackHTTP.request("GET", "/events", port: port, readFor: seconds).events.compactMap { $0["frame"] as? Int }.max() ?? 0
    }
}
