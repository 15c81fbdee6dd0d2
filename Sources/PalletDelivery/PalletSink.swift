public import PalletOutbox

/// Where pallet records go once they are safe in the ``Outbox``: a webhook, a database.
///
/// ``OutboxDelivery`` calls ``deliver(_:)`` for one record at a time, oldest first, from its own
/// task (never from the frame-processing path), and retries a retryable failure with backoff.
/// A sink must make a repeated delivery of the same record harmless: the record's
/// ``OutboxRecord/key`` (the pallet's UUID) is its idempotency key.
public protocol PalletSink: Sendable {
    /// Delivers one record; throws ``DeliveryError`` (retryable or permanent).
    func deliver(_ record: OutboxRecord) async throws(DeliveryError)
    /// Releases connections; called once, after the last ``deliver(_:)``.
    func shutdown() async
    /// Checks the destination before the first delivery (connects, sets up what it needs), so that
    /// bad settings show at start rather than as retries; throws a message that says what to do.
    /// The application calls it before starting ``OutboxDelivery`` (`track station` does).
    func prepare() async throws(DeliveryError)
    /// Where it delivers, for messages (never with credentials).
    var destination: String { get }
}

extension PalletSink {
    /// Nothing to check: the first delivery shows whether the destination takes records.
    public func prepare() async throws(DeliveryError) {}
}

/// A delivery that did not succeed.
public struct DeliveryError: Error, CustomStringConvertible, Sendable {
    /// Whether trying again later may succeed (a timeout, a dropped connection, a 5xx answer), or
    /// the receiver refused this record for good (a 4xx answer but 408 and 429).
    public var isRetryable: Bool
    /// What happened, for people.
    public var message: String

    public init(retryable: Bool, _ message: String) {
        isRetryable = retryable
        self.message = message
    }

    public var description: String { message }
}

/// A sink's address as given on the command line (`--sink`), checked before anything starts.
public enum SinkAddress: Sendable, Equatable {
    /// `http://…` or `https://…`: a webhook that receives each record as a POST.
    case webhook(String)
    /// `postgres://…` or `postgresql://…`: a PostgreSQL database that stores each record as rows.
    case postgres(PostgresAddress)

    /// Parses `text`; throws a message that says what is accepted.
    public init(parsing text: String) throws(DeliveryError) {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
            if lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") {
                self = .postgres(try PostgresAddress(parsing: text))
                return
            }
            throw DeliveryError(retryable: false, "--sink '\(text)' is not a sink address; give an http:// or https:// URL (e.g. https://wms.example/pallets) "
                                + "or postgres://USER@HOST:PORT/DATABASE")
        }
        let rest = text.drop { $0 != ":" }.dropFirst(3)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        if authority.contains("@") {
            throw DeliveryError(retryable: false, "--sink \(WebhookSink.redacted(text)): credentials do not belong in the URL (ps shows it); put the bearer token in TRACK_SINK_TOKEN")
        }
        let host: Substring
        var port: Substring = ""
        if hostAndPort.hasPrefix("[") {
            guard let close = hostAndPort.firstIndex(of: "]") else {
                throw DeliveryError(retryable: false, "--sink \(text): the IPv6 address lacks its closing ']'")
            }
            host = hostAndPort[hostAndPort.index(after: hostAndPort.startIndex)..<close]
            port = hostAndPort[hostAndPort.index(after: close)...].drop { $0 == ":" }
        } else {
            let parts = hostAndPort.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            host = parts.first ?? ""
            if parts.count > 1 { port = parts[1] }
        }
        guard !host.isEmpty, host.allSatisfy({ $0.isLetter || $0.isNumber || "-._:".contains($0) }) else {
            throw DeliveryError(retryable: false, "--sink \(text): no valid host name in the URL; give e.g. http://127.0.0.1:8080/pallets")
        }
        if !port.isEmpty, UInt16(port).map({ $0 > 0 }) != true {
            throw DeliveryError(retryable: false, "--sink \(text): the port '\(port)' is not a number from 1 to 65535")
        }
        guard !text.contains(where: { $0.isWhitespace }) else {
            throw DeliveryError(retryable: false, "--sink '\(text)': a URL has no spaces")
        }
        self = .webhook(text)
    }
}
