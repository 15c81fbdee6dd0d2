/// What one detection call found, and what its decoder warned about.
public struct DetectionReport: Sendable, Hashable {
    /// Decoded and located-only codes, locations in frame pixels of the full image.
    public var detections: [Detection]
    /// The decoder's warnings for this call, for people: e.g. zxing-cpp 1.4 failed
    /// one of its internal checks and a pass was cut short, so some codes may be
    /// missing. Empty normally.
    public var warnings: [String]

    /// Creates a report.
    public init(detections: [Detection] = [], warnings: [String] = []) {
        self.detections = detections
        self.warnings = warnings
    }
}
