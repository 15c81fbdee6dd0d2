import BarcodeTracking
import JSONLines
import TrackArguments

/// One change in a code's overlay, as `--format jsonl` reports it:
/// `{"type":"overlay","event":"create|delete","id":I,"frame":N,"time":T}`.
struct OverlayEvent {
    enum Kind: String { case create, delete }
    var kind: Kind
    var trackID: TrackID
    /// The frame (number and time, seconds) in which it happened.
    var frame: Int
    var time: Double

    /// Its line of the `jsonl` contract.
    var jsonLine: String { JSONLinesEncoder.overlayLine(event: kind.rawValue, id: trackID, frame: frame, time: time) }
}

/// `--overlay`: one overlay per code, created, placed and deleted by the library's
/// ``OverlayManager`` exactly as an app's overlays are. The overlay outlives its
/// code's last measurement by the spec's `expiry` (frame-time seconds), then goes;
/// at the end of the run every overlay still alive is deleted, so each `create`
/// has its `delete`. Used on the frame-processing results, one frame at a time.
final class OverlayLifecycle {
    /// What the manager's callbacks collect during one `process` call.
    private final class Collected {
        var events: [(OverlayEvent.Kind, TrackID)] = []
        var plans: [TrackID: OverlayPlan] = [:]
    }

    private let collected = Collected()
    private let manager: OverlayManager<TrackID>

    init(_ specification: OverlaySpecification) {
        let collected = collected
        let configuration = specification.configuration
        manager = OverlayManager(
            expiry: specification.expiry,
            create: { track in
                collected.events.append((.create, track.id))
                return [Overlay(handle: track.id, configuration: configuration)]
            },
            update: { _, track, plan in
                collected.plans[track.id] = plan
                return .keep
            },
            delete: { _, id in
                collected.events.append((.delete, id))
                collected.plans[id] = nil
            })
    }

    /// Runs one frame through the manager: the plans (frame pixels) of the overlays
    /// alive after it, by code, and the overlays created and deleted in it.
    func process(_ result: ScanFrameResult) -> (plans: [TrackID: OverlayPlan], events: [OverlayEvent]) {
        collected.events.removeAll(keepingCapacity: true)
        let present = Set(result.tracks.map(\.id))
        // A code's plan is fresh only in frames that list it; one that left keeps its
        // overlay (expiry not reached) but there is no track entry to carry it.
        collected.plans = collected.plans.filter { present.contains($0.key) }
        manager.process(result.tracks, at: result.time)
        let alive = Set(manager.trackIDs.filter { !manager.overlays(for: $0).isEmpty })
        let plans = collected.plans.filter { alive.contains($0.key) }
        return (plans, events(frame: result.frameNumber, time: result.time))
    }

    /// Deletes every overlay still alive (end of the run), reported at `frame`/`time`.
    func finish(frame: Int, time: Double) -> [OverlayEvent] {
        collected.events.removeAll(keepingCapacity: true)
        manager.disable()
        return events(frame: frame, time: time)
    }

    private func events(frame: Int, time: Double) -> [OverlayEvent] {
        collected.events.map { OverlayEvent(kind: $0.0, trackID: $0.1, frame: frame, time: time) }
    }
}
