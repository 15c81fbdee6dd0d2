/// Settings of a ``ScanSession``. Validated when the session is created.
public struct ScanSessionConfiguration: Sendable, Hashable {
    /// When codes with the same payload count as separate physical codes.
    public enum DuplicatePolicy: Sendable, Hashable {
        /// Default. A track whose payload is already recognized counts as a new code
        /// (repeated labels on a pallet) once it and a recognized code of that payload were
        /// measured (not only predicted) in the same frames for as long as
        /// ``ScanSessionConfiguration/twinConfirmation`` asks; while a recognized code of its
        /// payload still has a track, it waits; when none has, it is a recognized code coming
        /// back into view. (A code read twice on one spot in one frame is one track: see ``Tracker``.)
        case separateWhenSimultaneouslyVisible
        /// A payload counts once per session, however many labels carry it.
        case oncePerPayload
        /// Every track counts, even a code that left the view and came back.
        case everyTrack
    }

    /// N-of-M verification (misread protection): a code counts once its payload
    /// was read from the frame's pixels in at least `required` of the last `window`
    /// processed frames in which it was tracked. Re-locating a known code without
    /// decoding it (``Detection/isFreshRead`` false) is not a reading. A verified
    /// code's payload is established: a track at the same spot with another payload
    /// is a misread, never recognized, removed, and counted in
    /// ``ScanSummary/misreadsPrevented``.
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
        /// Two agreeing reads within three frames: `track`'s default for 1-D symbologies.
        /// On clean footage a code is read in the frame it appears and the next, so it
        /// is recognized one frame later than with ``firstRead``; a one-frame misread
        /// never gets its second read.
        public static let linearDefault = Verification(required: 2, window: 3)

        /// Whether 1 ≤ `required` ≤ `window` ≤ 64.
        public var isValid: Bool { (1...64).contains(window) && (1...window).contains(required) }
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
    /// When a second label with a recognized code's payload counts, under
    /// ``DuplicatePolicy/separateWhenSimultaneouslyVisible``. Default ``TwinConfirmation/standard``.
    public var twinConfirmation = TwinConfirmation.standard
    /// The rule for 2-D symbologies, and for 1-D ones when ``linearVerification``
    /// is `nil`. Default ``Verification/firstRead`` (2-D symbols carry error
    /// correction: a wrong payload is practically impossible).
    public var verification = Verification.firstRead
    /// The rule for 1-D symbologies (``Symbology/isLinear``), whose only check is a
    /// check digit or none, and for PDF417 (``verification(for:)-(Symbology)``); `nil` (the
    /// default) uses ``verification``. `track` uses
    /// ``Verification/linearDefault`` (2 of 3), which costs one frame on clean footage.
    public var linearVerification: Verification?
    /// Where codes are reported (frame pixels). Default the full frame.
    public var scanArea = ScanArea.fullFrame

    /// The defaults documented on each property.
    public init() {}

    /// The verification rule for codes of `symbology`: ``linearVerification`` for 1-D codes and
    /// PDF417, ``verification`` for the other 2-D codes. PDF417 follows the 1-D rule at every
    /// error-correction level: zxing-cpp 1.4's PDF417 decoder has read payloads that are not
    /// there past its error correction, `AAAA` at level 0 from a pallet's PDF417 cut by the
    /// frame's corner and `AA` at level 2 from the symbology sheet's PDF417 (`This is PDF417`)
    /// in the blurred first frame of a hand-held photo clip (decoding every frame read it too).
    /// The same decoder's known defect, a codeword count taken from the row indicators
    /// unchecked (upstream issue 517, see docs/promises.md, "Decoder faults"), is one way past it.
    public func verification(for symbology: Symbology) -> Verification {
        symbology.isLinear || symbology == .pdf417 ? linearVerification ?? verification : verification
    }

    /// The verification rule for `barcode`: its symbology's (``verification(for:)-(Symbology)``).
    public func verification(for barcode: Barcode) -> Verification {
        verification(for: barcode.symbology)
    }

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
        for (name, rule) in [("verification", verification), ("linearVerification", linearVerification ?? verification)] {
            guard rule.isValid else {
                throw TrackingError(.invalidConfiguration,
                    "\(name) \(rule.required) of \(rule.window) frames is invalid: need 1 ≤ N ≤ M ≤ 64")
            }
        }
        guard twinConfirmation.isValid else {
            throw TrackingError(.invalidConfiguration,
                "twinConfirmation \(twinConfirmation.frames) frames over \(twinConfirmation.seconds) s is invalid: "
                + "need 1 ≤ frames ≤ 64 and 0 ≤ seconds ≤ 10")
        }
    }
}
