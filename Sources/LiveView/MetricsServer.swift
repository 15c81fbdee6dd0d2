import Foundation
import Hummingbird
import Logging
import Synchronization

/// Serves ``JobMetrics`` alone, at `GET /metrics`, for a job that shows no page (`track --metrics
/// ADDRESS:PORT`): a Prometheus server scrapes it. Every other path gets 404. Call ``start()``
/// once and ``stop()`` at the end.
public final class MetricsServer: Sendable {
    /// The counters served.
    public let metrics: JobMetrics
    /// The address listened on (an IPv4/IPv6 literal or a host name).
    public let host: String
    /// The TCP port; 0 lets the system pick one (read it from ``start()``'s URL).
    public let port: Int
    private let task = ServerTask(name: "metrics-server")

    /// A server for `metrics` on `host`:`port`.
    public init(metrics: JobMetrics, host: String, port: Int) {
        self.metrics = metrics
        self.host = host
        self.port = port
    }

    /// Starts listening and returns the metrics' URL, e.g. `http://127.0.0.1:9464/metrics`, once the
    /// port is bound; throws ``LiveViewError`` (`.cannotListen`) when the address cannot be bound.
    public func start() async throws(LiveViewError) -> String {
        let router = Router()
        let metrics = self.metrics
        router.get("/metrics") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: metrics.text())))
        }
        var logger = Logger(label: "metrics", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = .critical
        let (bound, boundContinuation) = AsyncStream.makeStream(of: Int?.self)
        let application = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in
                boundContinuation.yield(channel.localAddress?.port)
                boundContinuation.finish()
            },
            logger: logger)
        let failure = Mutex<String?>(nil)
        task.start {
            do { try await application.run() } catch { failure.withLock { $0 = "\(error)" } }
            boundContinuation.finish()
        }
        let origin = try await serverOrigin(host: host, port: port, bound: bound, action: "serve metrics") { failure.withLock { $0 } }
        return "\(origin)/metrics"
    }

    /// Stops listening.
    public func stop() async {
        await task.stop()
    }
}
