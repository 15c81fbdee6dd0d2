public import BarcodeTracking
internal import Glibc

/// A V4L2 camera as a live frame source, through libv4l2.
///
/// Opening checks that the device captures video with streaming I/O, picks the
/// configured (or best available) size and rate, has libv4l2 deliver a luma-friendly
/// format (GREY when the camera has it, else YUV 4:2:0 converted from YUYV or MJPEG),
/// and applies the configured controls. Streaming (mmap, `bufferCount` buffers) starts
/// at the first `nextFrame()`.
///
/// Frame times are seconds since the first frame of the stream, from the driver's
/// buffer timestamps (the capture clock, not the time the program read the frame).
/// Frame numbers follow the driver's sequence counter, so frames the driver dropped
/// keep their numbers and are simply absent.
///
/// Not thread-safe: one thread at a time (the pipeline's capture thread) owns it.
public final class Camera: FrameSource {
    /// The device path.
    public let name: String
    /// Always true: a camera delivers frames whether or not they are consumed.
    public var isLive: Bool { true }
    /// The frame rate the driver granted (frames per second); `nil` when it did not say.
    public var nominalFrameRate: Double? { streamFormat.framesPerSecond > 0 ? streamFormat.framesPerSecond : nil }
    /// Frames that arrived damaged (driver error flag, undecodable MJPEG) and were skipped.
    public private(set) var damagedFrameCount = 0
    /// What the camera offers (native formats, sizes, rates, controls as of opening).
    public let info: CameraInfo
    /// The negotiated stream: size, rate, delivered pixel format, buffer count.
    public private(set) var streamFormat: CameraStreamFormat
    /// The configuration it was opened with.
    public let configuration: CameraConfiguration

    var device: V4L2Device?
    private let pixFormat: V4L2Device.PixFormat
    private var firstTimestamp: Double?
    private var firstSequence: UInt32?
    private var lastNumber = 0
    /// Damaged frames since the last good one (libv4l2's EIO counts as the 4 frames it covers).
    private var consecutiveDamage = 0
    /// Consecutive damaged frames after which the stream is given up (about 1.3 s at 30 fps).
    static let damageLimit = 40
    /// A failure met after a frame was already copied out; thrown at the next call.
    private var pendingError: CameraError?

    /// Opens and configures the camera at `path` (e.g. `/dev/video0`).
    ///
    /// - Throws: `CameraError` — `noSuchDevice`, `notCaptureDevice`, `busy`,
    ///   `permissionDenied`, `unsupportedMode`, `invalidControl`, `invalidConfiguration`, `ioFailure`.
    public init(path: String, configuration: CameraConfiguration = .defaults) throws(CameraError) {
        try configuration.validate()
        let device = try V4L2Device(path: path)
        try Self.checkCapture(device)
        let output = try Self.lumaFormat(device)
        let modes = Self.modes(device, pixelFormat: output)
        let (size, fps) = try CameraModeSelection.choose(size: configuration.size,
                                                         framesPerSecond: configuration.framesPerSecond,
                                                         modes: modes, path: path)
        let pix = try device.setFormat(size: size, pixelFormat: output)
        guard pix.width == size.width, pix.height == size.height else {
            throw CameraError(.unsupportedMode,
                "\(path) set \(pix.width)x\(pix.height) when asked for \(size); offered sizes: "
                    + modes.map(\.size.description).joined(separator: ", "), path: path)
        }
        guard Self.lumaLayout(pix.pixelFormat) != nil else {
            throw CameraError(.unsupportedMode,
                "\(path) delivers \(V4L2Device.fourCC(pix.pixelFormat)), which has no luma plane this program reads", path: path)
        }
        let actualFPS = fps.map { device.setFramesPerSecond($0) } ?? 0
        self.name = path
        self.configuration = configuration
        self.device = device
        self.pixFormat = pix
        self.streamFormat = CameraStreamFormat(size: size, framesPerSecond: actualFPS > 0 ? actualFPS : (fps ?? 0),
                                               pixelFormat: V4L2Device.fourCC(pix.pixelFormat),
                                               bufferCount: configuration.bufferCount)
        for setting in Self.ordered(configuration.controls) {
            try Self.apply(setting, to: device)
        }
        self.info = try Self.describe(device)
    }

