import FrameSources

/// What every scene configuration sets for its virtual camera, and the checks its `validate()`
/// shares with the others'.
protocol SceneCameraSettings {
    /// Frame width in pixels.
    var width: Int { get }
    /// Frame height in pixels.
    var height: Int { get }
    /// Frames per second.
    var frameRate: Double { get }
    /// Number of frames.
    var frameCount: Int { get }
}

extension SceneCameraSettings {
    /// Throws ``FrameSources/SourceError`` (`.invalidArgument`) with `message` unless `ok`.
    func check(_ ok: Bool, _ message: @autoclosure () -> String) throws(SourceError) {
        if !ok { throw SourceError(.invalidArgument, message()) }
    }

    /// Checks the frame size (16x16...7680x4320; `kind` names the scene in the message), the
    /// frame rate (0 < fps ≤ 240) and the frame count (1...10000000).
    func checkCamera(kind: String) throws(SourceError) {
        try check(
            (16...7680).contains(width) && (16...4320).contains(height),
            "\(kind) size \(width)x\(height) is outside 16x16...7680x4320")
        try check(frameRate > 0 && frameRate <= 240 && frameRate.isFinite, "frame rate \(frameRate) must be in (0, 240]")
        try check(frameCount >= 1 && frameCount <= 10_000_000, "frame count \(frameCount) must be 1...10000000")
    }
}

extension PhotoSceneConfiguration: SceneCameraSettings {}
extension SyntheticSceneConfiguration: SceneCameraSettings {}
