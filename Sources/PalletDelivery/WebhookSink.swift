import AsyncHTTPClient
import NIOCore
import NIOHTTP1
public import PalletOutbox

/// Delivers each record as the body of a `POST` to a URL (a warehouse system's webhook).
///
/// Each request carries `Content-Type: application/json`, `Idempotency-Key: <pallet UUID>` (a
/// receiver that keeps the keys it has seen makes a repeated delivery harmless) and, when a token
/// is given, `Authorization: Bearer <token>`. The token comes from the environment
/// (`TRACK_SINK_TOKEN`), never from the command line, where `ps` shows it.
///
/// A 2xx answer is a delivery. A timeout, a dropped connection, 408, 429 or a 5xx answer is
/// retryable; any other answer means the receiver refuses the record for good.
public final class WebhookSink: PalletSink {
    /// The URL without credentials or query.
    public let destination: String
    private let url: String
    private let token: String?
    private let timeout: TimeAmount
    private let client: HTTPClient

    /// A sink posting to `url` (checked with ``SinkAddress``), giving up on a request after `timeout`
    /// seconds (connection included).
    public init(url: String, token: String?, timeout: Double) throws(DeliveryError) {
        guard case .webhook = try SinkAddress(parsing: url) else {
            throw DeliveryError(retryable: false, "--sink \(url): not an http:// or https:// URL")
        }
        guard timeout.isFinite, timeout > 0 else {
            throw DeliveryError(retryable: false, "the sink timeout must be a number of seconds above 0, not \(timeout)")
        }
        self.url = url
        destination = Self.redacted(url)
        self.token = token.flatMap { $0.isEmpty ? nil : $0 }
        self.timeout = .nanoseconds(Int64(timeout * 1e9))
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: self.timeout, read: self.timeout))
        configuration.httpVersion = .http1Only
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    public func deliver(_ record: OutboxRecord) async throws(DeliveryError) {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Idempotency-Key", value: record.key)
        request.headers.add(name: "User-Agent", value: "track-station")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        request.body = .bytes(ByteBuffer(bytes: record.payload))
        let status: UInt
        do {
            let response = try await client.execute(request, timeout: timeout)
            status = response.status.code
            // The answer's body is read (and dropped) so that the connection can be used again.
            _ = try await response.body.collect(upTo: 1 << 20)
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout || error == .connectTimeout {
            throw DeliveryError(retryable: true, "\(destination): no answer within \(timeout.nanoseconds / 1_000_000) ms")
        } catch {
            throw DeliveryError(retryable: true, "\(destination): \(error)")
        }
        switch status {
        case 200..<300:
            return
        case 408, 429, 500..<600:
            throw DeliveryError(retryable: true, "\(destination) answered \(status)")
        default:
            throw DeliveryError(retryable: false, "\(destination) refused the record with \(status)")
        }
    }

    public func shutdown() async {
        try? await client.shutdown()
    }

    /// `url` without user information, query or fragment, for messages.
    static func redacted(_ url: String) -> String {
        var text = Substring(url)
        if let query = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = text[..<query] }
        if let scheme = text.range(of: "://"), let at = text[scheme.upperBound...].firstIndex(of: "@"),
           !text[scheme.upperBound..<at].contains("/") {
            text = text[..<scheme.upperBound] + text[text.index(after: at)...]
        }
        return String(text)
    }
}
