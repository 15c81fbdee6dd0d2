import TestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Headless Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`: commands
/// on the browser's fd 3, replies on fd 4, one JSON message per NUL), so a test can wait until the live
/// page shows what it expects and then read its DOM or take a screenshot, while the streams stay open.
final class ChromiumSession {
    private var pid: pid_t = 0
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private var nextID = 0
    private var pending: [UInt8] = []
    private var sessionID = ""
    private let profile: URL

    init(url: String, window: (Int, Int) = (1200, 800)) throws {
        guard let path = Chromium.path else { throw Chromium.Missing() }
        profile = try TemporaryFiles.directory()
        var commands: [Int32] = [0, 0], replies: [Int32] = [0, 0]
        guard pipe(&commands) == 0, pipe(&replies) == 0 else { throw TestFailure("pipe: errno \(errno)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, commands[0], 3)
        posix_spawn_file_actions_adddup2(&actions, replies[1], 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Only the protocol's pipes go to the browser: a socket the test holds (a client taking a stream
        // slot) would otherwise stay open in Chromium after the test closes it, and keep its slot.
        Self.closeInChild(from: 5, &actions)
        let arguments = [path, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                         "--no-first-run", "--force-device-scale-factor=1", "--window-size=\(window.0),\(window.1)",
                         "--user-data-dir=\(profile.path)", "--remote-debugging-pipe", "about:blank"]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        close(commands[0])
        close(replies[1])
        toBrowser = commands[1]
        fromBrowser = replies[0]
        guard spawned == 0 else { throw TestFailure("cannot start \(path): \(spawned)") }
        let target = try send("Target.createTarget", ["url": url, "newWindow": true, "width": window.0, "height": window.1], session: false)
        let targetID = try (target["targetId"] as? String).orThrow("no targetId in \(target)")
        let attached = try send("Target.attachToTarget", ["targetId": targetID, "flatten": true], session: false)
        sessionID = try (attached["sessionId"] as? String).orThrow("no sessionId in \(attached)")
    }

    /// Adds a file action closing every descriptor from `lowest` up: glibc's
    /// `posix_spawn_file_actions_addclosefrom_np` (2.34 and later, not visible to Swift's Glibc
    /// module), else a close per descriptor open now.
    private static func closeInChild(from lowest: Int32, _ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, lowest)
            return
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.compactMap { Int32($0) } ?? []
        for fd in open where fd >= lowest { posix_spawn_file_actions_addclose(&actions, fd) }
    }

    deinit {
        close(toBrowser)
        close(fromBrowser)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(at: profile)
    }

    /// Sends a command and returns its `result` (throws the protocol's error).
    @discardableResult
    func send(_ method: String, _ parameters: [String: Any] = [:], session: Bool = true) throws -> [String: Any] {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": parameters]
        if session { message["sessionId"] = sessionID }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        guard write(toBrowser, bytes, bytes.count) == bytes.count else { throw TestFailure("chromium closed its pipe") }
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let reply = try readMessage()
            guard reply["id"] as? Int == nextID else { continue }  // events and other replies
            if let error = reply["error"] { throw TestFailure("\(method): \(error)") }
            return reply["result"] as? [String: Any] ?? [:]
        }
        throw TestFailure("\(method): no reply within 60 s")
    }

    /// The value of a JavaScript expression in the page.
    @discardableResult
    func evaluate(_ expression: String) throws -> Any? {
        let result = try send("Runtime.evaluate", ["expression": expression, "returnByValue": true])
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Evaluates `expression` every 200 ms until it is true; false after `seconds`.
    func wait(until expression: String, seconds: Double = 30) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try evaluate(expression) as? Bool == true { return true }
            Thread.sleep(forTimeInterval: 0.2)
        }
        return false
    }

    /// A PNG screenshot of the page's viewport, written to `path`.
    func screenshot(to path: String) throws {
        let result = try send("Page.captureScreenshot", ["format": "png"])
        let data = try (result["data"] as? String).flatMap { Data(base64Encoded: $0) }.orThrow("no screenshot data")
        try data.write(to: URL(fileURLWithPath: path))
    }

    private func readMessage() throws -> [String: Any] {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let end = pending.firstIndex(of: 0) {
                let message = Array(pending[..<end])
                pending.removeFirst(end + 1)
                return try JSONSerialization.jsonObject(with: Data(message)) as? [String: Any] ?? [:]
            }
            let n = read(fromBrowser, &buffer, buffer.count)
            guard n > 0 else { throw TestFailure("chromium closed its pipe") }
            pending += buffer[0..<n]
        }
    }
}

extension Optional {
    func orThrow(_ message: String) throws -> Wrapped {
        guard let self else { throw TestFailure(message) }
        return self
    }
}
