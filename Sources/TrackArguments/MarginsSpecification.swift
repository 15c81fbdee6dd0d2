public import BarcodeTracking

/// Scan-area margins as given on the command line (`track --margins l,t,r,b`).
///
/// Four comma-separated lengths, left, top, right, bottom: pixels (`20`) or a
/// percentage of the frame's side (`10%`, at most 100%). Spaces around a value
/// are ignored, and so are empty items (`20,,0,20,0` is four values).
public struct MarginsSpecification: Hashable, Sendable {
    /// The margins, pixels or fractions of the frame side (`10%` is `.fraction(0.1)`).
    public var margins: ScanArea.Margins

    /// Parses a `--margins` value.
    ///
    /// Throws ``TrackingError`` with code `invalidConfiguration` and a message that
    /// names the bad value and the expected form (`track` prints it after `Error:`).
    public init(parsing text: String) throws(TrackingError) {
        let parts = text.split(separator: ",").map { $0.trimmingSpaces() }
        guard parts.count == 4 else {
            throw TrackingError(.invalidConfiguration,
                "--margins needs four values left,top,right,bottom, e.g. 20,0,20,0 or 10%,0,10%,0")
        }
        var lengths: [ScanArea.Length] = []
        for part in parts {
            let isPercent = part.hasSuffix("%")
            guard let v = Double(isPercent ? String(part.dropLast()) : part), v >= 0, v.isFinite, !isPercent || v <= 100 else {
                throw TrackingError(.invalidConfiguration,
                    "--margins: '\(part)' is not a non-negative number of pixels or a percentage up to 100%")
            }
            lengths.append(isPercent ? .fraction(v / 100) : .pixels(v))
        }
        margins = ScanArea.Margins(left: lengths[0], top: lengths[1], right: lengths[2], bottom: lengths[3])
    }
}

extension Substring {
    /// The text without leading and trailing spaces (only U+0020, as `track` always did).
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