    deinit { device?.close() }

    /// The next frame, blocking until the driver fills a buffer.
    ///
    /// - Returns: nil after `close()`.
    /// - Throws: `CameraError.unplugged` when the camera disappears (frames delivered
    ///   before stay valid), `timedOut` when no frame comes within
    ///   `configuration.frameTimeout`, `ioFailure` for other driver failures.
    public func nextFrame() throws(CameraError) -> Frame? {
        guard let device else { return nil }
        if let pendingError { throw pendingError }
        if !device.isStreaming {
            let granted = try device.startStreaming(bufferCount: configuration.bufferCount)
            streamFormat.bufferCount = granted
        }
        while true {
            let buffer: V4L2Device.Buffer?
            do {
                buffer = try device.dequeue(timeout: configuration.frameTimeout)
            } catch where error.code == .ioFailure && error.systemErrno == EIO {
                // libv4l2 reports EIO after 4 consecutive frames it could not convert (corrupt MJPEG).
                damagedFrameCount += 1
                try noteDamage(weight: 4, errno: EIO)
                continue
            }
            guard let buffer else {
                throw CameraError(.timedOut,
                    "\(name) delivered no frame within \(CameraMode.format(configuration.frameTimeout)) s; check that nothing covers or blocks the camera and that it is not in use",
                    path: name)
            }
            let image = buffer.isError ? nil : luma(from: buffer.memory)
            do {
                try device.requeue(buffer.index)
            } catch {
                // The frame is already copied: deliver it, fail on the next call.
                guard image != nil else { throw error }
                pendingError = error
            }
            guard let image else {
                damagedFrameCount += 1
                try noteDamage(weight: 1, errno: nil)
                continue
            }
            consecutiveDamage = 0
            return Frame(number: number(for: buffer.sequence), time: time(for: buffer.timestamp), image: image)
        }
    }

    /// Counts damage; a stream that stays damaged ends with `ioFailure` rather than spinning forever.
    private func noteDamage(weight: Int, errno: Int32?) throws(CameraError) {
        consecutiveDamage += weight
        guard consecutiveDamage >= Self.damageLimit else { return }
        throw CameraError(.ioFailure,
            "\(name): \(consecutiveDamage) frames in a row were damaged or could not be decoded; check the cable and USB port, or try another --size",
            path: name, systemErrno: errno)
    }

    /// Stops streaming and releases the device. Further `nextFrame()` calls return nil.
    public func close() {
        device?.close()
        device = nil
    }

    private func number(for sequence: UInt32) -> Int {
        guard let first = firstSequence else {
            firstSequence = sequence
            lastNumber = 1
            return 1
        }
        let candidate = Int(sequence &- first) + 1
        lastNumber = candidate > lastNumber ? candidate : lastNumber + 1  // drivers that never count
        return lastNumber
    }

    private func time(for timestamp: Double) -> Double {
        guard let first = firstTimestamp else {
            firstTimestamp = timestamp
            return 0
        }
        return timestamp - first
    }

    /// Copies the luma plane out of a filled buffer; nil when the buffer is too short.
    private func luma(from memory: UnsafeRawBufferPointer) -> LumaImage? {
        guard let layout = Self.lumaLayout(pixFormat.pixelFormat) else { return nil }
        let width = pixFormat.width, height = pixFormat.height
        let stride = pixFormat.bytesPerLine > 0 ? pixFormat.bytesPerLine : width * layout.step
        guard stride >= width * layout.step, memory.count >= stride * (height - 1) + width * layout.step else { return nil }
        var pixels = [UInt8](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBytes { out in
            for y in 0..<height {
                let row = y * stride + layout.offset
                if layout.step == 1 {
                    UnsafeMutableRawBufferPointer(rebasing: out[(y * width)..<((y + 1) * width)])
                        .copyMemory(from: UnsafeRawBufferPointer(rebasing: memory[row..<(row + width)]))
                } else {
                    for x in 0..<width { out[y * width + x] = memory[row + x * layout.step] }
                }
            }
        }
        return try? LumaImage(width: width, height: height, pixels: pixels)
    }
}
