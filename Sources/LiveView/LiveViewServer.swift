import BarcodeAnnotation
public import BarcodeTracking
import Foundation
import Hummingbird
import Logging
import Synchronization

/// Serves a running job over HTTP with Hummingbird: the page (`GET /`), the frames as MJPEG
/// (`GET /stream.mjpeg`), the `jsonl` events as Server-Sent Events (`GET /events`), the scene
/// (`GET /scene.json`), and the operator's actions `POST /pause`, `/resume`, `/clear`, `/snapshot`
/// (also `GET /snapshot.png`), which act on the ``ScanSession``, for a pallet station `POST /next`,
/// and with ``metrics`` the job's counters for Prometheus (`GET /metrics`).
///
/// The server only reads the ``LiveFeed`` and calls the session's thread-safe controls: it never
/// stops the job, and a failing viewer never reaches the tracking. Call ``start()`` once, then
/// ``stop()`` after the feed is finished.
public final class LiveViewServer: Sendable {
    /// The checked settings.
    public let configuration: LiveViewConfiguration
    /// What is shown.
    public let feed: LiveFeed
    /// What the pause, resume and clear buttons act on.
    public let session: ScanSession
    /// Frame size, scan area and expected count, for the page.
    public let scene: LiveViewScene
    /// What `POST /next` calls (a pallet station's manual trigger, from a request's task); `nil` when the
    /// job counts no pallets, and `POST /next` gets 404.
    public let nextPallet: (@Sendable () -> Void)?
    /// What `GET /metrics` serves; `nil`: 404.
    public let metrics: JobMetrics?
    private let task = ServerTask(name: "live-view")
    /// The port listened on, once bound; the request guard checks `Host` against it.
    let boundPort = BoundPort()

    /// A server for `feed` and `session`, with `nextPallet` behind `POST /next` when the job is a pallet
    /// station; throws ``LiveViewError`` (`.invalidConfiguration`) for unsafe or impossible settings (see
    /// ``LiveViewConfiguration/validated()``).
    public init(
        configuration: LiveViewConfiguration, feed: LiveFeed, session: ScanSession, scene: LiveViewScene,
        nextPallet: (@Sendable () -> Void)? = nil, metrics: JobMetrics? = nil
    ) throws(LiveViewError) {
        self.configuration = try configuration.validated()
        self.feed = feed
        self.session = session
        self.scene = scene
        self.nextPallet = nextPallet
        self.metrics = metrics
    }

    /// Starts listening and returns the page's address, e.g. `http://127.0.0.1:8080/` (with `?token=…`
    /// when a token is set), once the port is bound. Throws ``LiveViewError`` (`.cannotListen`) when
    /// the address cannot be bound (in use, not an address of this machine).
    public func start() async throws(LiveViewError) -> String {
        let (bound, boundContinuation) = AsyncStream.makeStream(of: Int?.self)
        var logger = Logger(label: "live-view", factory: { StreamLogHandler.standardError(label: $0) })
        // Hummingbird's own lines (server started, request errors) would mix with track's output.
        logger.logLevel = .critical
        let idle = configuration.idleTimeout.components
        let boundPort = self.boundPort
        let application = Application(
            router: makeRouter(),
            server: .http1(
                configuration: .init(idleTimeout: .nanoseconds(idle.seconds * 1_000_000_000 + idle.attoseconds / 1_000_000_000))),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: nil),
            onServerRunning: { channel in
                boundPort.port = channel.localAddress?.port ?? 0
                boundContinuation.yield(channel.localAddress?.port)
                boundContinuation.finish()
            },
            logger: logger)
        let host = configuration.host, port = configuration.port
        let failure = Mutex<String?>(nil)
        let feed = self.feed
        task.start {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: .seconds(2))
                        feed.heartbeat()
                    }
                }
                do { try await application.run() } catch {
                    failure.withLock { $0 = "\(error)" }
                }
                group.cancelAll()
            }
            boundContinuation.finish()
        }
        let origin = try await serverOrigin(host: host, port: port, bound: bound, action: "serve") { failure.withLock { $0 } }
        let query = configuration.token.map { "?token=\(Self.percentEncoded($0))" } ?? ""
        return "\(origin)/\(query)"
    }

    /// Stops listening. When the ``feed`` is finished, streams still sending their last lines (the summary)
    /// get up to `grace` to do so; then open streams are cut.
    public func stop(grace: Duration = .seconds(2)) async {
        let clock = ContinuousClock(), deadline = clock.now.advanced(by: grace)
        while feed.isFinished, feed.openResponseCount > 0, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(50))
        }
        await task.stop()
    }

    static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}
