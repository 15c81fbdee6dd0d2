import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A real HTTP server on a free loopback port that takes webhook POSTs and fails on command: it
/// answers 500, drops the connection, or stalls past the client's timeout for the requests its
/// ``Failure`` plan names, and de-duplicates by `Idempotency-Key` as a careful receiver does.
public final class WebhookReceiver: Sendable {
    /// What to do with one request instead of taking it.
    public enum Failure: Sendable, Equatable {
        case status(Int)
        case dropConnection
        case stall(seconds: Double)
    }

    /// A request as received.
    public struct Request: Sendable {
        public var key: String?
        public var authorization: String?
        public var body: String
    }

    private struct State {
        /// Requests taken (answered 200), in order, duplicates included.
        var accepted: [Request] = []
        /// Keys taken, once each.
        var keys: [String] = []
        var requests = 0
        var plan: @Sendable (Int) -> Failure? = { _ in nil }
    }

    /// The state, shared by the receiver and its handlers (one per connection).
    private final class Shared: Sendable {
        let state = Mutex(State())
    }

    private let shared = Shared()
    private let channel: any Channel
    /// The port it listens on (127.0.0.1).
    public let port: Int

    /// Starts listening on a free loopback port.
    public init() async throws {
        let shared = self.shared
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(Handler(shared: shared))
                }
            }
        channel = try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
        port = channel.localAddress?.port ?? 0
    }

    /// Which request (numbered from 1, every request counted) fails, and how; `nil` takes it.
    public func failing(_ plan: @escaping @Sendable (Int) -> Failure?) {
        shared.state.withLock { $0.plan = plan }
    }

    /// The URL to post to.
    public var url: String { "http://127.0.0.1:\(port)/pallets" }
    /// Requests taken, duplicates included.
    public var accepted: [Request] { shared.state.withLock { $0.accepted } }
    /// Distinct idempotency keys taken, in the order first taken.
    public var keys: [String] { shared.state.withLock { $0.keys } }
    /// All requests that arrived, failed ones included.
    public var requests: Int { shared.state.withLock { $0.requests } }

    /// Stops listening.
    public func stop() async {
        try? await channel.close()
    }

    private final class Handler: ChannelInboundHandler, @unchecked Sendable {
        // @unchecked: NIO calls a handler only on its channel's event loop; `head` and `body` are
        // touched from there alone.
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let shared: Shared
        var head: HTTPRequestHead?
        var body = ByteBuffer()

        init(shared: Shared) { self.shared = shared }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                self.head = head
                body.clear()
            case .body(var part):
                body.writeBuffer(&part)
            case .end:
                guard let head else { return }
                let request = Request(key: head.headers.first(name: "Idempotency-Key"),
                                      authorization: head.headers.first(name: "Authorization"),
                                      body: body.readString(length: body.readableBytes) ?? "")
                let failure = shared.state.withLock { state -> Failure? in
                    state.requests += 1
                    let failure = state.plan(state.requests)
                    if failure == nil {
                        state.accepted.append(request)
                        if let key = request.key, !state.keys.contains(key) { state.keys.append(key) }
                    }
                    return failure
                }
                switch failure {
                case .dropConnection?:
                    context.close(promise: nil)
                case .stall(let seconds)?:
                    let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
                    context.eventLoop.scheduleTask(in: .nanoseconds(Int64(seconds * 1e9))) { loopBound.value.close(promise: nil) }
                case .status(let code)?:
                    respond(context, status: .init(statusCode: code), keepAlive: head.isKeepAlive)
                case nil:
                    respond(context, status: .ok, keepAlive: head.isKeepAlive)
                }
            }
        }

        private func respond(_ context: ChannelHandlerContext, status: HTTPResponseStatus, keepAlive: Bool) {
            var headers = HTTPHeaders([("Content-Length", "0")])
            if !keepAlive { headers.add(name: "Connection", value: "close") }
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
                if !keepAlive { loopBound.value.close(promise: nil) }
            }
        }
    }
}
