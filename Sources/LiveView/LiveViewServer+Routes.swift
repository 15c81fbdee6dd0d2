import BarcodeAnnotation
import BarcodeTracking
import Foundation
import Hummingbird
import JSONLines
import NIOCore
import Synchronization

extension LiveViewServer {
    /// The routes, behind the request guard (host, origin, token).
    func makeRouter() -> Router<LiveRequestContext> {
        let router = Router(context: LiveRequestContext.self)
        router.add(middleware: RequestGuard(configuration: configuration, boundPort: boundPort))
        let feed = self.feed, session = self.session, scene = self.scene
        let writeTimeout = configuration.writeTimeout
        let page = Array(LivePage.html.utf8)
        router.get("/") { _, _ in
            Self.response(.ok, type: "text/html; charset=utf-8", page)
        }
        router.head("/") { _, _ in
            // As GET, without the body: the length says what GET would send.
            var head = Self.response(.ok, type: "text/html; charset=utf-8", [])
            head.headers[.contentLength] = String(page.count)
            return head
        }
        router.get("/scene.json") { _, _ in
            Self.response(.ok, type: "application/json", Array(scene.json.utf8))
        }
        router.get("/stream.mjpeg") { _, context in
            guard let frames = feed.frames() else { return Self.busy(feed) }
            return Self.mjpeg(frames, feed: feed, channel: context.channel, timeout: writeTimeout)
        }
        router.get("/events") { _, context in
            guard let events = feed.events() else { return Self.busy(feed) }
            return Self.serverSentEvents(events, feed: feed, channel: context.channel, timeout: writeTimeout)
        }
        router.post("/pause") { _, _ in
            session.pause()
            feed.publish(named: "paused", json: "{}")
            return Self.response(.ok, type: "application/json", Array(#"{"paused":true}"#.utf8))
        }
        router.post("/resume") { _, _ in
            session.resume()
            feed.publish(named: "resumed", json: "{}")
            return Self.response(.ok, type: "application/json", Array(#"{"paused":false}"#.utf8))
        }
        router.post("/clear") { _, _ in
            session.clear()
            feed.publish(named: "cleared", json: "{}")
            return Self.response(.ok, type: "application/json", Array(#"{"cleared":true}"#.utf8))
        }
        let nextPallet = self.nextPallet
        router.post("/next") { _, _ in
            guard let nextPallet else {
                return Self.refusal(.notFound, "this job counts no pallets: POST /next closes a pallet of track station\n")
            }
            nextPallet()
            return Self.response(.ok, type: "application/json", Array(#"{"next":true}"#.utf8))
        }
        let metrics = self.metrics
        router.get("/metrics") { _, _ in
            guard let metrics else { return Self.refusal(.notFound, "this job keeps no metrics\n") }
            return Self.response(.ok, type: "text/plain; version=0.0.4; charset=utf-8", Array(metrics.text().utf8))
        }
        router.get("/snapshot.png") { _, _ in await Self.snapshot(feed) }
        router.post("/snapshot") { _, _ in await Self.snapshot(feed) }
        return router
    }

    static func response(_ status: HTTPResponse.Status, type: String, _ bytes: [UInt8]) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A plain-text refusal saying what was wrong and what to do.
    static func refusal(_ status: HTTPResponse.Status, _ message: String) -> Response {
        response(status, type: "text/plain; charset=utf-8", Array(message.utf8))
    }

    static func busy(_ feed: LiveFeed) -> Response {
        refusal(.serviceUnavailable, "too many viewers: \(feed.maximumViewers) streams are open; close a page and retry\n")
    }

    static func snapshot(_ feed: LiveFeed) async -> Response {
        switch await feed.encodedSnapshotPNG() {
        case .noFrame:
            return refusal(.serviceUnavailable, "no frame yet; retry in a moment\n")
        case .busy:
            var busy = refusal(.serviceUnavailable, "\(feed.maximumSnapshots) snapshots are being made; retry in a moment\n")
            busy.headers[.retryAfter] = "1"
            return busy
        case .png(let png):
            var result = response(.ok, type: "image/png", png)
            result.headers[.contentDisposition] = "inline; filename=\"snapshot.png\""
            return result
        }
    }

    /// `multipart/x-mixed-replace`: one JPEG part per frame the viewer can take.
    static func mjpeg(_ frames: AsyncStream<LiveFeed.FrameSnapshot>, feed: LiveFeed, channel: any Channel, timeout: Duration) -> Response {
        streaming(frames, type: "multipart/x-mixed-replace; boundary=frame", feed: feed, channel: channel, timeout: timeout) { frame in
            // A frame that cannot be encoded ends this stream (the page reconnects); tracking is not involved.
            let jpeg = try await feed.encodedJPEG(for: frame)
            var buffer = ByteBuffer()
            buffer.writeString("--frame\r\nContent-Type: image/jpeg\r\nContent-Length: \(jpeg.count)\r\n"
                               + "X-Frame-Number: \(frame.frameNumber)\r\n\r\n")
            buffer.writeBytes(jpeg)
            buffer.writeString("\r\n")
            return buffer
        }
    }

    /// `text/event-stream`: `data:` lines of the jsonl contract, named events for the operator's actions.
    /// Live items carry `id:` (the feed's sequence number); when items were dropped for this viewer (it
    /// did not keep up), a `gap` event saying how many comes before the next one.
    static func serverSentEvents(_ viewer: LiveFeed.EventViewer, feed: LiveFeed, channel: any Channel, timeout: Duration) -> Response {
        let expected = ExpectedSequence(viewer.firstSequence)
        return streaming(viewer.stream, type: "text/event-stream", feed: feed, channel: channel, timeout: timeout) { event in
            var buffer = ByteBuffer()
            if let sequence = event.sequence {
                let missed = expected.take(sequence)
                if missed > 0 {
                    buffer.writeString("event: gap\ndata: {\"dropped\":\(missed),\"before\":\(sequence)}\n\n")
                }
                buffer.writeString("id: \(sequence)\n")
            }
            switch event.item {
            case .data(let line): buffer.writeString("data: \(line)\n\n")
            case .named(let name, let json): buffer.writeString("event: \(name)\ndata: \(json)\n\n")
            case .keepAlive: buffer.writeString(": keep-alive\n\n")
            }
            return buffer
        }
    }

    /// The send buffer of a streaming connection, in bytes (the system doubles it): a few JPEG parts.
    static let streamSendBuffer: SocketOptionValue = 64 * 1024

    /// A `200` response of `type`, never cached, that writes `encode(element)` for each element of
    /// `stream` until it ends; counted in the feed's open responses, so that the server's stop waits
    /// for the last lines (the summary) to go out. A write the client has not taken within `timeout`
    /// (it stopped reading) closes the connection, which ends the stream and frees its slot.
    static func streaming<Element: Sendable>(_ stream: AsyncStream<Element>, type: String, feed: LiveFeed,
                                             channel: any Channel, timeout: Duration,
                                             encode: @escaping @Sendable (Element) async throws -> ByteBuffer) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-store"
        // The system would otherwise grow a socket's send buffer to megabytes for a client that reads
        // nothing, and writes would be taken for minutes before one waits long enough to notice.
        channel.setOption(ChannelOptions.socketOption(.so_sndbuf), value: streamSendBuffer).whenComplete { _ in }
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            try await feed.countingResponse {
                let watchdog = WriteWatchdog(channel: channel, timeout: timeout)
                let watching = Task { await watchdog.watch() }
                defer { watching.cancel() }
                for await element in stream {
                    let buffer = try await encode(element)
                    watchdog.started()
                    try await writer.write(buffer)
                    watchdog.finished()
                }
                try await writer.finish(nil)
            }
        })
    }
}

/// The number an event viewer expects next; the items before a higher number were dropped for it.
final class ExpectedSequence: Sendable {
    private let next: Mutex<Int>
    init(_ first: Int) { next = Mutex(first) }

    /// How many items were skipped before `sequence`; `sequence` + 1 is expected next.
    func take(_ sequence: Int) -> Int {
        next.withLock { next in
            defer { next = sequence + 1 }
            return max(0, sequence - next)
        }
    }
}

/// Closes a connection whose pending write has waited longer than `timeout`: its client stopped
/// reading (a stalled or hostile client), and without this it would hold a stream slot for ever.
final class WriteWatchdog: Sendable {
    private let channel: any Channel
    private let timeout: Duration
    private let pendingSince = Mutex<ContinuousClock.Instant?>(nil)

    init(channel: any Channel, timeout: Duration) {
        self.channel = channel
        self.timeout = timeout
    }

    func started() { pendingSince.withLock { $0 = .now } }
    func finished() { pendingSince.withLock { $0 = nil } }

    /// Checks a few times per `timeout` until cancelled.
    func watch() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: timeout / 4)
            guard let since = pendingSince.withLock({ $0 }), ContinuousClock.now - since > timeout else { continue }
            channel.close(promise: nil)
            return
        }
    }
}

extension LiveViewScene {
    /// `{"width":…,"height":…,"scanArea":{…},"pointOfInterest":[x,y],"selection":…,"expected":…,"overlays":…,"station":…}`, frame pixels.
    var json: String {
        func n(_ x: Double) -> String { x.isFinite ? String(format: "%.2f", x) : "0" }
        func rect(_ r: Rect) -> String { #"{"x":\#(n(r.x)),"y":\#(n(r.y)),"width":\#(n(r.width)),"height":\#(n(r.height))}"# }
        let selectionJSON: String = switch selection {
        case .none: "null"
        case .circle(let center, let radius): #"{"circle":{"x":\#(n(center.x)),"y":\#(n(center.y)),"radius":\#(n(radius))}}"#
        case .rectangle(let r): #"{"rectangle":\#(rect(r))}"#
        }
        return #"{"width":\#(n(frameSize.width)),"height":\#(n(frameSize.height)),"scanArea":\#(rect(scanArea)),"#
            + #""pointOfInterest":[\#(n(pointOfInterest.x)),\#(n(pointOfInterest.y))],"selection":\#(selectionJSON),"#
            + #""expected":\#(expectedCount.map(String.init) ?? "null"),"overlays":\#(hasOverlays),"#
            + #""station":\#(station.map { JSONValue.string($0).text } ?? "null")}"#
    }
}
