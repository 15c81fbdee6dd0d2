import ArgumentParser
import LiveView

/// `--serve [ADDRESS:]PORT` and `--token`: the live page.
struct ServeOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Serve a live page, MJPEG frames and the jsonl events as Server-Sent Events on [ADDRESS:]PORT (address default 127.0.0.1; port 0 picks a free one). The URL is printed on standard error.",
        valueName: "[address:]port"))
    var serve: String?

    @Option(name: .long, help: ArgumentHelp(
        "With --serve: a token every request must carry (?token=…). Required for a non-loopback address; one is generated and printed when left out.",
        valueName: "token"))
    var token: String?

    @Option(name: .customLong("serve-host"), help: ArgumentHelp(
        "With --serve: another name the page may be opened under (repeatable), besides localhost, 127.0.0.1, [::1] and the --serve address. A loopback server refuses requests for any other Host with 403, so that no web page can reach it through a name of its own.",
        valueName: "name"))
    var serveHosts: [String] = []

    @Option(name: .long, help: ArgumentHelp(
        "Serve the job's counters for Prometheus at http://[ADDRESS:]PORT/metrics (address default 127.0.0.1; port 0 picks a free one), without the page; with --serve they are also at the page's /metrics. The URL is printed on standard error.",
        valueName: "[address:]port"))
    var metrics: String?

    @Flag(name: .customLong("latency-report"), help: .hidden)
    var latencyReport = false

    func validate() throws {
        if token != nil, serve == nil { throw ValidationError("--token only applies with --serve") }
        if !serveHosts.isEmpty, serve == nil { throw ValidationError("--serve-host only applies with --serve") }
        if let bad = serveHosts.first(where: { name in
            name.isEmpty || name.contains(where: { " /@?#".contains($0) }) || (name.contains(":") && !name.hasPrefix("["))
        }) {
            throw ValidationError("--serve-host: '\(bad)' is not a host name; give a name such as scanner.local, without port or path")
        }
        if let token, !Self.isValidToken(token) {
            throw ValidationError("--token must be 8 to 200 letters, digits, '-', '_', '.' or '~' (it travels in the URL)")
        }
        _ = try address()
        _ = try metricsAddress()
    }

    /// 128 random bits as 32 hexadecimal digits.
    static func generatedToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    static func isValidToken(_ token: String) -> Bool {
        (8...200).contains(token.count) && token.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_.~".unicodeScalars.contains($0)
        }
    }

    /// `--serve` split into host and port; `nil` without `--serve`.
    func address() throws -> (host: String, port: Int)? {
        try serve.map { try Self.address($0, option: "--serve") }
    }

    /// `--metrics` split into host and port; `nil` without `--metrics`.
    func metricsAddress() throws -> (host: String, port: Int)? {
        try metrics.map { try Self.address($0, option: "--metrics") }
    }

    /// `[ADDRESS:]PORT` given to `option`, split into host (default 127.0.0.1) and port.
    static func address(_ serve: String, option: String) throws -> (host: String, port: Int) {
        var host = "127.0.0.1", portText = serve
        if serve.hasPrefix("["), let close = serve.firstIndex(of: "]") {
            host = String(serve[serve.index(after: serve.startIndex)..<close])
            let rest = serve[serve.index(after: close)...]
            guard rest.hasPrefix(":") else { throw ValidationError("\(option): give a port after the address, e.g. [::1]:8080") }
            portText = String(rest.dropFirst())
        } else if let colon = serve.lastIndex(of: ":") {
            if serve[..<colon].contains(":") {
                throw ValidationError("\(option): write an IPv6 address in brackets with its port, e.g. [::1]:8080")
            }
            let given = String(serve[..<colon])
            if !given.isEmpty { host = given }
            portText = String(serve[serve.index(after: colon)...])
        }
        guard let port = Int(portText), (0...65_535).contains(port) else {
            throw ValidationError("\(option): port '\(portText)' is not a number 0...65535 (0 picks a free port), e.g. \(option) 8080 or \(option) 0.0.0.0:8080")
        }
        guard !host.contains(where: { $0 == " " || $0 == "/" }) else {
            throw ValidationError("\(option): '\(host)' is not an address; use e.g. 127.0.0.1, 0.0.0.0 or [::1]")
        }
        return (host, port)
    }

    /// The server settings, with a generated token when the address is not loopback and none was given.
    func configuration() throws -> LiveViewConfiguration? {
        guard let (host, port) = try address() else { return nil }
        var configuration = LiveViewConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.token = token
        configuration.allowedHostNames = serveHosts
        if !configuration.isLoopback, token == nil {
            configuration.token = Self.generatedToken()
        }
        do { return try configuration.validated() } catch { throw ValidationError("--serve: \(error.message)") }
    }
}
