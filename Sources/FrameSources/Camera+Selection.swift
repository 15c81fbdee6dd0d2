/// Chooses the frame size and rate to request from the modes a camera offers.
enum CameraModeSelection {
    /// Largest size "best available" picks when no size is requested.
    static let preferredMaximum = CameraSize(unchecked: 1920, 1080)
    /// Lowest frame rate "best available" accepts before falling back to any size.
    static let minimumUsefulFPS = 15.0
    /// How far a requested frame rate may be from an offered one.
    static let fpsTolerance = 0.5

    /// The size and rate to request (rate nil when the driver lists none).
    ///
    /// - Throws: `unsupportedMode` naming what is offered when the requested size or
    ///   rate is not among `modes`.
    static func choose(size requested: CameraSize?, framesPerSecond requestedFPS: Double?,
                       modes: [CameraMode], path: String) throws(CameraError) -> (CameraSize, Double?) {
        guard !modes.isEmpty else {
            throw CameraError(.unsupportedMode, "\(path) reports no frame sizes; it cannot be used as a camera", path: path)
        }
        let offered = modes.map(\.size.description).joined(separator: ", ")
        let mode: CameraMode
        if let requested {
            guard let match = modes.first(where: { $0.size == requested }) else {
                throw CameraError(.unsupportedMode,
                    "\(path) does not offer the frame size \(requested); offered sizes: \(offered)", path: path)
            }
            mode = match
        } else {
            mode = best(modes, framesPerSecond: requestedFPS)
        }
        guard let requestedFPS else { return (mode.size, mode.framesPerSecond.max()) }
        guard !mode.framesPerSecond.isEmpty else { return (mode.size, requestedFPS) }
        guard let rate = mode.framesPerSecond.min(by: { abs($0 - requestedFPS) < abs($1 - requestedFPS) }),
              abs(rate - requestedFPS) <= fpsTolerance else {
            let rates = mode.framesPerSecond.map { CameraMode.format($0) }.joined(separator: ", ")
            throw CameraError(.unsupportedMode,
                "\(path) does not offer \(CameraMode.format(requestedFPS)) fps at \(mode.size); offered rates: \(rates)",
                path: path)
        }
        return (mode.size, rate)
    }

    /// The largest size up to `preferredMaximum` that reaches `minimumUsefulFPS` (and the
    /// requested rate, if any); failing that the largest size up to `preferredMaximum`;
    /// failing that the smallest size.
    static func best(_ modes: [CameraMode], framesPerSecond requestedFPS: Double?) -> CameraMode {
        let needed = requestedFPS.map { $0 - fpsTolerance } ?? minimumUsefulFPS
        let fitting = modes.filter { $0.size.width <= preferredMaximum.width && $0.size.height <= preferredMaximum.height }
        let fast = fitting.filter { $0.framesPerSecond.isEmpty || $0.maximumFramesPerSecond >= needed }
        if let mode = fast.max(by: { $0.size < $1.size }) { return mode }
        if let mode = fitting.max(by: { $0.size < $1.size }) { return mode }
        return modes.min(by: { $0.size < $1.size })!
    }
}
