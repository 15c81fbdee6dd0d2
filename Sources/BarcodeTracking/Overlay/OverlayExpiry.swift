/// How long an overlay outlives its code: the code must have been undetected
/// for this many seconds (frame-timestamp seconds) before its overlays are deleted.
///
/// Allowed range 0.5...5.0 s; the default is 1.0 s.
public struct OverlayExpiry: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The shortest allowed expiry length, in seconds.
    public static let minimum = 0.5
    /// The longest allowed expiry length, in seconds.
    public static let maximum = 5.0
    /// The default expiry length: 1.0 s.
    public static let `default` = OverlayExpiry(unchecked: 1.0)

    /// The length in seconds, within `minimum...maximum`.
    public let seconds: Double

    /// Creates an expiry length; throws `OverlayError` (`.expiryOutOfRange`) outside 0.5...5.0 s or when not finite.
    public init(seconds: Double) throws(OverlayError) {
        guard seconds.isFinite, seconds >= Self.minimum, seconds <= Self.maximum else {
            throw OverlayError(.expiryOutOfRange,
                "overlay expiry \(seconds) s is outside \(Self.minimum)...\(Self.maximum) s; pick a length in that range (default 1.0)")
        }
        self.seconds = seconds
    }

    private init(unchecked seconds: Double) { self.seconds = seconds }

    public static func < (a: OverlayExpiry, b: OverlayExpiry) -> Bool { a.seconds < b.seconds }
    public var description: String { "\(seconds) s" }
}
