internal import Glibc
public import BarcodeTracking

/// An error from a V4L2 camera: opening, configuring, streaming or controlling it.
/// ``BarcodeTracking/BarcodeError/path`` is the device, and
/// ``BarcodeTracking/BarcodeError/systemErrno`` the `errno` of the failed system
/// call when there was one. (`track` gives each code its own exit status, 20-29,
/// so scripts can tell the failures apart.)
public typealias CameraError = BarcodeError<CameraErrorDomain>

/// The domain of ``CameraError``.
public enum CameraErrorDomain: BarcodeErrorDomain {
    /// `"camera"`.
    public static let name = "camera"
    /// `"libv4l2"`.
    public static let library: String? = "libv4l2"
}

extension BarcodeError.Code where Domain == CameraErrorDomain {
    /// The device path does not exist or is not a device (ENOENT, ENXIO, ENODEV at open).
    public static var noSuchDevice: Self { Self("noSuchDevice") }
    /// The device cannot capture video with streaming I/O (e.g. a UVC metadata node).
    public static var notCaptureDevice: Self { Self("notCaptureDevice") }
    /// Another program holds the camera (EBUSY).
    public static var busy: Self { Self("busy") }
    /// The user may not open the device (EACCES, EPERM).
    public static var permissionDenied: Self { Self("permissionDenied") }
    /// The requested frame size, frame rate or pixel format is not offered.
    public static var unsupportedMode: Self { Self("unsupportedMode") }
    /// The camera disappeared while streaming (ENODEV on dequeue or poll).
    public static var unplugged: Self { Self("unplugged") }
    /// Unknown control name, or a value the control does not accept.
    public static var invalidControl: Self { Self("invalidControl") }
    /// No frame arrived within the configured timeout.
    public static var timedOut: Self { Self("timedOut") }
    /// A malformed or out-of-range setting, rejected before the device is touched.
    public static var invalidConfiguration: Self { Self("invalidConfiguration") }
    /// Any other failure reported by the driver or libv4l2.
    public static var ioFailure: Self { Self("ioFailure") }

    /// Every camera code, from the earliest failure (no device) to the most general.
    public static var all: [Self] {
        [.noSuchDevice, .notCaptureDevice, .busy, .permissionDenied, .unsupportedMode,
         .unplugged, .invalidControl, .timedOut, .invalidConfiguration, .ioFailure]
    }
}

extension CameraError {
    /// The system's text for an errno value, e.g. "Device or resource busy".
    static func text(_ number: Int32) -> String {
        guard let text = strerror(number) else { return "errno \(number)" }
        return String(cString: text)
    }

    /// Turns a failed system call on `path` into the matching error.
    ///
    /// `operation` says what was attempted, e.g. "cannot open" or "cannot start streaming on";
    /// `atOpen`, that it was opening the device, where ENODEV means no device rather than an unplug.
    static func fromErrno(_ number: Int32, operation: String, path: String, atOpen: Bool = false) -> CameraError {
        let reason = text(number)
        let noDevice = "no such device (\(reason)); run `track devices` to list the cameras"
        let (code, detail): (Code, String) = switch number {
        case ENOENT, ENXIO: (.noSuchDevice, noDevice)
        case ENODEV: atOpen ? (.noSuchDevice, noDevice) : (.unplugged, "the camera is gone (\(reason)); check its cable and run `track devices`")
        case EACCES, EPERM:
            (.permissionDenied, "permission denied (add the user to group video: `sudo usermod -aG video $USER`, then log in again)")
        case EBUSY: (.busy, "the camera is busy (\(reason)); close the other program using it and try again")
        default: (.ioFailure, reason)
        }
        return CameraError(code, "\(operation) \(path): \(detail)", path: path, systemErrno: number)
    }
}
