import Testing
import BarcodeTracking

/// Records every callback of an `OverlayManager` as text, in order.
final class OverlayEventLog {
    var events: [String] = []
    var plans: [String: OverlayPlan] = [:]
    /// Handles to invalidate at their next update.
    var invalidate: Set<String> = []
    /// How many overlays create returns per code.
    var overlaysPerCode = 1
    var creations = 0

    func manager(expiry: OverlayExpiry = .default) -> OverlayManager<String> {
        OverlayManager<String>(
            expiry: expiry,
            create: { [unowned self] track in
                creations += 1
                events.append("create \(track.id)")
                return (0..<overlaysPerCode).map { k in
                    Overlay(handle: "\(track.id).\(k).\(creations)",
                            configuration: k == 0 ? .default : (try? OverlayConfiguration(anchor: .topCenter)) ?? .default)
                }
            },
            update: { [unowned self] overlay, track, plan in
                events.append("update \(overlay.handle)")
                plans[overlay.handle] = plan
                return invalidate.remove(overlay.handle) != nil ? .invalidate : .keep
            },
            delete: { [unowned self] overlay, id in
                events.append("delete \(overlay.handle) of \(id)")
            })
    }
}

struct OverlayManagerTests {
    let code = Quadrilateral(OverlayFixtures.codeRect)

    @Test("A code's overlays go through create, an update per frame, then delete after the default 1.0 s expiry")
    func lifecycleOrder() {
        let log = OverlayEventLog()
        let manager = log.manager()
        manager.process([OverlayFixtures.track(1, code)], at: 10.0)
        manager.process([OverlayFixtures.track(1, code)], at: 10.25)
        manager.process([], at: 10.5)
        manager.process([], at: 11.0)
        #expect(log.events == ["create 1", "update 1.0.1", "update 1.0.1"])
        manager.process([], at: 11.25)
        #expect(log.events == ["create 1", "update 1.0.1", "update 1.0.1", "delete 1.0.1 of 1"])
        #expect(manager.trackIDs.isEmpty)
        #expect(manager.overlayCount == 0)
    }

    @Test("An invalidated overlay is deleted at once and re-created on the next cycle")
    func invalidateRecreates() {
        let log = OverlayEventLog()
        let manager = log.manager()
        manager.process([OverlayFixtures.track(1, code)], at: 0)
        log.invalidate = ["1.0.1"]
        manager.process([OverlayFixtures.track(1, code)], at: 0.1)
        #expect(manager.overlayCount == 0)
        manager.process([OverlayFixtures.track(1, code)], at: 0.2)
        #expect(log.events == [
            "create 1", "update 1.0.1",
            "update 1.0.1", "delete 1.0.1 of 1",
            "create 1", "update 1.0.2",
        ])
        #expect(manager.overlays(for: TrackID(rawValue: 1)).map(\.handle) == ["1.0.2"])
    }

    @Test("Overlays expire exactly at the expiry length, at both ends of the allowed range and at the default",
          arguments: [0.5, 1.0, 5.0])
    func expiryBoundaries(seconds: Double) throws {
        let log = OverlayEventLog()
        let manager = seconds == 1.0 ? log.manager() : log.manager(expiry: try OverlayExpiry(seconds: seconds))
        manager.process([OverlayFixtures.track(1, code)], at: 100)
        manager.process([], at: 100 + seconds - 0.125)
        #expect(manager.overlayCount == 1)
        #expect(!log.events.contains { $0.hasPrefix("delete") })
        manager.process([], at: 100 + seconds)
        #expect(manager.overlayCount == 0)
        #expect(log.events.last == "delete 1.0.1 of 1")
    }

    @Test("Predicted-only frames update the overlay but do not count as detections")
    func predictedFramesAge() {
        let log = OverlayEventLog()
        let manager = log.manager()
        manager.process([OverlayFixtures.track(1, code)], at: 0)
        manager.process([OverlayFixtures.track(1, code, state: .predictedOnly)], at: 0.5)
        manager.process([OverlayFixtures.track(1, code, state: .lost)], at: 0.75)
        #expect(log.events == ["create 1", "update 1.0.1", "update 1.0.1"])
        manager.process([OverlayFixtures.track(1, code, state: .predictedOnly)], at: 1.0)
        #expect(log.events.suffix(2) == ["update 1.0.1", "delete 1.0.1 of 1"])
    }

    @Test("Disabling deletes every overlay with its callback; nothing happens until enabled again")
    func disable() {
        let log = OverlayEventLog()
        log.overlaysPerCode = 2
        let manager = log.manager()
        manager.process([OverlayFixtures.track(2, code), OverlayFixtures.track(1, code)], at: 0)
        log.events.removeAll()
        manager.disable()
        #expect(!manager.isEnabled)
        #expect(log.events == ["delete 1.0.2 of 1", "delete 1.1.2 of 1", "delete 2.0.1 of 2", "delete 2.1.1 of 2"])
        manager.process([OverlayFixtures.track(1, code)], at: 0.1)
        #expect(log.events.count == 4)
        manager.enable()
        manager.process([OverlayFixtures.track(1, code)], at: 0.2)
        #expect(log.events.suffix(3) == ["create 1", "update 1.0.3", "update 1.1.3"])
    }

    @Test("A code may get no overlays, and each overlay is planned with its own configuration")
    func zeroAndSeveralOverlays() {
        let log = OverlayEventLog()
        log.overlaysPerCode = 0
        let manager = log.manager()
        manager.process([OverlayFixtures.track(1, code)], at: 0)
        #expect(log.events == ["create 1"])
        #expect(manager.trackIDs == [TrackID(rawValue: 1)])
        log.overlaysPerCode = 2
        manager.process([OverlayFixtures.track(2, code, rejected: true)], at: 0.1)
        #expect(log.plans["2.0.2"]?.rect == OverlayFixtures.codeRect)
        #expect(log.plans["2.1.2"]?.rect == Rect(x: 100, y: 160, width: 80, height: 40))
        #expect(log.plans["2.0.2"]?.isRejected == true)
    }

    @Test("A code seen again before expiry keeps its overlays and its expiry restarts")
    func redetectionRestartsExpiry() {
        let log = OverlayEventLog()
        let manager = log.manager()
        manager.process([OverlayFixtures.track(1, code)], at: 0)
        manager.process([], at: 0.875)
        manager.process([OverlayFixtures.track(1, code)], at: 0.9375)
        manager.process([], at: 1.5)
        #expect(log.events == ["create 1", "update 1.0.1", "update 1.0.1"])
        manager.process([], at: 1.9375)
        #expect(log.events.last == "delete 1.0.1 of 1")
        #expect(log.creations == 1)
    }

    @Test("Frames with a non-finite time are ignored")
    func nonFiniteTime() {
        let log = OverlayEventLog()
        let manager = log.manager()
        manager.process([OverlayFixtures.track(1, code)], at: .nan)
        #expect(log.events.isEmpty)
        manager.process([OverlayFixtures.track(1, code)], at: 3)
        manager.process([], at: .infinity)
        #expect(manager.overlayCount == 1)
        manager.process([], at: 4)
        #expect(manager.overlayCount == 0)
    }
}
