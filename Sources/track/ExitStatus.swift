import FrameSources
import ArgumentParser

/// Exit statuses of `track`; documented in docs/promises.md. Camera failures have
/// one status per code, 20...29 (``camera(_:)``).
enum ExitStatus {
    /// Success: the expected codes were recognized, or input ended with at least one code.
    static let success: Int32 = 0
    /// The input was processed but no code was recognized.
    static let noCodes: Int32 = 1
    /// An input could not be opened or read (missing, not a video, truncated beyond use).
    static let inputError: Int32 = 2
    /// `--timeout` passed before `--expect N` codes were recognized; `track outbox retry`: records
    /// still wait (the sink unreachable, not set up, or not done within `--timeout`).
    static let timedOut: Int32 = 3
    /// The input ended before `--expect N` codes were recognized.
    static let incomplete: Int32 = 4
    /// `--output`, `--annotate` or `--record` could not be written, at the start or mid-run; or
    /// `track station`'s `--outbox` or `--sink` database could not be opened or set up at start.
    static let outputError: Int32 = 5
    /// `track outbox retry`: no record waits any more, but the receiver refused some for good
    /// (they were set aside in the outbox's `rejected.jsonl`).
    static let refused: Int32 = 6
    /// `track bench --check`: a figure of the run is outside its threshold (a regression).
    static let thresholdFailed: Int32 = 7
    /// `track outbox retry`: a running station holds the outbox (BSD's `EX_TEMPFAIL`: try again later).
    static let busy: Int32 = 75
    /// Bad arguments (BSD's `EX_USAGE`): a refused option, a bad manifest row, a port that cannot
    /// be served; the message names the option.
    static let usage: Int32 = 64
    /// Stopped by SIGINT (128 + 2), results so far written.
    static let interrupted: Int32 = 130
    /// Stopped by SIGTERM (128 + 15), results so far written.
    static let terminated: Int32 = 143

    /// The status for a camera failure, so scripts can tell them apart:
    ///
    /// | code                  | status | meaning |
    /// |-----------------------|--------|---------|
    /// | `noSuchDevice`        | 20 | the path does not exist or is not a device |
    /// | `notCaptureDevice`    | 21 | a device, but not a video capture device with streaming I/O |
    /// | `busy`                | 22 | another program is using the camera (EBUSY) |
    /// | `permissionDenied`    | 23 | no permission to open it (add the user to group `video`) |
    /// | `unsupportedMode`     | 24 | the requested size, frame rate or pixel format is not offered |
    /// | `unplugged`           | 25 | the camera disappeared while streaming (ENODEV) |
    /// | `invalidControl`      | 26 | unknown control name, or a value the control does not accept |
    /// | `timedOut`            | 27 | no frame arrived within the frame timeout |
    /// | `invalidConfiguration`| 28 | a malformed setting (e.g. `--size 640by480`, 0 buffers, fps ≤ 0) |
    /// | `ioFailure`           | 29 | any other failure of the driver or of libv4l2 |
    ///
    /// A code this table does not know (a newer library) gets 29.
    static func camera(_ code: CameraError.Code) -> Int32 {
        let statuses: [CameraError.Code: Int32] = [
            .noSuchDevice: 20, .notCaptureDevice: 21, .busy: 22, .permissionDenied: 23, .unsupportedMode: 24,
            .unplugged: 25, .invalidControl: 26, .timedOut: 27, .invalidConfiguration: 28, .ioFailure: 29,
        ]
        return statuses[code] ?? 29
    }
}
