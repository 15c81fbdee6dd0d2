public import BarcodeTracking
public import FrameSources

/// What a synthetic scene shows and how the virtual camera moves.
///
/// Every scene is deterministic: the same configuration (including `seed`)
/// renders the same frames and ground truth on every machine.
public struct SyntheticSceneConfiguration: Sendable, Hashable {
    /// How the labels are laid out and move.
    public enum Layout: String, Sendable, Hashable, CaseIterable {
        /// A pallet face: labels fixed on a plane, the camera moves (pan, zoom, rotation).
        case pallet
        /// A conveyor: labels ride a belt through a fixed view, entering and leaving.
        case conveyor
        /// A pallet station: a fixed camera at a roller conveyor (the floor stays still, only the
        /// pallets move) that brings pallet after pallet, each
        /// with 1 to 6 labels (as many as fit in 90% of the view's width), with an empty belt of 0.5 to 10 seconds between one pallet leaving
        /// the view and the next entering it (``SyntheticLabel/pallet`` says which pallet a label is on).
        case station
    }

    /// Frame width in pixels (16...7680). Default 1280.
    public var width = 1280
    /// Frame height in pixels (16...4320). Default 720.
    public var height = 720
    /// Frames per second of the virtual camera (0 < fps ≤ 240). Default 30.
    public var frameRate = 30.0
    /// Number of frames the scene lasts (≥ 1). Default 90 (3 s at 30 fps).
    public var frameCount = 90
    /// Seed of every random choice (payloads, placement, shake, noise). Default 1.
    public var seed: UInt64 = 1
    /// Number of labels (0...1000). Default 3.
    public var codeCount = 3
    /// Pallet face or conveyor. Default pallet.
    public var layout = Layout.pallet
    /// Symbologies to draw, used in turn. Default a retail/logistics mix.
    public var symbologies: [Symbology] = [.qrCode, .code128, .ean13, .dataMatrix, .upcA, .code39, .itf, .aztec]
    /// Size of one module (narrowest bar or square cell) in pixels at zoom 1. Default 3.5.
    public var modulePixels = 3.5
    /// Camera pan amplitude in pixels (pallet) — the view drifts this far from centre. Default 60.
    public var panAmplitude = 60.0
    /// Camera pan period in seconds. Default 4.
    public var panPeriod = 4.0
    /// Zoom amplitude as a fraction (0.1 = ±10 %). Default 0.05.
    public var zoomAmplitude = 0.05
    /// Camera roll amplitude in degrees. Default 5.
    public var rotationAmplitude = 5.0
    /// Hand shake: standard deviation of a per-frame jitter in pixels. Default 0.
    public var shake = 0.0
    /// Conveyor belt speed in pixels per second. Default 240.
    public var beltSpeed = 240.0
    /// In a ``Layout/station`` scene, the share of pallets that stop with their middle in the
    /// middle of the view for 2 to 8 seconds before moving on (stop-and-go: a wrapper, a
    /// forklift setting a pallet down), 0...1. Default 0: a conveyor that never stops.
    public var stopProbability = 0.0
    /// Horizontal motion-blur length in pixels (0 = none). Default 0.
    public var motionBlur = 0.0
    /// Sensor noise: standard deviation in grey levels (0 = none). Default 0.
    public var noise = 0.0
    /// Uneven lighting strength, 0...0.8 (0 = flat). Default 0.
    public var unevenLighting = 0.0
    /// Whether a dark bar (an arm, a strap) sweeps across the view, hiding codes. Default false.
    public var occlusion = false

    /// The defaults: a 720p pallet face with 3 labels and a gently moving camera.
    public init() {}

    /// The scene `track --demo` runs: 720p, three mixed labels, gentle hand-held motion.
    public static var demo: SyntheticSceneConfiguration {
        var c = SyntheticSceneConfiguration()
        c.symbologies = [.qrCode, .ean13, .code128]
        c.shake = 0.8
        c.noise = 3
        c.unevenLighting = 0.25
        return c
    }

    /// Checks every value, naming the one that is out of range.
    public func validate() throws(SourceError) {
        try checkCamera(kind: "scene")
        try check((0...1000).contains(codeCount), "code count \(codeCount) must be 0...1000")
        try check(!symbologies.isEmpty || codeCount == 0, "a scene with codes needs at least one symbology")
        try check(modulePixels >= 1 && modulePixels <= 40, "module size \(modulePixels) px must be 1...40")
        try check(zoomAmplitude >= 0 && zoomAmplitude < 0.9, "zoom amplitude \(zoomAmplitude) must be 0...0.9")
        try check(panPeriod > 0, "pan period must be positive")
        try check(
            shake >= 0 && motionBlur >= 0 && motionBlur <= 200 && noise >= 0 && noise <= 128,
            "shake, blur (≤200 px) and noise (≤128) must not be negative")
        try check((0...0.8).contains(unevenLighting), "uneven lighting \(unevenLighting) must be 0...0.8")
        try check((0...1).contains(stopProbability), "stop probability \(stopProbability) must be 0...1")
    }
}
