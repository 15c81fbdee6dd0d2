import PalletDelivery
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The PostgreSQL sink against a server that never answers (no PostgreSQL needed).
struct PostgresSinkTimeoutTests {
    @Test("A server that takes the connection but never answers is given up after the timeout, retryably", .timeLimit(.minutes(3)))
    func aSilentServerTimesOut() async throws {
        // A listening socket nobody accepts on: the kernel completes the handshake, then nothing.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 4) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        try #require(listening)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let sink = try PostgresSink(
            address: PostgresAddress(user: "track", host: "127.0.0.1", port: port, database: "track"),
            password: "x", timeout: 0.5)
        do {
            // On a thread of its own: the sink's deadline is a timer, which a busy shared pool would delay.
            try await onOwnThread { try await sink.prepare() }
            Issue.record("prepare() succeeded against a silent server")
        } catch let error as DeliveryError {
            #expect(error.isRetryable)
            // The TCP connection itself may time out first (NIO's connect timeout), or the start-up after it.
            #expect(error.message.contains("127.0.0.1:\(port)") && error.message.contains("within 0.5 s"), "\(error.message)")
        }
        await sink.shutdown()
    }
}
