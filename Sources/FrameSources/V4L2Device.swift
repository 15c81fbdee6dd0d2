internal import CV4L2Shim
internal import Glibc

/// An open V4L2 device, driven through libv4l2 (via CV4L2Shim). The only Swift
/// file that calls the shim; everything here turns C results and errno into
/// Swift values and `CameraError`s.
///
/// Not thread-safe: owned by one `Camera` (and so by one thread at a time).
final class V4L2Device {
    let path: String
    private var fd: Int32
    private var buffers: [(memory: UnsafeMutableRawPointer, length: UInt32)] = []
    private(set) var isStreaming = false

    /// A native or emulated pixel format as ENUM_FMT reports it.
    struct Format {
        var pixelFormat: UInt32
        var description: String
        var isCompressed: Bool
        var isEmulated: Bool
    }

    /// The negotiated capture format.
    struct PixFormat {
        var width: Int
        var height: Int
        var pixelFormat: UInt32
        var bytesPerLine: Int
        var sizeImage: Int
    }

    /// A dequeued buffer; `memory` stays valid until it is queued again.
    struct Buffer {
        var index: UInt32
        var memory: UnsafeRawBufferPointer
        var sequence: UInt32
        var isError: Bool
        var timestamp: Double
    }

    /// Frame sizes: a list, or a stepwise/continuous range.
    enum FrameSizes {
        case discrete([CameraSize])
        case range(minimum: CameraSize, maximum: CameraSize, stepWidth: Int, stepHeight: Int)
    }

    /// Opens the device (blocking I/O; waits use poll with a timeout).
    init(path: String) throws(CameraError) {
        self.path = path
        let fd = CV4L2Shim_open(path, 0)
        guard fd >= 0 else {
            let number = errno
            switch number {
            case ENOTTY, EINVAL:
                // libv4l2 opened it, but it does not answer VIDIOC_QUERYCAP.
                throw CameraError(.notCaptureDevice,
                    "\(path) is not a V4L2 video device; give a camera such as /dev/video0 (`track devices` lists them)",
                    path: path, systemErrno: number)
            case EISDIR:
                throw CameraError(.notCaptureDevice, "cannot open \(path): it is a directory, not a video device; give a path like /dev/video0",
                    path: path, systemErrno: number)
            default:
                throw CameraError.fromErrno(number, operation: "cannot open", path: path, atOpen: true)
            }
        }
        self.fd = fd
    }

    deinit { close() }

    /// Stops streaming, releases the buffers and closes the device. Idempotent.
    func close() {
        guard fd >= 0 else { return }
        stopStreaming()
        _ = CV4L2Shim_close(fd)
        fd = -1
    }

    private func failure(_ operation: String) -> CameraError {
        CameraError.fromErrno(errno, operation: operation, path: path)
    }

    /// QUERYCAP: driver, card, bus, and whether single-planar capture and streaming work.
    func capability() throws(CameraError) -> (driver: String, card: String, busInfo: String,
                                               canCapture: Bool, canStream: Bool, multiplanarOnly: Bool) {
        var cap = CV4L2Shim_Capability()
        var driver = [CChar](repeating: 0, count: 64)
        var card = [CChar](repeating: 0, count: 64)
        var bus = [CChar](repeating: 0, count: 64)
        guard CV4L2Shim_query_capability(fd, &cap, &driver, &card, &bus, 64) == 0 else {
            if errno == ENOTTY || errno == EINVAL {
                throw CameraError(.notCaptureDevice,
                    "\(path) is not a V4L2 video device (it does not answer VIDIOC_QUERYCAP); give a camera such as /dev/video0",
                    path: path, systemErrno: errno)
            }
            throw failure("cannot query")
        }
        return (Self.string(driver), Self.string(card), Self.string(bus),
                cap.can_capture != 0, cap.can_stream != 0, cap.can_capture != 0 ? false : cap.can_capture_mplane != 0)
    }

