import Foundation
import PalletDelivery

/// The sink a `--sink` URL names, for `track station` and `track outbox retry` alike, with its
/// credentials from the environment, never from the command line (which `ps` shows):
/// `TRACK_SINK_TOKEN` for a webhook, `PGPASSWORD` for PostgreSQL.
enum PalletSinks {
    /// The sink for `url`, giving up on a request (a POST, a connection, a transaction) after `timeout` seconds.
    static func make(url: String, timeout: Double) throws(DeliveryError) -> any PalletSink {
        let environment = ProcessInfo.processInfo.environment
        switch try SinkAddress(parsing: url) {
        case .webhook:
            return try WebhookSink(url: url, token: environment["TRACK_SINK_TOKEN"], timeout: timeout)
        case .postgres(let address):
            return try PostgresSink(address: address, password: environment[PostgresAddress.passwordVariable], timeout: timeout)
        }
    }
}
