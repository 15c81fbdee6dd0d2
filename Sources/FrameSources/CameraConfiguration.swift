/// A frame size in pixels.
public struct CameraSize: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int

    /// Creates a size; both sides must be 1...65536 pixels.
    public init(width: Int, height: Int) throws(CameraError) {
        guard (1...65536).contains(width), (1...65536).contains(height) else {
            throw CameraError(.invalidConfiguration,
                "frame size \(width)x\(height) is outside 1x1...65536x65536; give it as WIDTHxHEIGHT, e.g. 1280x720")
        }
        self.width = width
        self.height = height
    }

    /// Parses `"WIDTHxHEIGHT"`, e.g. `"1280x720"`.
    public init(parsing text: String) throws(CameraError) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
            throw CameraError(.invalidConfiguration,
                "frame size \"\(text)\" is not WIDTHxHEIGHT; write it like 1280x720")
        }
        try self.init(width: width, height: height)
    }

    init(unchecked width: Int, _ height: Int) {
        self.width = width
        self.height = height
    }

    /// Number of pixels.
    public var area: Int { width * height }

    /// Orders by area, then width.
    public static func < (lhs: CameraSize, rhs: CameraSize) -> Bool {
        (lhs.area, lhs.width) < (rhs.area, rhs.width)
    }

    /// `WIDTHxHEIGHT`, e.g. `1280x720`.
    public var description: String { "\(width)x\(height)" }
}

/// One `name=value` control setting, e.g. `exposure=manual` or `brightness=10`.
///
/// Names are a control's label in lower case with `_` for spaces and punctuation
/// (`"Exposure Time, Absolute"` → `exposure_time_absolute`; `track devices` lists
/// them), or one of these portable aliases:
/// - `exposure=auto|manual`; `exposure_time=N` (driver units, 100 µs for UVC;
///   switches exposure to manual first)
/// - `focus=auto|manual`; `focus_position=N` (driver units; switches focus to manual first)
/// - `torch=on|off` (the flash class LED mode, where the driver has one)
///
/// Values are integers, `on`/`off`/`true`/`false` for switches, or a menu item's name.
public struct CameraControlSetting: Hashable, Sendable, CustomStringConvertible {
    /// The control name as given, normalised to lower case with `_`.
    public let name: String
    /// The value as given.
    public let value: String

    /// Creates a setting.
    public init(name: String, value: String) throws(CameraError) {
        let key = CameraControlSetting.normalize(name)
        guard !key.isEmpty else {
            throw CameraError(.invalidControl, "control setting has an empty name; write name=value, e.g. exposure=manual")
        }
        let trimmed = value.trimmingWhitespace()
        guard !trimmed.isEmpty else {
            throw CameraError(.invalidControl, "control \(key) has an empty value; write name=value, e.g. \(key)=1")
        }
        self.name = key
        self.value = trimmed
    }

    /// Parses `"name=value"`.
    public init(parsing text: String) throws(CameraError) {
        guard let equals = text.firstIndex(of: "=") else {
            throw CameraError(.invalidControl, "control setting \"\(text)\" has no '='; write name=value, e.g. focus=auto")
        }
        try self.init(name: String(text[..<equals]), value: String(text[text.index(after: equals)...]))
    }

    /// A control label as a setting name: `"Exposure Time, Absolute"` → `exposure_time_absolute`.
    public static func normalize(_ label: String) -> String {
        var result = ""
        var pendingSeparator = false
        for scalar in label.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingSeparator && !result.isEmpty { result.append("_") }
                result.unicodeScalars.append(scalar)
                pendingSeparator = false
            } else {
                pendingSeparator = true
            }
        }
        return result
    }

    /// `name=value`, as parsed.
    public var description: String { "\(name)=\(value)" }
}

/// How a `Camera` is set up. Every property has a documented default.
public struct CameraConfiguration: Sendable, Hashable {
    /// The frame size to capture, in pixels. Default `nil`: the best available, i.e.
    /// the largest size up to 1920x1080 that reaches 15 frames per second (the
    /// largest offered size when none does). A size the camera does not offer is an
    /// `unsupportedMode` error that lists the offered sizes.
    public var size: CameraSize?
    /// Frames per second to request. Default `nil`: the highest rate offered at the
    /// chosen size. A rate not offered (within 0.5 fps) is an `unsupportedMode` error.
    public var framesPerSecond: Double?
    /// Number of mmap buffers queued in the driver, 1...32. Default 2: deeper queues
    /// hold older frames and add latency, since the newest frame waits behind them.
    public var bufferCount: Int
    /// Controls applied after opening, in order (mode switches such as
    /// `exposure=manual` before the values they unlock). Default none.
    public var controls: [CameraControlSetting]
    /// Seconds to wait for one frame before `nextFrame()` throws `timedOut`. Default 5.
    public var frameTimeout: Double

    /// Creates a configuration; see each property for its default.
    public init(size: CameraSize? = nil, framesPerSecond: Double? = nil, bufferCount: Int = 2,
                controls: [CameraControlSetting] = [], frameTimeout: Double = 5) throws(CameraError) {
        self.size = size
        self.framesPerSecond = framesPerSecond
        self.bufferCount = bufferCount
        self.controls = controls
        self.frameTimeout = frameTimeout
        try validate()
    }

    /// All defaults: best available size and rate, 2 buffers, no controls, 5 s frame timeout.
    public static let defaults = CameraConfiguration(size: nil, framesPerSecond: nil, bufferCount: 2, controls: [],
                                                     frameTimeout: 5, unchecked: ())

    private init(size: CameraSize?, framesPerSecond: Double?, bufferCount: Int, controls: [CameraControlSetting],
                 frameTimeout: Double, unchecked: Void) {
        self.size = size
        self.framesPerSecond = framesPerSecond
        self.bufferCount = bufferCount
        self.controls = controls
        self.frameTimeout = frameTimeout
    }

    /// Checks the settings (the properties are mutable; `Camera` checks again when opening).
    public func validate() throws(CameraError) {
        if let framesPerSecond, !(framesPerSecond > 0 && framesPerSecond <= 10_000) {
            throw CameraError(.invalidConfiguration,
                "frame rate \(framesPerSecond) is not a positive number of frames per second; use e.g. 30")
        }
        guard (1...32).contains(bufferCount) else {
            throw CameraError(.invalidConfiguration,
                "buffer count \(bufferCount) is outside 1...32; use 2 to 4 (more buffers add latency)")
        }
        guard frameTimeout > 0, frameTimeout.isFinite else {
            throw CameraError(.invalidConfiguration, "frame timeout \(frameTimeout) must be a positive number of seconds")
        }
    }
}

fileprivate extension String {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
