import Hummingbird
import NIOCore
import Synchronization

/// The request context of the live view's routes: Hummingbird's basics plus the connection, so that
/// a stream can bound what the system buffers for it and be closed when its client stops reading
/// (see ``WriteWatchdog``).
struct LiveRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection the request came on.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}

/// The port the server listens on, known once it is bound (0 before).
final class BoundPort: Sendable {
    private let value = Atomic(0)
    var port: Int {
        get { value.load(ordering: .relaxed) }
        set { value.store(newValue, ordering: .relaxed) }
    }
}

/// Checks every request before a route sees it, in this order:
/// 1. `Host` must be a name the server answers as (loopback servers; see
///    ``LiveViewConfiguration/allowedHostNames``): a page whose own name resolves to 127.0.0.1
///    (DNS rebinding) cannot read payloads and snapshots. 403 otherwise.
/// 2. A request that changes state (any method but GET and HEAD) must come from the page itself:
///    an `Origin` other than the page's own, or without `Origin` a `Sec-Fetch-Site` other than
///    `same-origin`/`none`, gets 403, so a web page open in the same browser cannot pause or clear
///    the job (a cross-site `fetch` with `mode: 'no-cors'` still sends the request). Clients that send
///    neither header (curl, scripts) are not browsers acting for another site and pass.
/// 3. The token, when one is set (query `token` or header `X-Live-View-Token`), compared in constant
///    time; 401 otherwise.
struct RequestGuard: RouterMiddleware {
    typealias Context = LiveRequestContext
    let token: String?
    /// Lowercased names the server answers as, or `nil` when any `Host` is served (off loopback, where
    /// the token keeps out those who do not have it).
    let hostNames: Set<String>?
    let boundPort: BoundPort

    init(configuration: LiveViewConfiguration, boundPort: BoundPort) {
        token = configuration.token
        self.boundPort = boundPort
        if configuration.isLoopback || !configuration.allowedHostNames.isEmpty {
            let host = configuration.host.contains(":") && !configuration.host.hasPrefix("[") ? "[\(configuration.host)]" : configuration.host
            hostNames = Set((["localhost", "127.0.0.1", "[::1]", host] + configuration.allowedHostNames).map { $0.lowercased() })
        } else {
            hostNames = nil
        }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let host = (request.head.authority ?? "").lowercased()
        if let hostNames, !isKnown(host, among: hostNames) {
            let shown = host.isEmpty ? "no Host header" : "Host '\(host)'"
            return LiveViewServer.refusal(.forbidden, "\(shown) is not a name of this server: open it as http://127.0.0.1:\(boundPort.port)/ "
                                          + "or allow the name (track --serve-host NAME, LiveViewConfiguration.allowedHostNames)\n")
        }
        if request.method != .get, request.method != .head, let site = crossSite(request, host: host) {
            return LiveViewServer.refusal(.forbidden, "cross-site request refused: \(site) cannot control this job; "
                                          + "use the buttons of the live page, or a client that sends no Origin (curl, a script)\n")
        }
        if let token {
            let given = request.uri.queryParameters.get("token") ?? Self.header("x-live-view-token", of: request)
            guard let given, Self.constantTimeEqual(Array(given.utf8), Array(token.utf8)) else {
                return LiveViewServer.refusal(.unauthorized, "missing or wrong token: open the address track printed, with its ?token=\n")
            }
        }
        return try await next(request, context)
    }

    /// Whether `host` (a `Host` value, lowercased) names this server: a known name, and the bound
    /// port when it carries one.
    func isKnown(_ host: String, among names: Set<String>) -> Bool {
        var name = Substring(host), port: Substring?
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            name = host[...close]
            let rest = host[host.index(after: close)...]
            if rest.hasPrefix(":") { port = rest.dropFirst() } else if !rest.isEmpty { return false }
        } else if let colon = host.lastIndex(of: ":") {
            name = host[..<colon]
            port = host[host.index(after: colon)...]
        }
        guard names.contains(String(name)) else { return false }
        guard let port else { return true }
        return Int(port) == boundPort.port
    }

    /// Who the request came from when it is not the page itself, or `nil` when it is (or not a browser).
    func crossSite(_ request: Request, host: String) -> String? {
        if let origin = Self.header("origin", of: request) {
            let lowered = origin.lowercased()
            if lowered == "http://\(host)" || lowered == "https://\(host)" { return nil }
            return "a page from \(origin)"
        }
        let site = Self.header("sec-fetch-site", of: request)?.lowercased()
        if let site, site != "same-origin", site != "none" { return "a \(site) page" }
        return nil
    }

    /// The first value of the header `name` (lowercase), if any.
    static func header(_ name: String, of request: Request) -> String? {
        request.headers.first { $0.name.canonicalName == name }?.value
    }

    /// Whether `a` equals `b`, in a time that depends only on their lengths, not on where they differ.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: a.count ^ b.count)
        for i in 0..<max(a.count, b.count) {
            difference |= (i < a.count ? a[i] : 0) ^ (i < b.count ? b[i] : 0)
        }
        return difference == 0 && a.count == b.count
    }
}
