import Foundation
import LiveView
import PalletDelivery
import PalletOutbox
import Synchronization

/// What `track station --sink` and `track outbox retry` say on standard error while they deliver:
/// a failure at the first try of a streak and then at tries 2, 4, 8… (a long outage is not a
/// flood), `resumed` when it works again, a record the receiver refused, a failing outbox.
enum DeliveryWarnings {
    /// The event handler for ``OutboxDelivery`` delivering from `outbox` to `destination`;
    /// deliveries and failures also go to `metrics` when given.
    static func handler(destination: String, outbox: Outbox, metrics: JobMetrics? = nil) -> @Sendable (OutboxDelivery.Event) -> Void {
        let streak = Mutex(0)
        return { event in
            switch event {
            case .failed(_, let attempt, let error, let wait):
                metrics?.deliveryFailed()
                let failures = streak.withLock { count in
                    count += 1
                    return count
                }
                if failures & (failures - 1) == 0 {
                    StandardError.print(
                        "track: warning: delivery to \(destination) failed (\(error.message)); try \(attempt), next in "
                            + "\(String(format: "%.1f", seconds(wait))) s; \(outbox.status.pendingCount) record(s) wait in the outbox")
                }
            case .delivered(_, _, let lag):
                metrics?.delivered(lag: seconds(lag))
                let failures = streak.withLock { count in
                    defer { count = 0 }
                    return count
                }
                if failures > 0 { StandardError.print("track: delivery to \(destination) resumed after \(failures) failed tries") }
            case .rejected(let sequence, let error):
                StandardError.print("track: warning: \(error.message): record \(sequence) set aside in \(outbox.directory)/rejected.jsonl")
            case .outboxFailed(let error):
                StandardError.print("track: warning: outbox: \(error.message)")
            }
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
