/// What one ``Tracker/update(with:at:)`` call changed, and every track now present.
///
/// All geometry is in frame pixels; times are seconds on the frame source's clock.
public struct TrackerUpdate: Sendable {
    /// The frame time the update is for.
    public var time: Double
    /// Every current track (measured or coasting), sorted by id. Tracks
    /// removed in this update are not here but in ``removed``.
    public var tracks: [TrackedBarcode]
    /// Ids of tracks created in this update (first measured in this frame), ascending.
    public var added: [TrackID]
    /// Of ``added``, the ids a code took back: it was removed earlier and read again within
    /// ``TrackerConfiguration/identityMemory`` (the others are ids never used before), ascending.
    public var returned: [TrackID]
    /// Ids of tracks that existed before and are still present, measured
    /// (`state == .tracked`) or extrapolated (`state == .predictedOnly`), ascending.
    public var updated: [TrackID]
    /// Tracks removed in this update (not measured for longer than the coast
    /// time), with `state == .lost` and their last measured location.
    public var removed: [TrackedBarcode]
    /// Ids of tracks measured in this update by a decoded detection (not located-only), ascending.
    public var decoded: [TrackID]
    /// Ids of tracks whose payload was read from this frame's pixels (a subset of
    /// ``decoded``: not the codes a tracking-aware detector only re-located; see
    /// ``Detection/isFreshRead``), ascending.
    public var read: [TrackID]
    /// Detections ignored because their corners were not finite numbers.
    public var ignoredDetectionCount: Int

    /// Creates an update (the tracker makes these; tests and tools may too).
    public init(time: Double, tracks: [TrackedBarcode], added: [TrackID], updated: [TrackID],
                removed: [TrackedBarcode], decoded: [TrackID] = [], read: [TrackID]? = nil,
                ignoredDetectionCount: Int = 0, returned: [TrackID] = []) {
        self.time = time
        self.tracks = tracks
        self.added = added
        self.returned = returned
        self.updated = updated
        self.removed = removed
        self.decoded = decoded
        self.read = read ?? decoded
        self.ignoredDetectionCount = ignoredDetectionCount
    }

    /// The current track with `id`, or `nil` (binary search; `tracks` is sorted by id).
    public func track(_ id: TrackID) -> TrackedBarcode? {
        var low = 0, high = tracks.count
        while low < high {
            let mid = (low + high) / 2
            if tracks[mid].id < id { low = mid + 1 } else { high = mid }
        }
        return low < tracks.count && tracks[low].id == id ? tracks[low] : nil
    }

    /// The tracks created in this update (builds a new array).
    public var addedTracks: [TrackedBarcode] { added.compactMap { track($0) } }
    /// The tracks continued in this update (builds a new array).
    public var updatedTracks: [TrackedBarcode] { updated.compactMap { track($0) } }
}
