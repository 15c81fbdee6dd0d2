extension ScanSessionConfiguration {
    /// How long a second code with the payload of a recognized code must be measured
    /// in the same frames as it before it counts as another label, under
    /// ``DuplicatePolicy/separateWhenSimultaneouslyVisible``.
    ///
    /// One label can briefly look like two: a PDF417 read as two strips of rows from one
    /// frame (glare or blur across its middle: each strip decodes through the error
    /// correction, and the two strips are alike in size and a few pixels apart, just as two
    /// stacked labels are), or a jump of the view that leaves a track behind while the code
    /// is read again elsewhere. Such twins merge or vanish within a few frames; two labels
    /// with one payload stay side by side. The second code is recognized once both were
    /// measured (tracked, not predicted) in at least ``frames`` processed frames spanning at
    /// least ``seconds`` of frame time; if its twins' tracks are all gone before then, it is
    /// the same label. A twin only predicted in a frame (one of many identical labels missed)
    /// neither counts that frame nor ends the wait, and neither does a frame in which the two
    /// may be parts of one code: a strip of rows of a 1-D or PDF417 code beside the rest, across
    /// a gap of up to a third of the larger one's height (a creased label read as two strips
    /// with the crease unread between them).
    public struct TwinConfirmation: Sendable, Hashable {
        /// Processed frames in which both were measured. 1...64.
        public var frames: Int
        /// Frame time from the first such frame to the last, seconds. 0...10, finite.
        public var seconds: Double

        /// Creates a rule; checked when the session is created.
        public init(frames: Int, seconds: Double) {
            self.frames = frames
            self.seconds = seconds
        }

        /// Recognized at once, in the first frame both are measured.
        public static let immediate = TwinConfirmation(frames: 1, seconds: 0)
        /// The default: 3 frames over at least 0.5 s. The 1-hour soak's PDF417 read as two
        /// strips stayed two tracks for 7 frames at 30 fps (0.23 s).
        public static let standard = TwinConfirmation(frames: 3, seconds: 0.5)

        /// Whether 1 ≤ `frames` ≤ 64 and 0 ≤ `seconds` ≤ 10.
        public var isValid: Bool { (1...64).contains(frames) && seconds.isFinite && (0...10).contains(seconds) }
    }
}
