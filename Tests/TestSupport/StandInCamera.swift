public import Foundation

/// Running a built executable against the V4L2 stand-in (`Sources/V4L2StandIn`, loaded with
/// `LD_PRELOAD`) instead of a kernel driver: this machine's kernel has no V4L2.
public enum StandInCamera {
    /// The device path the stand-in serves.
    public static let device = "/dev/video-standin"

    /// The variables that preload the stand-in serving ``device``: `frames` (raw luma frames of
    /// `size`, e.g. `"640x480"`) to serve, `log` to record the calls it answered in, and `settings`
    /// (`BT_V4L2_STANDIN_*` without the prefix, e.g. `["FAULT": "busy"]`).
    public static func environment(frames: URL? = nil, size: String? = nil, log: URL? = nil,
                                   settings: [String: String] = [:]) -> [String: String] {
        let library = BuiltProducts.executable(named: "camera-probe").deletingLastPathComponent()
            .appendingPathComponent("libV4L2StandIn.so")
        var environment = ["LD_PRELOAD": library.path, "BT_V4L2_STANDIN_DEVICE": device]
        environment["BT_V4L2_STANDIN_FRAMES"] = frames?.path
        environment["BT_V4L2_STANDIN_FRAME_SIZE"] = size
        environment["BT_V4L2_STANDIN_LOG"] = log?.path
        for (key, value) in settings { environment["BT_V4L2_STANDIN_" + key] = value }
        return environment
    }
}
