/// An error about overlay settings: a configuration, an expiry length or a `--overlay` spec.
///
/// Thrown when the value is built, never in the middle of a frame.
public typealias OverlayError = BarcodeError<OverlayErrorDomain>

/// The domain of ``OverlayError``.
public enum OverlayErrorDomain: BarcodeErrorDomain {
    /// `"overlay"`.
    public static let name = "overlay"
}

extension BarcodeError.Code where Domain == OverlayErrorDomain {
    /// `keepRatio` was given for both size axes, so neither axis has a length to keep a ratio to.
    public static var keepRatioOnBothAxes: Self { Self("keepRatioOnBothAxes") }

    /// A scale value is not finite, or a size is not positive.
    public static var invalidValue: Self { Self("invalidValue") }

    /// The expiry length is outside 0.5...5.0 seconds.
    public static var expiryOutOfRange: Self { Self("expiryOutOfRange") }

    /// A `--overlay` spec names an unknown key.
    public static var unknownKey: Self { Self("unknownKey") }

    /// A `--overlay` spec gives a value that cannot be parsed.
    public static var malformedSpec: Self { Self("malformedSpec") }
}
