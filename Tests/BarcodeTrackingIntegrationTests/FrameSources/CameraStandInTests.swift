import Foundation
import FrameSources
import TestSupport
import Testing

/// Runs `camera-probe` (the production `Camera` code path) in a child process with the
/// V4L2 stand-in preloaded: LD_PRELOAD must be set when a process starts, so the
/// camera tests cannot use the stand-in in the test process itself.
struct StandInRun {
    /// The stand-in's device path.
    static let device = StandInCamera.device

    /// Where `swift build` put camera-probe and libV4L2StandIn.so.
    static let buildDirectory = BuiltProducts.executable(named: "camera-probe").deletingLastPathComponent()

    let status: Int32
    let output: String
    let errorOutput: String
    /// The stand-in's log of the calls it answered.
    let log: String
    /// The camera error's code, from camera-probe's `error CODE message` line (it then exits with 1).
    var errorCode: CameraError.Code? {
        guard status == 1, let line = errorOutput.split(separator: "\n").first(where: { $0.hasPrefix("error ") }) else { return nil }
        return line.split(separator: " ").dropFirst().first.map { CameraError.Code(String($0)) }
    }
    /// Luma of the frames captured with `dump: true`, one array per frame.
    let dumped: [[UInt8]]

    /// Output lines starting with `prefix` + " ", split into fields (prefix dropped).
    func lines(_ prefix: String) -> [[String]] {
        output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            .filter { $0.first == prefix }.map { Array($0.dropFirst()) }
    }

    /// Frames reported by `capture`: number, time (s), width, height.
    var frames: [(number: Int, time: Double, width: Int, height: Int)] {
        lines("frame").compactMap { fields in
            guard fields.count >= 4, let number = Int(fields[0]), let time = Double(fields[1]),
                  let width = Int(fields[2]), let height = Int(fields[3]) else { return nil }
            return (number, time, width, height)
        }
    }

    /// Runs `camera-probe arguments...` with the stand-in serving `device`, configured by
    /// `environment` (BT_V4L2_STANDIN_* without the prefix, e.g. ["FAULT": "busy"]).
    /// `frames` are written to a raw luma file for the stand-in to serve.
    init(_ arguments: [String], environment: [String: String] = [:],
         frames: (width: Int, height: Int, pixels: [[UInt8]])? = nil, dump: Bool = false) throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }

        let frameFile = directory.appendingPathComponent("frames.raw")
        if let frames { try Data(frames.pixels.joined()).write(to: frameFile) }
        let standIn = StandInCamera.environment(
            frames: frames == nil ? nil : frameFile, size: frames.map { "\($0.width)x\($0.height)" },
            log: directory.appendingPathComponent("standin.log"), settings: environment)
        let env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("BT_V4L2_STANDIN_") }.merging(standIn) { $1 }
        var arguments = arguments
        let dumpFile = directory.appendingPathComponent("dump.raw")
        if dump { arguments += ["--dump", dumpFile.path] }

        let stdoutFile = directory.appendingPathComponent("stdout")
        let stderrFile = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: stdoutFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        let process = Process()
        process.executableURL = StandInRun.buildDirectory.appendingPathComponent("camera-probe")
        process.arguments = arguments
        process.environment = env
        process.standardOutput = try FileHandle(forWritingTo: stdoutFile)
        process.standardError = try FileHandle(forWritingTo: stderrFile)
        try process.run()
        process.waitUntilExit()

        status = process.terminationStatus
        output = (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? ""
        errorOutput = (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? ""
        log = (try? String(contentsOf: directory.appendingPathComponent("standin.log"), encoding: .utf8)) ?? ""
        var dumped: [[UInt8]] = []
        let sizes = output.split(separator: "\n").filter { $0.hasPrefix("frame ") }.compactMap { line -> Int? in
            let fields = line.split(separator: " ")
            guard fields.count >= 5, let w = Int(fields[3]), let h = Int(fields[4]) else { return nil }
            return w * h
        }
        if dump, let data = try? Data(contentsOf: dumpFile) {
            var offset = 0
            for size in sizes where offset + size <= data.count {
                dumped.append([UInt8](data[offset..<(offset + size)]))
                offset += size
            }
        }
        self.dumped = dumped
    }
}

/// The stand-in itself: that it behaves like a V4L2 driver where the camera code cannot show it.
struct CameraStandInTests {
    @Test("the stand-in advertises YUYV and MJPEG with their sizes, rates and UVC-like controls")
    func describesTheServedCamera() throws {
        let run = try StandInRun(["describe", StandInRun.device])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.lines("driver") == [["uvcvideo"]])
        #expect(run.lines("format").contains(["YUYV", "raw", "640x480@30/15,320x240@30/15"]))
        #expect(run.lines("format").contains(["MJPG", "compressed", "640x480@30/15,320x240@30/15"]))
        let controls = run.lines("control").map { $0[0] }
        #expect(controls == ["brightness", "auto_exposure", "exposure_time_absolute", "focus_absolute",
                             "focus_automatic_continuous", "led_mode"])
        // libv4l2's own conversions (RGB3, YU12...) are not listed as camera formats.
        #expect(!run.output.contains("format YU12"))
    }

    @Test("the stand-in honours the configured sizes and rates")
    func configurableModes() throws {
        let run = try StandInRun(["describe", StandInRun.device],
                                 environment: ["FORMATS": "mjpeg", "SIZES": "1280x720,160x120", "FPS": "60,5"])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.lines("format") == [["MJPG", "compressed", "1280x720@60/5,160x120@60/5"]])
    }

    @Test("a manual value is refused while its automatic master is on, as uvcvideo does")
    func inactiveControlsAreRefused() throws {
        // Setting the raw control (not the exposure_time alias, which switches to manual first).
        let run = try StandInRun(["capture", StandInRun.device, "--frames", "0",
                                  "--control", "exposure_time_absolute=100"])
        #expect(run.errorCode == .invalidControl)
        #expect(run.errorOutput.contains("inactive"))
        #expect(run.log.contains("S_CTRL id=0x009a0902 value=100 -> 13"))  // EACCES
    }

    @Test("buffers are mmapped from the device and unmapped before they are freed")
    func buffersAreMappedAndReleased() throws {
        let run = try StandInRun(["capture", StandInRun.device, "--frames", "2", "--buffers", "3"])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.log.contains("REQBUFS 3 buffers"))
        #expect(run.log.components(separatedBy: "mmap fd=").count - 1 == 3)
        #expect(run.log.components(separatedBy: "munmap buffer").count - 1 == 3)
        #expect(run.log.contains("STREAMOFF"))
    }

    @Test("plain libc open, read, poll and close reach the stand-in with V4L2 answers")
    func plainLibcCalls() throws {
        let run = try StandInRun(["raw", StandInRun.device])
        #expect(run.status == 0, "\(run.errorOutput)")
        // read(): uvcvideo has no read I/O (EINVAL = 22); poll() before streaming: POLLERR (8).
        #expect(run.lines("raw") == [["open", "0"], ["read", "-22"], ["poll", "1", "8"], ["close", "0"]])
        #expect(run.log.contains("open /dev/video-standin flags=0x2"))
        #expect(run.log.contains("read fd="))
        #expect(run.log.contains("close "))
    }
}
