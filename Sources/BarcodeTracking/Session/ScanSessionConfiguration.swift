/// Settings of a ``ScanSession``. Validated when the session is created.
public struct ScanSessionConfiguration: Sendable, Hashable {
    /// When codes with the same payload count as separate physical codes.
    public enum DuplicatePolicy: Sendable, Hashable {
        /// Default. A track whose payload is already recognized counts as a new
        /// code only when every recognized code with that payload is in view at
        /// the same time (repeated labels on a pallet); otherwise it is taken to
        /// be a recognized code coming back into view. (A code read twice on one
        /// spot in one frame is one track: see ``Tracker``.)
        case separateWhenSimultaneouslyVisible
        /// A payload counts once per session, however many labels carry it.
        case oncePerPayload
        /// Every track counts, even a code that left the view and came back.
        case everyTrack
    }

    /// N-of-M verification: a code counts once it was decoded in at least
    /// `required` of the last `window` processed frames in which it was tracked.
    public struct Verification: Sendable, Hashable {
        /// N: frames with a decode needed. 1...`window`.
        public var required: Int
        /// M: frames looked at. 1...64.
        public var window: Int

        /// Creates a rule; checked when the session is created.
        public init(required: Int, window: Int) {
            self.required = required
            self.window = window
        }

        /// One decode is enough (the default).
        public static let firstRead = Verification(required: 1, window: 1)
    }

    /// Tracker settings. Default ``TrackerConfiguration/init()``.
    public var tracker = TrackerConfiguration()
    /// When set, the session completes (and delivers its final result) as soon as
    /// this many codes are recognized. Default `nil` (runs until stopped or input ends).
    public var expectedCount: Int?
    /// At most this many detections per frame go to the tracker, those nearest the
    /// scan area's point of interest first. Default `nil` (no cap).
    public var maximumCodesPerFrame: Int?
    /// Only these symbologies are tracked; `nil` (the default) means all. Located-only
    /// detections pass when they carry no symbology hint or an enabled one.
    public var enabledSymbologies: Set<Symbology>?
    /// Default ``DuplicatePolicy/separateWhenSimultaneouslyVisible``.
    public var duplicatePolicy = DuplicatePolicy.separateWhenSimultaneouslyVisible
    /// Default ``Verification/firstRead``.
    public var verification = Verification.firstRead
    /// Where codes are reported (frame pixels). Default the full frame.
    public var scanArea = ScanArea.fullFrame

    /// The defaults documented on each property.
    public init() {}

    /// Checks every value; throws ``TrackingError/Code-swift.struct/invalidConfiguration`` naming the first bad one.
    public func validate() throws(TrackingError) {
        try tracker.validate()
        if let expectedCount, expectedCount < 1 {
            throw TrackingError(.invalidConfiguration, "expectedCount \(expectedCount) must be at least 1 (or nil for no target)")
        }
        if let maximumCodesPerFrame, maximumCodesPerFrame < 1 {
            throw TrackingError(.invalidConfiguration,
                "maximumCodesPerFrame \(maximumCodesPerFrame) must be at least 1 (or nil for no cap)")
        }
        if let enabledSymbologies, enabledSymbologies.isEmpty {
            throw TrackingError(.invalidConfiguration, "enabledSymbologies is empty: enable at least one symbology, or use nil for all")
        }
        guard (1...64).contains(verification.window), (1...verification.window).contains(verification.required) else {
            throw TrackingError(.invalidConfiguration,
                "verification \(verification.required) of \(verification.window) frames is invalid: need 1 ≤ N ≤ M ≤ 64")
        }
    }
}
