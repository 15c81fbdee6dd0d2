internal import Glibc

/// An error from a V4L2 camera: opening, configuring, streaming or controlling it.
///
/// Each code has a stable process exit status (`exitStatus`) that the `track`
/// command uses, so scripts can tell the failures apart:
///
/// | code                  | exit status | meaning |
/// |-----------------------|-------------|---------|
/// | `noSuchDevice`        | 20 | the path does not exist or is not a device |
/// | `notCaptureDevice`    | 21 | a device, but not a video capture device with streaming I/O |
/// | `busy`                | 22 | another program is using the camera (EBUSY) |
/// | `permissionDenied`    | 23 | no permission to open it (add the user to group `video`) |
/// | `unsupportedMode`     | 24 | the requested size, frame rate or pixel format is not offered |
/// | `unplugged`           | 25 | the camera disappeared while streaming (ENODEV) |
/// | `invalidControl`      | 26 | unknown control name, or a value the control does not accept |
/// | `timedOut`            | 27 | no frame arrived within `CameraConfiguration.frameTimeout` |
/// | `invalidConfiguration`| 28 | a malformed setting (e.g. `--size 640by480`, 0 buffers, fps ≤ 0) |
/// | `ioFailure`           | 29 | any other failure of the driver or of libv4l2 |
public struct CameraError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure; extensible (new codes get new exit statuses).
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, e.g. `"busy"`.
        public let name: String
        /// The process exit status the command line tool uses for this code.
        public let exitStatus: Int32

        /// The device path does not exist or is not a device (ENOENT, ENXIO, ENODEV at open).
        public static let noSuchDevice = Code(name: "noSuchDevice", exitStatus: 20)
        /// The device cannot capture video with streaming I/O (e.g. a UVC metadata node).
        public static let notCaptureDevice = Code(name: "notCaptureDevice", exitStatus: 21)
        /// Another program holds the camera (EBUSY).
        public static let busy = Code(name: "busy", exitStatus: 22)
        /// The user may not open the device (EACCES, EPERM).
        public static let permissionDenied = Code(name: "permissionDenied", exitStatus: 23)
        /// The requested frame size, frame rate or pixel format is not offered.
        public static let unsupportedMode = Code(name: "unsupportedMode", exitStatus: 24)
        /// The camera disappeared while streaming (ENODEV on dequeue or poll).
        public static let unplugged = Code(name: "unplugged", exitStatus: 25)
        /// Unknown control name, or a value the control does not accept.
        public static let invalidControl = Code(name: "invalidControl", exitStatus: 26)
        /// No frame arrived within the configured timeout.
        public static let timedOut = Code(name: "timedOut", exitStatus: 27)
        /// A malformed or out-of-range setting, rejected before the device is touched.
        public static let invalidConfiguration = Code(name: "invalidConfiguration", exitStatus: 28)
        /// Any other failure reported by the driver or libv4l2.
        public static let ioFailure = Code(name: "ioFailure", exitStatus: 29)

        /// Every code defined here, in exit-status order.
        public static let all: [Code] = [
            .noSuchDevice, .notCaptureDevice, .busy, .permissionDenied, .unsupportedMode,
            .unplugged, .invalidControl, .timedOut, .invalidConfiguration, .ioFailure,
        ]

        /// The code's name.
        public var description: String { name }
    }

    /// The kind of failure.
    public var code: Code
    /// What was wrong and what to do, for people.
    public var message: String
    /// The device path concerned (empty when none).
    public var path: String
    /// The underlying `errno`, when the failure came from a system call.
    public var errno: Int32?

    /// Creates an error.
    public init(_ code: Code, _ message: String, path: String = "", errno: Int32? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.errno = errno
    }

    /// The process exit status for this error (see the table above).
    public var exitStatus: Int32 { code.exitStatus }

    /// The message for people.
    public var description: String { message }
}

extension CameraError {
    /// The system's text for an errno value, e.g. "Device or resource busy".
    static func text(_ number: Int32) -> String {
        guard let text = strerror(number) else { return "errno \(number)" }
        return String(cString: text)
    }

    /// Turns a failed system call on `path` into the matching error.
    ///
    /// `operation` says what was attempted, e.g. "cannot open" or "cannot start streaming on".
    static func fromErrno(_ number: Int32, operation: String, path: String) -> CameraError {
        let reason = text(number)
        switch number {
        case ENOENT, ENXIO:
            return CameraError(.noSuchDevice,
                "\(operation) \(path): no such device (\(reason)); run `track devices` to list the cameras",
                path: path, errno: number)
        case ENODEV:
            return CameraError(.unplugged,
                "\(operation) \(path): the camera is gone (\(reason)); check its cable and run `track devices`",
                path: path, errno: number)
        case EACCES, EPERM:
            return CameraError(.permissionDenied,
                "\(operation) \(path): permission denied (add the user to group video: `sudo usermod -aG video $USER`, then log in again)",
                path: path, errno: number)
        case EBUSY:
            return CameraError(.busy,
                "\(operation) \(path): the camera is busy (\(reason)); close the other program using it and try again",
                path: path, errno: number)
        default:
            return CameraError(.ioFailure, "\(operation) \(path): \(reason)", path: path, errno: number)
        }
    }
}