    /// ENUM_FMT: every format, including libv4l2's emulated conversions (flagged).
    func formats() -> [Format] {
        var result: [Format] = []
        var index: UInt32 = 0
        var description = [CChar](repeating: 0, count: 64)
        while true {
            var pixelFormat: UInt32 = 0
            var flags: UInt32 = 0
            guard CV4L2Shim_enum_format(fd, index, &pixelFormat, &flags, &description, 64) == 0 else { break }
            result.append(Format(pixelFormat: pixelFormat, description: Self.string(description),
                                 isCompressed: flags & UInt32(CV4L2Shim_FMT_FLAG_COMPRESSED) != 0,
                                 isEmulated: flags & UInt32(CV4L2Shim_FMT_FLAG_EMULATED) != 0))
            index += 1
        }
        return result
    }

    /// ENUM_FRAMESIZES for one format.
    func frameSizes(_ pixelFormat: UInt32) -> FrameSizes {
        var sizes: [CameraSize] = []
        var index: UInt32 = 0
        var entry = CV4L2Shim_FrameSize()
        while CV4L2Shim_enum_frame_size(fd, pixelFormat, index, &entry) == 0 {
            if entry.type != UInt32(CV4L2Shim_FRMSIZE_DISCRETE) {
                return .range(minimum: CameraSize(unchecked: Int(entry.min_width), Int(entry.min_height)),
                              maximum: CameraSize(unchecked: Int(entry.max_width), Int(entry.max_height)),
                              stepWidth: max(1, Int(entry.step_width)), stepHeight: max(1, Int(entry.step_height)))
            }
            sizes.append(CameraSize(unchecked: Int(entry.width), Int(entry.height)))
            index += 1
        }
        return .discrete(sizes)
    }

    /// ENUM_FRAMEINTERVALS for one format and size, as frames per second, highest first.
    func framesPerSecond(_ pixelFormat: UInt32, _ size: CameraSize) -> [Double] {
        var rates: [Double] = []
        var index: UInt32 = 0
        var entry = CV4L2Shim_FrameInterval()
        while CV4L2Shim_enum_frame_interval(fd, pixelFormat, UInt32(size.width), UInt32(size.height), index, &entry) == 0 {
            if entry.type == UInt32(CV4L2Shim_FRMIVAL_DISCRETE) {
                if entry.numerator > 0 { rates.append(Double(entry.denominator) / Double(entry.numerator)) }
            } else {
                // A range: its fastest (min interval) and slowest (max interval) ends.
                if entry.min_numerator > 0 { rates.append(Double(entry.min_denominator) / Double(entry.min_numerator)) }
                if entry.max_numerator > 0 { rates.append(Double(entry.max_denominator) / Double(entry.max_numerator)) }
                break
            }
            index += 1
        }
        return rates.sorted(by: >)
    }

    /// S_FMT; returns what the driver (and libv4l2) chose.
    func setFormat(size: CameraSize, pixelFormat: UInt32) throws(CameraError) -> PixFormat {
        var format = CV4L2Shim_PixFormat(width: UInt32(size.width), height: UInt32(size.height),
                                         pixelformat: pixelFormat, bytesperline: 0, sizeimage: 0)
        guard CV4L2Shim_set_format(fd, &format, 0) == 0 else { throw failure("cannot set the format \(size) on") }
        return PixFormat(width: Int(format.width), height: Int(format.height), pixelFormat: format.pixelformat,
                         bytesPerLine: Int(format.bytesperline), sizeImage: Int(format.sizeimage))
    }

    /// S_PARM with the frame interval 1/fps; returns the rate in force (0 when the driver does not say).
    func setFramesPerSecond(_ fps: Double) -> Double {
        // Express the interval as a fraction that keeps 1/100 fps of precision (e.g. 30000/1001).
        var numerator: UInt32 = 100
        var denominator = UInt32((fps * 100).rounded())
        if CV4L2Shim_frame_interval(fd, &numerator, &denominator) != 0 {
            numerator = 0
            guard CV4L2Shim_frame_interval(fd, &numerator, &denominator) == 0 else { return 0 }
        }
        return numerator > 0 ? Double(denominator) / Double(numerator) : 0
    }

