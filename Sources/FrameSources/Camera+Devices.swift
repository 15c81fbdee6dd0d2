internal import Glibc

extension Camera {
    /// Paths of the V4L2 device nodes on this machine (`/dev/video*`), in numeric order.
    ///
    /// Lists nodes, not cameras: a UVC camera usually has a capture node and a
    /// metadata node. `devices()` keeps the capture ones.
    public static func devicePaths() -> [String] {
        guard let directory = opendir("/dev") else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix("video"), name.count > 5, name.dropFirst(5).allSatisfy(\.isNumber) { names.append(name) }
        }
        return names.sorted { (Int($0.dropFirst(5)) ?? 0) < (Int($1.dropFirst(5)) ?? 0) }.map { "/dev/" + $0 }
    }

    /// The capture cameras among `devicePaths()` that can be opened now, described.
    /// Nodes that fail (metadata nodes, busy or forbidden devices) are left out; call
    /// `describe(path:)` on each path to learn why.
    public static func devices() -> [CameraInfo] {
        devicePaths().compactMap { try? describe(path: $0) }
    }

    /// Describes the camera at `path` without streaming: driver, card, native formats
    /// with sizes and rates, controls with their current values.
    ///
    /// - Throws: `CameraError` (`noSuchDevice`, `notCaptureDevice`, `busy`, `permissionDenied`, ...).
    public static func describe(path: String) throws(CameraError) -> CameraInfo {
        let device = try V4L2Device(path: path)
        defer { device.close() }
        try checkCapture(device)
        return try describe(device)
    }

    static func describe(_ device: V4L2Device) throws(CameraError) -> CameraInfo {
        let capability = try device.capability()
        let formats = device.formats().filter { !$0.isEmulated }.map { format in
            CameraFormat(fourCC: V4L2Device.fourCC(format.pixelFormat), description: format.description,
                         isCompressed: format.isCompressed, modes: modes(device, pixelFormat: format.pixelFormat))
        }
        return CameraInfo(path: device.path, driver: capability.driver, card: capability.card,
                          busInfo: capability.busInfo, formats: formats, controls: device.controls())
    }

    static func checkCapture(_ device: V4L2Device) throws(CameraError) {
        let capability = try device.capability()
        let path = device.path
        if capability.multiplanarOnly {
            throw CameraError(.notCaptureDevice,
                "\(path) (\(capability.card)) captures only multi-planar formats, which this program does not support; use a UVC webcam",
                path: path)
        }
        guard capability.canCapture else {
            throw CameraError(.notCaptureDevice,
                "\(path) (\(capability.card), driver \(capability.driver)) is not a video capture device (a UVC camera's second node carries metadata only); try the other /dev/video node of this camera",
                path: path)
        }
        guard capability.canStream else {
            throw CameraError(.notCaptureDevice,
                "\(path) (\(capability.card)) does not support streaming I/O, which this program needs", path: path)
        }
    }

    /// Frame sizes and rates for one pixel format (a range is reported by its two ends).
    static func modes(_ device: V4L2Device, pixelFormat: UInt32) -> [CameraMode] {
        switch device.frameSizes(pixelFormat) {
        case .discrete(let sizes):
            return sizes.map { CameraMode(size: $0, framesPerSecond: device.framesPerSecond(pixelFormat, $0)) }
        case .range(let minimum, let maximum, _, _):
            let sizes = minimum == maximum ? [maximum] : [maximum, minimum]
            return sizes.map { CameraMode(size: $0, framesPerSecond: device.framesPerSecond(pixelFormat, $0)) }
        }
    }

    /// The format to ask libv4l2 for: the camera's own GREY if it has it (no conversion),
    /// else YUV 4:2:0 (libv4l2 converts YUYV, MJPEG and others; luma is the first plane).
    static func lumaFormat(_ device: V4L2Device) throws(CameraError) -> UInt32 {
        let formats = device.formats()
        let grey = V4L2Device.fourCC("GREY"), yuv420 = V4L2Device.fourCC("YU12")
        if formats.contains(where: { $0.pixelFormat == grey && !$0.isEmulated }) { return grey }
        if formats.contains(where: { $0.pixelFormat == yuv420 }) { return yuv420 }
        if let native = formats.first(where: { lumaLayout($0.pixelFormat) != nil }) { return native.pixelFormat }
        let offered = formats.map { V4L2Device.fourCC($0.pixelFormat) }.joined(separator: ", ")
        throw CameraError(.unsupportedMode,
            "\(device.path) offers no format libv4l2 can turn into greyscale (offered: \(offered.isEmpty ? "none" : offered))",
            path: device.path)
    }

    /// Where luma sits in a format: byte offset of the first Y in a row, bytes between Ys.
    static func lumaLayout(_ pixelFormat: UInt32) -> (offset: Int, step: Int)? {
        switch V4L2Device.fourCC(pixelFormat) {
        case "GREY", "YU12", "YV12", "NV12", "NV21", "422P", "YM12": (0, 1)
        case "YUYV", "YVYU": (0, 2)
        case "UYVY", "VYUY": (1, 2)
        default: nil
        }
    }
}
