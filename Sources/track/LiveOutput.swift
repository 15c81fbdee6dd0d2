import BarcodeTracking
import Dispatch
import LiveView

/// `--serve`: the run as the live page sees it. Each processed frame goes to the feed: picture,
/// tracks and overlay plans, and the same `jsonl` lines as `--format jsonl` (one encoder, JSONLines).
final class LiveOutput {
    let feed: LiveFeed
    let server: LiveViewServer
    private let clock: FrameClock
    private var lastStats = DispatchTime.now()

    /// `nextPallet`: what `POST /next` calls (`track station`'s manual trigger), `nil` for `track run`.
    init(configuration: LiveViewConfiguration, session: ScanSession, scene: LiveViewScene, clock: FrameClock,
         nextPallet: (@Sendable () -> Void)? = nil, metrics: JobMetrics? = nil) throws {
        feed = try LiveFeed(maximumViewers: configuration.maximumStreamingClients, maximumSnapshots: configuration.maximumSnapshots)
        server = try LiveViewServer(configuration: configuration, feed: feed, session: session, scene: scene, nextPallet: nextPallet,
                                    metrics: metrics)
        self.clock = clock
    }

    /// Listens; returns the page's URL.
    func start() async throws(LiveViewError) -> String { try await server.start() }

    /// One processed frame, from the job's loop (never the frame-processing queue), with the
    /// overlays alive after it (`--overlay`, frame pixels) and their `create`/`delete` events.
    func frame(_ result: ScanFrameResult, overlays plans: [OverlayPlan], events: [OverlayEvent]) {
        let start = DispatchTime.now()
        feed.publish(result, overlays: plans)
        for line in events.map(\.jsonLine) { feed.publish(eventLine: line) }
        let now = DispatchTime.now()
        clock.notePublishing(now.uptimeNanoseconds - start.uptimeNanoseconds)
        if now.uptimeNanoseconds - lastStats.uptimeNanoseconds >= 1_000_000_000 {
            lastStats = now
            let recent = clock.takeRecent()
            feed.publish(named: "stats", json: #"{"latencyP50":\#(recent.p50),"latencyP99":\#(recent.p99),"frames":\#(recent.count)}"#)
        }
    }

    /// Sends the summary, ends the streams, gives viewers up to 2 s to read it, and stops the server.
    func finish(_ summary: ScanSummary, expected: Int?) async {
        feed.finish(with: summary, expected: expected)
        await server.stop()
    }
}
