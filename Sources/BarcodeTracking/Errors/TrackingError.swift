/// An error from the tracker or the session: a bad setting, a bad frame time, a misuse.
public typealias TrackingError = BarcodeError<TrackingErrorDomain>

/// The domain of ``TrackingError``.
public enum TrackingErrorDomain: BarcodeErrorDomain {
    /// `"tracking"`.
    public static let name = "tracking"
}

extension BarcodeError.Code where Domain == TrackingErrorDomain {
    /// A configuration value is out of range.
    public static var invalidConfiguration: Self { Self("invalidConfiguration") }

    /// A frame time is not finite or earlier than the previous frame's.
    public static var invalidFrameTime: Self { Self("invalidFrameTime") }

    /// A code was rejected outside the per-frame callback.
    public static var rejectionOutsideCallback: Self { Self("rejectionOutsideCallback") }

    /// The session has already delivered its final result.
    public static var sessionFinished: Self { Self("sessionFinished") }
}
