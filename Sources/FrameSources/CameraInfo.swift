/// What a V4L2 camera offers: identity, native formats with sizes and rates, controls.
///
/// Produced by `Camera.describe(path:)`, `Camera.devices()` and `Camera.info`.
public struct CameraInfo: Sendable, Hashable {
    /// The device path, e.g. `/dev/video0`.
    public var path: String
    /// The kernel driver, e.g. `uvcvideo`.
    public var driver: String
    /// The device's name, e.g. `HD Pro Webcam C920`.
    public var card: String
    /// Where it is attached, e.g. `usb-0000:00:14.0-1`.
    public var busInfo: String
    /// The pixel formats the camera itself delivers (not libv4l2's conversions), in driver order.
    public var formats: [CameraFormat]
    /// The controls, in driver order.
    public var controls: [CameraControlInfo]

    /// Creates a description.
    public init(path: String, driver: String, card: String, busInfo: String,
                formats: [CameraFormat], controls: [CameraControlInfo]) {
        self.path = path
        self.driver = driver
        self.card = card
        self.busInfo = busInfo
        self.formats = formats
        self.controls = controls
    }

    /// Whether the camera has a torch/LED control (`torch=on|off`).
    public var hasTorch: Bool { controls.contains { $0.role == .torch } }
}

/// One native pixel format with the frame sizes and rates offered for it.
public struct CameraFormat: Sendable, Hashable {
    /// The FourCC code, e.g. `"YUYV"` or `"MJPG"`.
    public var fourCC: String
    /// The driver's description, e.g. `"Motion-JPEG"`.
    public var description: String
    /// Whether frames are compressed (MJPEG, H.264).
    public var isCompressed: Bool
    /// Frame sizes with their frame rates, in driver order.
    public var modes: [CameraMode]

    /// Creates a format description.
    public init(fourCC: String, description: String, isCompressed: Bool, modes: [CameraMode]) {
        self.fourCC = fourCC
        self.description = description
        self.isCompressed = isCompressed
        self.modes = modes
    }
}

/// A frame size and the frame rates offered at that size.
public struct CameraMode: Sendable, Hashable, CustomStringConvertible {
    /// Frame size in pixels.
    public var size: CameraSize
    /// Frames per second offered, highest first. For a driver that reports a
    /// continuous range, its two ends.
    public var framesPerSecond: [Double]

    /// Creates a mode.
    public init(size: CameraSize, framesPerSecond: [Double]) {
        self.size = size
        self.framesPerSecond = framesPerSecond
    }

    /// The highest frame rate at this size (0 when the driver reports none).
    public var maximumFramesPerSecond: Double { framesPerSecond.max() ?? 0 }

    /// A one-line summary, e.g. `640x480 @ 30/15 fps`.
    public var description: String {
        "\(size) @ " + framesPerSecond.map { CameraMode.format($0) }.joined(separator: "/") + " fps"
    }

    static func format(_ fps: Double) -> String {
        fps == fps.rounded() ? String(Int(fps)) : String((fps * 100).rounded() / 100)
    }
}

/// A camera control as the driver describes it.
public struct CameraControlInfo: Sendable, Hashable {
    /// What kind of value a control takes.
    public enum Kind: String, Sendable, Hashable {
        /// A number in `minimum...maximum` by `step`.
        case integer
        /// On (1) or off (0).
        case boolean
        /// One of the `menu` items.
        case menu
        /// An action with no value.
        case button
        /// A type this package does not set (strings, arrays...).
        case other
    }

    /// What a control means to a barcode scanner, for the portable aliases.
    public enum Role: String, Sendable, Hashable {
        /// Exposure mode (`exposure=auto|manual`).
        case exposureMode
        /// Exposure time (`exposure_time=N`).
        case exposureTime
        /// Continuous autofocus on/off (`focus=auto|manual`).
        case focusMode
        /// Focus position (`focus_position=N`).
        case focusPosition
        /// The LED/torch (`torch=on|off`).
        case torch
        /// Any other control.
        case other
    }

    /// The V4L2 control id.
    public var id: UInt32
    /// The driver's label, e.g. `"Exposure Time, Absolute"`.
    public var label: String
    /// The name used in `name=value` settings, e.g. `exposure_time_absolute`.
    public var name: String { CameraControlSetting.normalize(label) }
    /// The kind of value.
    public var kind: Kind
    /// What the control means for the portable aliases.
    public var role: Role
    /// Smallest value.
    public var minimum: Int
    /// Largest value.
    public var maximum: Int
    /// Value step (1 for most).
    public var step: Int
    /// The driver's default value.
    public var defaultValue: Int
    /// The current value (nil when it could not be read, e.g. write-only controls).
    public var value: Int?
    /// Menu items (value and name) for `.menu` controls, in value order.
    public var menu: [MenuItem]
    /// Whether the control is currently inactive (e.g. exposure time while exposure is automatic).
    public var isInactive: Bool
    /// Whether the control can only be read.
    public var isReadOnly: Bool

    /// One item of a menu control.
    public struct MenuItem: Sendable, Hashable {
        /// The value to set.
        public var value: Int
        /// The driver's name for it, e.g. `"Manual Mode"`.
        public var name: String

        /// Creates a menu item.
        public init(value: Int, name: String) {
            self.value = value
            self.name = name
        }
    }

    /// Creates a control description.
    public init(id: UInt32, label: String, kind: Kind, role: Role, minimum: Int, maximum: Int, step: Int,
                defaultValue: Int, value: Int?, menu: [MenuItem], isInactive: Bool, isReadOnly: Bool) {
        self.id = id
        self.label = label
        self.kind = kind
        self.role = role
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.defaultValue = defaultValue
        self.value = value
        self.menu = menu
        self.isInactive = isInactive
        self.isReadOnly = isReadOnly
    }
}

/// The format a `Camera` streams in, after negotiation.
public struct CameraStreamFormat: Sendable, Hashable, CustomStringConvertible {
    /// Frame size in pixels.
    public var size: CameraSize
    /// Frames per second the driver set (0 when it does not say).
    public var framesPerSecond: Double
    /// FourCC of the frames the program receives (e.g. `"YU12"` or `"GREY"`);
    /// libv4l2 converts the camera's native format to it.
    public var pixelFormat: String
    /// Number of mmap buffers the driver granted.
    public var bufferCount: Int

    /// Creates a stream format description.
    public init(size: CameraSize, framesPerSecond: Double, pixelFormat: String, bufferCount: Int) {
        self.size = size
        self.framesPerSecond = framesPerSecond
        self.pixelFormat = pixelFormat
        self.bufferCount = bufferCount
    }

    /// A one-line summary, e.g. `640x480 YU12 @ 30 fps, 2 buffers`.
    public var description: String {
        "\(size) \(pixelFormat) @ \(CameraMode.format(framesPerSecond)) fps, \(bufferCount) buffers"
    }
}