    /// Requests `count` mmap buffers, maps them, queues them and starts streaming.
    func startStreaming(bufferCount count: Int) throws(CameraError) -> Int {
        let granted = CV4L2Shim_request_buffers(fd, UInt32(count))
        guard granted > 0 else { throw failure("cannot allocate \(count) capture buffers on") }
        for index in 0..<UInt32(granted) {
            var length: UInt32 = 0
            guard let memory = CV4L2Shim_map_buffer(fd, index, &length) else {
                let error = failure("cannot map capture buffer \(index) of")
                stopStreaming()
                throw error
            }
            buffers.append((memory, length))
            guard CV4L2Shim_queue_buffer(fd, index) == 0 else {
                let error = failure("cannot queue capture buffer \(index) on")
                stopStreaming()
                throw error
            }
        }
        guard CV4L2Shim_stream(fd, 1) == 0 else {
            let error = failure("cannot start streaming on")
            stopStreaming()
            throw error
        }
        isStreaming = true
        return Int(granted)
    }

    /// Stops streaming and releases the buffers (errors ignored: the device may be gone).
    func stopStreaming() {
        if isStreaming { _ = CV4L2Shim_stream(fd, 0) }
        isStreaming = false
        for buffer in buffers { _ = CV4L2Shim_unmap_buffer(buffer.memory, buffer.length) }
        if !buffers.isEmpty { _ = CV4L2Shim_request_buffers(fd, 0) }
        buffers = []
    }

    /// Waits up to `timeout` seconds for a filled buffer and dequeues it; nil on timeout.
    func dequeue(timeout: Double) throws(CameraError) -> Buffer? {
        var failed: Int32 = 0
        let ready = CV4L2Shim_wait_readable(fd, Int32(min(timeout * 1000, Double(Int32.max)).rounded(.up)), &failed)
        if ready < 0 { throw failure("cannot wait for a frame from") }
        if ready == 0 { return nil }
        var entry = CV4L2Shim_Buffer()
        guard CV4L2Shim_dequeue_buffer(fd, &entry) == 0 else {
            let number = errno
            if number == EAGAIN && failed == 0 { return try dequeue(timeout: timeout) }
            throw CameraError.fromErrno(number, operation: failed != 0 ? "lost" : "cannot read a frame from", path: path)
        }
        guard Int(entry.index) < buffers.count else {
            throw CameraError(.ioFailure, "\(path) returned buffer \(entry.index) of \(buffers.count)", path: path)
        }
        let mapped = buffers[Int(entry.index)]
        let used = entry.bytesused > 0 ? min(entry.bytesused, mapped.length) : mapped.length
        let timestamp = Double(entry.seconds) + Double(entry.microseconds) / 1_000_000
        return Buffer(index: entry.index, memory: UnsafeRawBufferPointer(start: mapped.memory, count: Int(used)),
                      sequence: entry.sequence, isError: entry.flags & UInt32(CV4L2Shim_BUF_FLAG_ERROR) != 0,
                      timestamp: timestamp)
    }

    /// Gives a dequeued buffer back to the driver.
    func requeue(_ index: UInt32) throws(CameraError) {
        guard CV4L2Shim_queue_buffer(fd, index) == 0 else { throw failure("cannot queue a capture buffer on") }
    }

