/// The origin a starting server is reached at, `http://HOST:PORT` (an IPv6 literal in brackets),
/// once the port it bound is known: the first value of `bound`, which a server that ended before
/// listening finishes without (or with `nil`).
///
/// Throws ``LiveViewError`` (`.cannotListen`) saying it cannot `action` on `host`:`port`, with the
/// reason `failure` gives, when the port was never bound.
func serverOrigin(
    host: String, port: Int, bound: AsyncStream<Int?>, action: String, failure: () -> String?
) async throws(LiveViewError) -> String {
    var iterator = bound.makeAsyncIterator()
    guard let actual = await iterator.next(), let actual else {
        let reason = failure() ?? "the server ended before listening"
        throw LiveViewError(
            .cannotListen, "cannot \(action) on \(host):\(port): \(reason) (choose another port, or an address of this machine)")
    }
    let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    return "http://\(shownHost):\(actual)"
}
