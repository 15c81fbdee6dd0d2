public import BarcodeTracking

/// An error of the pallet station: a bad manifest, a bad setting, a state file or
/// snapshot folder that cannot be used.
public typealias StationError = BarcodeError<StationErrorDomain>

/// The domain of ``StationError``.
public enum StationErrorDomain: BarcodeErrorDomain {
    /// `"station"`.
    public static let name = "station"
}

extension BarcodeError.Code where Domain == StationErrorDomain {
    /// A setting is out of range (a negative gap, an empty station name).
    public static var invalidConfiguration: Self { Self("invalidConfiguration") }
    /// The manifest cannot be read or has a bad row; the message names the line.
    public static var badManifest: Self { Self("badManifest") }
    /// The station's state file (its pallet numbering) cannot be read or written.
    public static var stateFile: Self { Self("stateFile") }
}