    /// QUERYCTRL over all controls (NEXT_CTRL), with menus and current values.
    func controls() -> [CameraControlInfo] {
        var result: [CameraControlInfo] = []
        var id: UInt32 = 0
        var name = [CChar](repeating: 0, count: 64)
        var entry = CV4L2Shim_Control()
        while CV4L2Shim_query_control(fd, id, 1, &entry, &name, 64) == 0 {
            id = entry.id
            let type = Int(entry.type)
            if type == CV4L2Shim_CTRL_TYPE_CTRL_CLASS || entry.flags & UInt32(CV4L2Shim_CTRL_FLAG_DISABLED) != 0 { continue }
            let kind: CameraControlInfo.Kind = switch type {
            case CV4L2Shim_CTRL_TYPE_INTEGER: .integer
            case CV4L2Shim_CTRL_TYPE_BOOLEAN: .boolean
            case CV4L2Shim_CTRL_TYPE_MENU, CV4L2Shim_CTRL_TYPE_INTEGER_MENU: .menu
            case CV4L2Shim_CTRL_TYPE_BUTTON: .button
            default: .other
            }
            var menu: [CameraControlInfo.MenuItem] = []
            if type == CV4L2Shim_CTRL_TYPE_MENU, entry.minimum >= 0, entry.maximum < 64 {
                var item = [CChar](repeating: 0, count: 64)
                for value in entry.minimum...entry.maximum where CV4L2Shim_query_menu(fd, id, UInt32(value), &item, 64) == 0 {
                    menu.append(.init(value: Int(value), name: Self.string(item)))
                }
            }
            var value: Int32 = 0
            let hasValue = kind != .button && kind != .other && CV4L2Shim_get_control(fd, id, &value) == 0
            result.append(CameraControlInfo(
                id: id, label: Self.string(name), kind: kind, role: Self.role(of: id), minimum: Int(entry.minimum),
                maximum: Int(entry.maximum), step: Int(entry.step), defaultValue: Int(entry.default_value),
                value: hasValue ? Int(value) : nil, menu: menu,
                isInactive: entry.flags & UInt32(CV4L2Shim_CTRL_FLAG_INACTIVE) != 0,
                isReadOnly: entry.flags & UInt32(CV4L2Shim_CTRL_FLAG_READ_ONLY) != 0))
        }
        return result
    }

    /// S_CTRL.
    func setControl(id: UInt32, value: Int32) -> Int32? {
        CV4L2Shim_set_control(fd, id, value) == 0 ? nil : errno
    }

    /// G_CTRL.
    func control(id: UInt32) -> Int32? {
        var value: Int32 = 0
        return CV4L2Shim_get_control(fd, id, &value) == 0 ? value : nil
    }

    /// Control values the aliases use.
    enum KnownValue {
        static let exposureManual = Int(CV4L2Shim_EXPOSURE_MANUAL)
        static let exposureAuto = Int(CV4L2Shim_EXPOSURE_AUTO)
        static let exposureAperturePriority = Int(CV4L2Shim_EXPOSURE_APERTURE_PRIORITY)
        static let ledNone = Int(CV4L2Shim_FLASH_LED_MODE_NONE)
        static let ledTorch = Int(CV4L2Shim_FLASH_LED_MODE_TORCH)
    }

    private static func role(of id: UInt32) -> CameraControlInfo.Role {
        switch Int(id) {
        case CV4L2Shim_CID_EXPOSURE_AUTO: .exposureMode
        case CV4L2Shim_CID_EXPOSURE_ABSOLUTE: .exposureTime
        case CV4L2Shim_CID_FOCUS_AUTO: .focusMode
        case CV4L2Shim_CID_FOCUS_ABSOLUTE: .focusPosition
        case CV4L2Shim_CID_FLASH_LED_MODE: .torch
        default: .other
        }
    }

    static func string(_ chars: [CChar]) -> String {
        let bytes = chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A FourCC code as text, e.g. 0x56595559 → "YUYV".
    static func fourCC(_ code: UInt32) -> String {
        let bytes = (0..<4).map { UInt8((code >> (8 * $0)) & 0xff) }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: " ")
    }

    /// A FourCC code from text, e.g. "YU12".
    static func fourCC(_ text: String) -> UInt32 {
        var code: UInt32 = 0
        for (index, byte) in text.utf8.prefix(4).enumerated() { code |= UInt32(byte) << (8 * UInt32(index)) }
        return code
    }
}

private extension String {
    func trimmingCharacters(in set: Character) -> String {
        String(self.reversed().drop { $0 == set }.reversed())
    }
}
