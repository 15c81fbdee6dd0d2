import ArgumentParser

/// Exit statuses of `track`; documented in the README. Camera failures use
/// the statuses of `CameraError` (20...29).
enum ExitStatus {
    /// Success: the expected codes were recognized, or input ended with at least one code.
    static let success: Int32 = 0
    /// The input was processed but no code was recognized.
    static let noCodes: Int32 = 1
    /// An input could not be opened or read (missing, not a video, truncated beyond use).
    static let inputError: Int32 = 2
    /// `--timeout` passed before `--expect N` codes were recognized.
    static let timedOut: Int32 = 3
    /// The input ended before `--expect N` codes were recognized.
    static let incomplete: Int32 = 4
    /// `--output`, `--annotate` or `--record` could not be written, at the start or mid-run.
    static let outputError: Int32 = 5
    /// Stopped by SIGINT (128 + 2), results so far written.
    static let interrupted: Int32 = 130
    /// Stopped by SIGTERM (128 + 15), results so far written.
    static let terminated: Int32 = 143
}
