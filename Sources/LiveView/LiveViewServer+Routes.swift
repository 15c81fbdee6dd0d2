import BarcodeAnnotation
import BarcodeTracking
import Foundation
import Hummingbird

extension LiveViewServer {
    /// The routes, behind the token check.
    func makeRouter() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: TokenMiddleware(token: configuration.token))
        let feed = self.feed, session = self.session, scene = self.scene
        router.get("/") { _, _ in
            Self.response(.ok, type: "text/html; charset=utf-8", Array(LivePage.html.utf8))
        }
        router.get("/scene.json") { _, _ in
            Self.response(.ok, type: "application/json", Array(scene.json.utf8))
        }
        router.get("/stream.mjpeg") { _, _ in
            guard let frames = feed.frames() else { return Self.busy(feed) }
            return Self.mjpeg(frames, feed: feed)
        }
        router.get("/events") { _, _ in
            guard let events = feed.events() else { return Self.busy(feed) }
            return Self.serverSentEvents(events, feed: feed)
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

    static func busy(_ feed: LiveFeed) -> Response {
        response(.serviceUnavailable, type: "text/plain; charset=utf-8",
                 Array("too many viewers: \(feed.maximumViewers) streams are open; close a page and retry\n".utf8))
    }

    static func snapshot(_ feed: LiveFeed) async -> Response {
        guard let png = await feed.encodedSnapshotPNG() else {
            return response(.serviceUnavailable, type: "text/plain; charset=utf-8", Array("no frame yet; retry in a moment\n".utf8))
        }
        var result = response(.ok, type: "image/png", png)
        result.headers[.contentDisposition] = "inline; filename=\"snapshot.png\""
        return result
    }

    /// `multipart/x-mixed-replace`: one JPEG part per frame the viewer can take.
    static func mjpeg(_ frames: AsyncStream<LiveFeed.FrameSnapshot>, feed: LiveFeed) -> Response {
        streaming(frames, type: "multipart/x-mixed-replace; boundary=frame", feed: feed) { frame in
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
    static func serverSentEvents(_ events: AsyncStream<LiveFeed.EventItem>, feed: LiveFeed) -> Response {
        streaming(events, type: "text/event-stream", feed: feed) { event in
            var buffer = ByteBuffer()
            switch event {
            case .data(let line): buffer.writeString("data: \(line)\n\n")
            case .named(let name, let json): buffer.writeString("event: \(name)\ndata: \(json)\n\n")
            case .keepAlive: buffer.writeString(": keep-alive\n\n")
            }
            return buffer
        }
    }

    /// A `200` response of `type`, never cached, that writes `encode(element)` for each element of
    /// `stream` until it ends; counted in the feed's open responses, so that the server's stop waits
    /// for the last lines (the summary) to go out.
    static func streaming<Element: Sendable>(_ stream: AsyncStream<Element>, type: String, feed: LiveFeed,
                                             encode: @escaping @Sendable (Element) async throws -> ByteBuffer) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            try await feed.countingResponse {
                for await element in stream { try await writer.write(try await encode(element)) }
                try await writer.finish(nil)
            }
        })
    }
}

/// Refuses requests without the token (query `token` or header `X-Live-View-Token`) with 401.
struct TokenMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let token: String?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let token else { return try await next(request, context) }
        let given = request.uri.queryParameters.get("token")
            ?? request.headers.first { $0.name.canonicalName == "x-live-view-token" }?.value
        guard given == token else {
            return LiveViewServer.response(.unauthorized, type: "text/plain; charset=utf-8",
                                           Array("missing or wrong token: open the address track printed, with its ?token=\n".utf8))
        }
        return try await next(request, context)
    }
}

extension LiveViewScene {
    /// `{"width":…,"height":…,"scanArea":{…},"pointOfInterest":[x,y],"selection":…,"expected":…,"overlays":…}`, frame pixels.
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
            + #""expected":\#(expectedCount.map(String.init) ?? "null"),"overlays":\#(hasOverlays)}"#
    }
}
