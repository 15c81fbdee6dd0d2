import ArgumentParser
import BarcodeTracking

/// `--verify`: misread protection, as N agreeing reads within M frames
/// (``ScanSessionConfiguration/Verification``). `N/M` sets the rule for every
/// symbology, `1d:N/M` or `2d:N/M` for one class; repeatable, later values win.
/// Default `1d:2/3,2d:1/1`: a 1-D code (check digit at best) needs a second
/// agreeing read, one frame later on clean footage; a 2-D code (error
/// correction) counts at its first read, except a PDF417, which follows the 1-D rule
/// (zxing-cpp 1.4 misread PDF417s at error-correction levels 0 and 2, see
/// ``ScanSessionConfiguration/verification(for:)-(Symbology)``). `--verify 1/1` counts every code at its
/// first read (the first payload on a spot is established, whatever it is).
struct VerificationRules: Equatable {
    var linear = ScanSessionConfiguration.Verification.linearDefault
    var matrix = ScanSessionConfiguration.Verification.firstRead

    /// The defaults.
    init() {}

    /// The rules after applying each `--verify` argument in order.
    init(parsing arguments: [String]) throws {
        for argument in arguments {
            var text = Substring(argument.lowercased())
            var classes: (linear: Bool, matrix: Bool) = (true, true)
            if text.hasPrefix("1d:") { classes = (true, false); text = text.dropFirst(3) }
            else if text.hasPrefix("2d:") { classes = (false, true); text = text.dropFirst(3) }
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let n = Int(parts[0]), let m = Int(parts[1]) else {
                throw ValidationError("--verify needs N/M (N agreeing reads within M frames), optionally for 1d: or 2d: codes, e.g. --verify 2/3 or --verify 1d:3/5, not '\(argument)'")
            }
            let rule = ScanSessionConfiguration.Verification(required: n, window: m)
            guard rule.isValid else {
                throw ValidationError("--verify \(argument): need 1 ≤ N ≤ M ≤ 64 (N agreeing reads within M frames)")
            }
            if classes.linear { linear = rule }
            if classes.matrix { matrix = rule }
        }
    }

    /// The rules for an input of `frames` frames: N and M at most `frames`, since a code
    /// cannot be read on more frames than the input has (a still image given to `--input`
    /// counts its codes at their one read, where 2 of 3 could never be met).
    func capped(atFrames frames: Int) -> VerificationRules {
        func cap(_ rule: ScanSessionConfiguration.Verification) -> ScanSessionConfiguration.Verification {
            .init(required: min(rule.required, max(frames, 1)), window: min(rule.window, max(frames, 1)))
        }
        var capped = self
        capped.linear = cap(linear)
        capped.matrix = cap(matrix)
        return capped
    }

    /// `--verify` as N/M for 1-D and 2-D codes, for messages.
    var description: String {
        "1d:\(linear.required)/\(linear.window),2d:\(matrix.required)/\(matrix.window)"
    }

    /// Sets the session's rules.
    func apply(to configuration: inout ScanSessionConfiguration) {
        configuration.verification = matrix
        configuration.linearVerification = linear
    }
}

extension ScanSessionConfiguration {
    /// The session settings `track` starts from: the library's defaults plus the
    /// default `--verify` rules (the bench uses them too, to measure what `track` does).
    static var trackDefaults: ScanSessionConfiguration {
        var configuration = ScanSessionConfiguration()
        VerificationRules().apply(to: &configuration)
        return configuration
    }
}
