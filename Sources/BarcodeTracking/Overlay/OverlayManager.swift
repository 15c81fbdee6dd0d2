/// Creates, updates and deletes app overlays as codes come and go.
///
/// Call `process(_:at:)` once per frame with that frame's tracks and time.
/// Callbacks run synchronously inside `process` and `disable()`,
/// on the caller's thread (the frame-processing queue in a session): keep them cheap.
///
/// Lifecycle of one code, with `t` the frame time:
/// 1. **create**: the first time a (non-lost) code appears, `create` returns
///    zero or more overlays for it;
/// 2. **update**: every frame that lists the code (tracked or predicted), each
///    of its overlays gets `update` with its plan — also in the frame it was
///    created, right after `create`. Returning `.invalidate` removes the overlay
///    (its `delete` runs at once) and `create` is called again for the code on
///    the next cycle; the new overlays join those still alive;
/// 3. **delete**: once the code has been undetected (not `.tracked`) for at
///    least the expiry length (`t - lastDetected >= expiry`), every overlay of it
///    gets `delete`, in creation order, and the code is forgotten.
///
/// Time comes only from the frame times passed in; nothing sleeps or reads a clock.
/// Not `Sendable`: one owner, one thread at a time.
public final class OverlayManager<Handle> {
    /// Called when a code first appears (and again after an invalidation); returns its overlays.
    public typealias CreateHandler = (TrackedBarcode) -> [Overlay<Handle>]
    /// Called every cycle for each overlay of a listed code with its fresh plan; returns whether to keep it.
    public typealias UpdateHandler = (Overlay<Handle>, TrackedBarcode, OverlayPlan) -> OverlayUpdateAction
    /// Called once for every overlay that goes away (expiry, invalidation, `disable()`), with its code's ID.
    public typealias DeleteHandler = (Overlay<Handle>, TrackID) -> Void

    private struct Entry {
        var overlays: [Overlay<Handle>]
        var lastDetected: Double
        var needsCreate: Bool
    }

    private let create: CreateHandler
    private let update: UpdateHandler
    private let delete: DeleteHandler
    private var entries: [TrackID: Entry] = [:]
    private var expiredScratch: [TrackID] = []

    /// How long a code may stay undetected before its overlays are deleted.
    public private(set) var expiry: OverlayExpiry
    /// Whether overlays are on. While off, `process` does nothing and no callbacks run.
    public private(set) var isEnabled = true
    /// Whether plans also carry the oriented variant.
    public var orientation: OverlayOrientation
    /// When set, plans are in view points; otherwise in frame pixels.
    public var viewTransform: ViewTransform?

    /// Creates a manager.
    ///
    /// - Parameters:
    ///   - expiry: how long an undetected code keeps its overlays; default 1.0 s.
    ///   - orientation: whether plans also carry the oriented variant.
    ///   - viewTransform: plan in view points through this transform; `nil` plans in frame pixels.
    ///   - create, update, delete: the app's callbacks, run on the thread calling `process`.
    public init(
        expiry: OverlayExpiry = .default, orientation: OverlayOrientation = .axisAligned,
        viewTransform: ViewTransform? = nil,
        create: @escaping CreateHandler, update: @escaping UpdateHandler, delete: @escaping DeleteHandler
    ) {
        self.expiry = expiry
        self.orientation = orientation
        self.viewTransform = viewTransform
        self.create = create
        self.update = update
        self.delete = delete
    }

    /// The codes that currently have an entry (with or without overlays), in ID order.
    public var trackIDs: [TrackID] { entries.keys.sorted() }

    /// Number of live overlays across all codes.
    public var overlayCount: Int { entries.values.reduce(0) { $0 + $1.overlays.count } }

    /// The live overlays of one code, in creation order (empty when unknown).
    public func overlays(for id: TrackID) -> [Overlay<Handle>] { entries[id]?.overlays ?? [] }

    /// Runs one cycle for a frame: creates, updates and expires overlays.
    ///
    /// - Parameters:
    ///   - tracks: the frame's tracked codes (frame pixels); `.lost` ones only age.
    ///   - time: the frame's time in seconds on the frame source's clock. A non-finite
    ///     time cannot be aged against, so such a frame is ignored.
    public func process(_ tracks: [TrackedBarcode], at time: Double) {
        guard isEnabled, time.isFinite else { return }
        for track in tracks where track.state != .lost {
            var entry = entries[track.id] ?? Entry(overlays: [], lastDetected: time, needsCreate: true)
            // Remove from the dictionary while mutating so the overlays array stays uniquely referenced.
            entries[track.id] = nil
            if track.state == .tracked { entry.lastDetected = time }
            if entry.needsCreate {
                entry.needsCreate = false
                entry.overlays.append(contentsOf: create(track))
            }
            var index = 0
            while index < entry.overlays.count {
                let overlay = entry.overlays[index]
                let planner = OverlayPlanner(
                    configuration: overlay.configuration, orientation: orientation, viewTransform: viewTransform)
                if update(overlay, track, planner.plan(for: track)) == .invalidate {
                    entry.overlays.remove(at: index)
                    entry.needsCreate = true
                    delete(overlay, track.id)
                } else {
                    index += 1
                }
            }
            entries[track.id] = entry
        }
        expire(at: time)
    }

    /// Sets a new expiry length; it applies from the next `process` call.
    public func setExpiry(_ newValue: OverlayExpiry) { expiry = newValue }

    /// Turns overlays off: every overlay is deleted (delete callbacks run, by code ID then
    /// creation order) and `process` does nothing until `enable()`.
    public func disable() {
        isEnabled = false
        removeAll()
    }

    /// Turns overlays back on; codes get fresh overlays (create) the next time they are listed.
    public func enable() { isEnabled = true }

    private func expire(at time: Double) {
        expiredScratch.removeAll(keepingCapacity: true)
        for (id, entry) in entries where time - entry.lastDetected >= expiry.seconds {
            expiredScratch.append(id)
        }
        guard !expiredScratch.isEmpty else { return }
        expiredScratch.sort()
        for id in expiredScratch {
            guard let entry = entries.removeValue(forKey: id) else { continue }
            for overlay in entry.overlays { delete(overlay, id) }
        }
    }

    private func removeAll() {
        let all = entries
        entries.removeAll()
        for id in all.keys.sorted() {
            for overlay in all[id]!.overlays { delete(overlay, id) }
        }
    }
}
