// camera-probe: opens a V4L2 camera through the production code path (`Camera`)
// and prints what it sees, one fact per line. The camera tests run it with the
// V4L2 stand-in preloaded; it is also handy on a real machine.
//
//   camera-probe list
//   camera-probe describe PATH
//   camera-probe raw PATH          (plain open/read/poll/close, no libv4l2)
//   camera-probe capture PATH [--frames N] [--size WxH] [--fps F] [--buffers B]
//                             [--timeout S] [--control NAME=VALUE]... [--read NAME]...
//                             [--dump FILE] [--sleep MS]
//
// Output of capture: `stream W H FOURCC FPS BUFFERS`, `control NAME VALUE` per --read,
// `frame NUMBER TIME WIDTH HEIGHT MEAN` per frame, `end FRAMES DAMAGED`. --dump appends
// each frame's luma (width*height bytes) to FILE; --sleep waits after each frame
// (a consumer slower than the camera). Errors: `error CODE message` on
// stderr, exit status 1 (2 for bad arguments).
import BarcodeTracking
import FrameSources

#if canImport(Glibc)
import Glibc
#endif

func fail(_ error: CameraError) -> Never {
    FileHandleLine.standardError("error \(error.code.name) \(error.message)")
    exit(1)
}

func usage(_ message: String) -> Never {
    FileHandleLine.standardError("usage error: \(message)")
    exit(2)
}

enum FileHandleLine {
    static func standardError(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        bytes.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
    }
}

func printInfo(_ info: CameraInfo) {
    print("device \(info.path)")
    print("driver \(info.driver)")
    print("card \(info.card)")
    print("bus \(info.busInfo)")
    for format in info.formats {
        print("format \(format.fourCC) \(format.isCompressed ? "compressed" : "raw") "
              + format.modes.map { "\($0.size)@" + $0.framesPerSecond.map { String(Int($0.rounded())) }.joined(separator: "/") }
                .joined(separator: ","))
    }
    for control in info.controls {
        let menu = control.menu.map { "\($0.value):\(CameraControlSetting.normalize($0.name))" }.joined(separator: ",")
        print("control \(control.name) \(control.kind.rawValue) value=\(control.value.map(String.init) ?? "-") "
              + "min=\(control.minimum) max=\(control.maximum) default=\(control.defaultValue) "
              + "role=\(control.role.rawValue) inactive=\(control.isInactive)" + (menu.isEmpty ? "" : " menu=\(menu)"))
    }
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else { usage("give a command: list, describe PATH or capture PATH") }
arguments.removeFirst()

switch command {
case "list":
    for path in Camera.devicePaths() {
        do {
            let info = try Camera.describe(path: path)
            print("camera \(path) \(info.card)")
        } catch {
            print("node \(path) \(error.code.name): \(error.message)")
        }
    }
case "describe":
    guard let path = arguments.first else { usage("describe needs a device path") }
    do { printInfo(try Camera.describe(path: path)) } catch { fail(error) }
case "capture":
    guard let path = arguments.first else { usage("capture needs a device path") }
    var frameLimit = 5
    var size: CameraSize?
    var fps: Double?
    var buffers = 2
    var timeout = 5.0
    var controls: [CameraControlSetting] = []
    var reads: [String] = []
    var sleepMilliseconds = 0
    var dump: UnsafeMutablePointer<FILE>?
    var index = 1
    func value() -> String {
        guard index + 1 < arguments.count else { usage("\(arguments[index]) needs a value") }
        index += 1
        return arguments[index]
    }
    do {
        while index < arguments.count {
            switch arguments[index] {
            case "--frames": frameLimit = Int(value()) ?? -1
            case "--size": size = try CameraSize(parsing: value())
            case "--fps": fps = Double(value()) ?? -1
            case "--buffers": buffers = Int(value()) ?? 0
            case "--timeout": timeout = Double(value()) ?? -1
            case "--control": controls.append(try CameraControlSetting(parsing: value()))
            case "--read": reads.append(value())
            case "--sleep": sleepMilliseconds = Int(value()) ?? 0
            case "--dump":
                let file = value()
                guard let handle = fopen(file, "wb") else { usage("cannot write \(file)") }
                dump = handle
            default: usage("unknown option \(arguments[index])")
            }
            index += 1
        }
        guard frameLimit >= 0 else { usage("--frames needs a count ≥ 0") }
        let configuration = try CameraConfiguration(size: size, framesPerSecond: fps, bufferCount: buffers,
                                                    controls: controls, frameTimeout: timeout)
        let camera = try Camera(path: path, configuration: configuration)
        let stream = camera.streamFormat
        print("stream \(stream.size.width) \(stream.size.height) \(stream.pixelFormat) \(stream.framesPerSecond) \(stream.bufferCount)")
        for name in reads { print("control \(name) \(try camera.controlValue(named: name))") }
        var count = 0
        defer { if let dump { fclose(dump) } }
        do {
            while count < frameLimit, let frame = try camera.nextFrame() {
                count += 1
                let sum = frame.image.pixels.reduce(0) { $0 + Int($1) }
                let mean = Double(sum) / Double(frame.image.pixels.count)
                print("frame \(frame.number) \(frame.time) \(frame.image.width) \(frame.image.height) \(mean)")
                if let dump { _ = frame.image.pixels.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, dump) } }
                if sleepMilliseconds > 0 { usleep(UInt32(sleepMilliseconds * 1000)) }  // a slow consumer
            }
        } catch {
            // Results so far stay valid: report them, then the error.
            print("end \(count) \(camera.damagedFrameCount)")
            camera.close()
            fail(error)
        }
        print("end \(count) \(camera.damagedFrameCount)")
        camera.close()
    } catch {
        fail(error)
    }
case "raw":
    // Plain libc calls on the node, as a non-libv4l2 program makes them (checks the
    // stand-in's interposition of open/read/poll/close): `raw open|read|poll|close VALUE`.
    guard let path = arguments.first else { usage("raw needs a device path") }
    let fd = open(path, O_RDWR)
    print("raw open \(fd < 0 ? -errno : 0)")
    guard fd >= 0 else { exit(1) }
    var byte: UInt8 = 0
    let count = read(fd, &byte, 1)
    print("raw read \(count < 0 ? -errno : Int32(count))")
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    let ready = poll(&entry, 1, 100)
    print("raw poll \(ready) \(entry.revents)")
    print("raw close \(close(fd))")
default:
    usage("unknown command \(command); use list, describe, capture or raw")
}
