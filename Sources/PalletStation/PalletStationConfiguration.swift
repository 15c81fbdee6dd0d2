import BarcodeTracking

/// Settings of a ``PalletStation``. Checked when the station is created.
public struct PalletStationConfiguration: Sendable, Hashable {
    /// How the stream of frames is split into pallets.
    public enum Segmentation: String, Sendable, Hashable, CaseIterable {
        /// A pallet begins when a code is in view after an idle spell and ends when no
        /// code has been in view for ``PalletStationConfiguration/gap`` seconds: a
        /// fixed camera at a dock door, a wrapper or a conveyor. A trigger closes a
        /// pallet early too.
        case presence
        /// Only a trigger closes a pallet (``PalletStation/close()``): stop-and-go or
        /// hand-held work, where codes stay in view between pallets.
        case trigger
    }

    /// The station's name in every record. Not empty.
    public var station: String
    /// Default ``Segmentation/presence``.
    public var segmentation = Segmentation.presence
    /// Seconds without a code in view (source clock) after which a pallet is closed under
    /// ``Segmentation/presence``. More than 0. Default 1.5: longer than the engine's
    /// coasting and a label's flicker out of view, shorter than the shortest empty
    /// lane between two pallets the station must keep apart.
    public var gap = 1.5
    /// The number of codes each pallet should carry, or `nil` for no count check.
    public var expectedCount: Int?
    /// The shipment each pallet is checked against, or `nil` for no manifest check.
    public var manifest: Manifest?

    /// A station named `station`, with the defaults documented on each property.
    public init(station: String) {
        self.station = station
    }

    /// Throws ``StationError`` (``BarcodeError/Code-swift.struct/invalidConfiguration``) naming the first bad value.
    public func validate() throws {
        guard !station.trimmingSpaces.isEmpty else {
            throw StationError(.invalidConfiguration, "the station name is empty; give a name such as dock-3")
        }
        guard gap.isFinite, gap > 0 else {
            throw StationError(.invalidConfiguration, "the gap \(gap) s is not a positive number of seconds; give e.g. 1.5")
        }
        if let expectedCount, expectedCount < 1 {
            throw StationError(.invalidConfiguration, "the expected count \(expectedCount) is below 1")
        }
    }
}
