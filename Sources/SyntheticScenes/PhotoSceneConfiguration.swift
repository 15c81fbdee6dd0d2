public import FrameSources

/// How a virtual camera moves over photographs in a ``PhotoScene``, and what the sensor adds.
///
/// Every scene is deterministic: the same photos and configuration (including
/// `seed`) render the same frames and ground truth on every machine.
public struct PhotoSceneConfiguration: Sendable, Hashable {
    /// The kind of camera motion.
    public enum Path: String, Sendable, Hashable, CaseIterable {
        /// Pans across the photos at a reading distance (codes at about 3 px per module),
        /// gentle roll (±8°) and tilt, light shake.
        case pan
        /// Zooms from far (codes barely readable, about 1.5 px per module) to a code
        /// filling most of the frame height and back, moving between codes.
        case zoom
        /// Holds on the codes, then whip-pans off the photos and back (about 0.3 s,
        /// thousands of pixels per second) every 1.5 s or so.
        case whip
        /// Scanning by hand: dwell on a code about a second, move to the next in 0.6 s,
        /// while distance, roll (±25°) and tilt (±20°) drift, with hand tremor on top.
        case handheld
    }

    /// Frame width in pixels (16...7680). Default 1280.
    public var width = 1280
    /// Frame height in pixels (16...4320). Default 720.
    public var height = 720
    /// Frames per second (0 < fps ≤ 240). Default 30.
    public var frameRate = 30.0
    /// Number of frames (≥ 1). Default 120 (4 s at 30 fps).
    public var frameCount = 120
    /// Seed of every random choice (path, shake, noise). Default 1.
    public var seed: UInt64 = 1
    /// The camera motion. Default handheld.
    public var path = Path.handheld
    /// Exposure time in seconds (0...1/frameRate); motion within it blurs the frame. Default 1/60 s.
    public var exposure = 1.0 / 60
    /// Rolling shutter: seconds from reading the first row to the last (0 = global shutter, up to 0.1).
    /// Default 0.025: a phone's CMOS sensor reads its rows over most of a 30 fps frame.
    public var rollingShutter = 0.025
    /// Sensor noise: standard deviation in grey levels. Default 3.
    public var noise = 3.0
    /// Exposure drift: the largest relative gain change as auto-exposure hunts (0...0.5). Default 0.15.
    public var exposureDrift = 0.15
    /// Hand shake: scale of the tremor (0 = a tripod, 1 = a typical hand, up to 5). Default 1.
    public var shake = 1.0
    /// Focal length in frame pixels (sets how strong perspective looks). Default 0 = the frame width.
    public var focalLength = 0.0

    /// The defaults: 720p at 30 fps, 4 s, hand-held, 1/60 s exposure, 25 ms rolling shutter.
    public init() {}

    /// Checks every value, naming the one that is out of range.
    public func validate() throws(SourceError) {
        try checkCamera(kind: "photo scene")
        try check(exposure >= 0 && exposure <= 1 / frameRate + 1e-9, "exposure \(exposure) s must be 0...1/frame rate")
        try check(rollingShutter >= 0 && rollingShutter <= 0.1, "rolling-shutter readout \(rollingShutter) s must be 0...0.1")
        try check(noise >= 0 && noise <= 64, "noise \(noise) must be 0...64 grey levels")
        try check((0...0.5).contains(exposureDrift), "exposure drift \(exposureDrift) must be 0...0.5")
        try check((0...5).contains(shake), "shake \(shake) must be 0...5")
        try check(focalLength >= 0 && focalLength.isFinite, "focal length \(focalLength) must not be negative")
    }

    /// Focal length in frame pixels, after resolving the default.
    var focalPixels: Double { focalLength > 0 ? focalLength : Double(width) }
}
