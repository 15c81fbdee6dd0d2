import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A request to the loopback server failed (no connection, no HTTP response).
public struct LoopbackHTTPFailure: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// A minimal HTTP/1.1 client over a loopback socket: enough to send the page's POSTs and to read a
/// streaming response (SSE, MJPEG) for a while, without any HTTP library in the way.
public enum LoopbackHTTP {
    public struct Response {
        public var status: Int
        public var head: String
        public var body: [UInt8]
        public var text: String { String(decoding: body, as: UTF8.self) }
        /// The `data:` lines of a Server-Sent Events body, parsed as JSON objects.
        public var events: [[String: Any]] {
            text.split(separator: "\n").compactMap { line in
                guard line.hasPrefix("data: {") else { return nil }
                return try? jsonObject(String(line.dropFirst(6)))
            }
        }
    }

    /// Connects to 127.0.0.1:`port`; the caller closes the descriptor.
    public static func connect(port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw LoopbackHTTPFailure("socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { close(fd); throw LoopbackHTTPFailure("cannot connect to port \(port): errno \(errno)") }
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    /// Sends a request without body; `headers` (e.g. `Origin: …`) go after `Host`, which is
    /// `127.0.0.1` unless `headers` give one.
    public static func send(_ fd: Int32, _ method: String, _ path: String, headers: [String] = []) {
        let host = headers.contains { $0.lowercased().hasPrefix("host:") } ? "" : "Host: 127.0.0.1\r\n"
        let extra = headers.map { $0 + "\r\n" }.joined()
        let request = "\(method) \(path) HTTP/1.1\r\n\(host)\(extra)Connection: close\r\nContent-Length: 0\r\n\r\n"
        _ = request.withCString { Glibc.send(fd, $0, strlen($0), 0) }
    }

    /// Sends `GET path` (a streaming route) on a new connection and reads until the response's status
    /// line has come or `seconds` pass. Returns the descriptor, still open (the caller closes it), and
    /// the status (0 when none came).
    public static func openStream(_ path: String, port: Int, waitingUpTo seconds: Double = 10) throws -> (fd: Int32, status: Int) {
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
    public static func request(_ method: String, _ path: String, port: Int, headers: [String] = [], readFor seconds: Double = 5,
                               until enough: ([UInt8]) -> Bool = { _ in false }) throws -> Response {
        let fd = try connect(port: port)
        defer { close(fd) }
        send(fd, method, path, headers: headers)
        return try readResponse(fd, readFor: seconds, until: enough)
    }

    /// Reads a response on `fd` until the server closes, `seconds` pass, or `enough` says what has
    /// arrived (the raw bytes) is enough; the body is de-chunked.
    public static func readResponse(_ fd: Int32, readFor seconds: Double = 5, until enough: ([UInt8]) -> Bool = { _ in false }) throws -> Response {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline, !enough(data) {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n == 0 { break }
            if n > 0 { data += buffer[0..<n] }
        }
        guard let split = data.indices.dropLast(3).first(where: { data[$0] == 13 && data[$0 + 1] == 10 && data[$0 + 2] == 13 && data[$0 + 3] == 10 }) else {
            throw LoopbackHTTPFailure("no HTTP response: \(String(decoding: data, as: UTF8.self))")
        }
        let head = String(decoding: data[..<split], as: UTF8.self)
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        var body = Array(data[(split + 4)...])
        if head.lowercased().contains("transfer-encoding: chunked") { body = dechunked(body) }
        return Response(status: status, head: head, body: body)
    }

    /// Removes chunked transfer coding (a stream cut mid-chunk keeps what arrived).
    public static func dechunked(_ data: [UInt8]) -> [UInt8] {
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
