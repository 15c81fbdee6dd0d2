import Foundation
import Testing
@testable import FrameSources

/// `Camera` end to end: camera-probe opens the stand-in through libv4l2 exactly as it
/// would open a real camera (see `StandInRun`).
struct CameraTests {
    /// Two distinct 320x240 test frames: a ramp with a bright square, and its negative.
    static let pattern: (width: Int, height: Int, pixels: [[UInt8]]) = {
        let width = 320, height = 240
        var first = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let inSquare = (100..<180).contains(x) && (60..<140).contains(y)
                first[y * width + x] = inSquare ? 240 : UInt8((x / 2 + y / 4) % 200)
            }
        }
        return (width, height, [first, first.map { 255 - $0 }])
    }()

    static func meanAbsoluteDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return .infinity }
        return Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.count)
    }

    @Test("frames arrive at the requested size, numbered from 1, with increasing times from 0")
    func framesArriveInOrder() throws {
        let run = try StandInRun(["capture", StandInRun.device, "--size", "320x240", "--fps", "30", "--frames", "6"])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.lines("stream") == [["320", "240", "YU12", "30.0", "2"]])
        let frames = run.frames
        #expect(frames.count == 6)
        #expect(frames.allSatisfy { $0.width == 320 && $0.height == 240 })
        // Numbered from 1 in driver order (a loaded machine may drop a frame: numbers skip it).
        #expect(frames.first?.number == 1)
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.number < $1.number })
        #expect(frames.first?.time == 0)
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.time < $1.time })
        #expect(run.lines("end") == [["6", "0"]])
    }

    /// Four 320x240 frames of ``pattern`` served as `format` (`yuyv` or `mjpeg`), their luma dumped,
    /// after checking that the stream started in that format (`fourCC` in the stand-in's log).
    static func patternRun(format: String, fourCC: String) throws -> StandInRun {
        let run = try StandInRun(["capture", StandInRun.device, "--size", "320x240", "--frames", "4"],
                                 environment: ["FORMATS": format], frames: pattern, dump: true)
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.log.contains("STREAMON \(fourCC) 320x240"))
        #expect(run.dumped.count == 4)
        return run
    }

    @Test("luma served as YUYV comes out of libv4l2's conversion unchanged")
    func yuyvLumaIsExact() throws {
        let run = try Self.patternRun(format: "yuyv", fourCC: "YUYV")
        for (frame, luma) in zip(run.frames, run.dumped) {
            #expect(luma == Self.pattern.pixels[(frame.number - 1) % 2], "frame \(frame.number)")
        }
    }

    @Test("luma served as MJPEG is decoded by libv4l2 within JPEG error")
    func mjpegLumaIsClose() throws {
        let run = try Self.patternRun(format: "mjpeg", fourCC: "MJPG")
        for (frame, luma) in zip(run.frames, run.dumped) {
            let expected = Self.pattern.pixels[(frame.number - 1) % 2]
            let other = Self.pattern.pixels[frame.number % 2]
            #expect(Self.meanAbsoluteDifference(luma, expected) < 3, "frame \(frame.number)")
            #expect(Self.meanAbsoluteDifference(luma, other) > 50, "frame \(frame.number)")
        }
    }

    @Test("a smaller frame size is served scaled, and the requested rate is set on the driver")
    func sizeAndRateAreNegotiated() throws {
        let run = try StandInRun(["capture", StandInRun.device, "--size", "320x240", "--fps", "15", "--frames", "2"],
                                 environment: ["SIZES": "640x480,320x240"])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.lines("stream") == [["320", "240", "YU12", "15.0", "2"]])
        #expect(run.log.contains("S_PARM 15 fps"))
        #expect(run.frames.count == 2)
    }

    @Test("without a size, the largest one up to 1920x1080 at full rate is chosen")
    func bestAvailableMode() throws {
        let run = try StandInRun(["capture", StandInRun.device, "--frames", "1"],
                                 environment: ["SIZES": "640x480,2560x1440,1280x720", "FPS": "30,10"])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.lines("stream") == [["1280", "720", "YU12", "30.0", "2"]])
        #expect(run.frames.map(\.width) == [1280])
    }

    @Test("the buffer count is configurable and defaults to 2")
    func bufferCount() throws {
        let standard = try StandInRun(["capture", StandInRun.device, "--frames", "1"])
        #expect(standard.log.contains("REQBUFS 2 buffers"))
        let four = try StandInRun(["capture", StandInRun.device, "--frames", "3", "--buffers", "4"])
        #expect(four.status == 0, "\(four.errorOutput)")
        #expect(four.log.contains("REQBUFS 4 buffers"))
        #expect(four.lines("stream").first?.last == "4")
        #expect(four.frames.count == 3)
    }

    @Test("exposure, focus and torch settings reach the driver")
    func controlsReachTheDriver() throws {
        let run = try StandInRun(["capture", StandInRun.device, "--frames", "1",
                                  "--control", "exposure_time=120", "--control", "focus_position=50",
                                  "--control", "torch=on", "--control", "brightness=10",
                                  "--read", "exposure", "--read", "exposure_time", "--read", "focus",
                                  "--read", "focus_position", "--read", "torch", "--read", "brightness"])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.lines("control") == [["exposure", "1"], ["exposure_time", "120"], ["focus", "0"],
                                         ["focus_position", "50"], ["torch", "2"], ["brightness", "10"]])
        #expect(run.log.contains("S_CTRL id=0x009a0901 value=1 -> 0"))   // exposure: manual first
        #expect(run.log.contains("S_CTRL id=0x009a0902 value=120 -> 0"))
        #expect(run.log.contains("S_CTRL id=0x009c0901 value=2 -> 0"))   // LED mode: torch
    }

    @Test("automatic modes can be switched back on by name")
    func automaticModes() throws {
        let run = try StandInRun(["capture", StandInRun.device, "--frames", "0",
                                  "--control", "exposure=manual", "--control", "exposure=auto",
                                  "--control", "focus=auto", "--read", "exposure", "--read", "focus"])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.lines("control") == [["exposure", "3"], ["focus", "1"]])  // 3: aperture priority (UVC auto)
    }

    @Test("an unknown control or a bad value is an invalidControl error naming the choices")
    func badControls() throws {
        let unknown = try StandInRun(["capture", StandInRun.device, "--control", "zoom=2"])
        #expect(unknown.errorCode == .invalidControl)
        #expect(unknown.errorOutput.contains("no control named zoom"))
        #expect(unknown.errorOutput.contains("brightness"))
        let outOfRange = try StandInRun(["capture", StandInRun.device, "--control", "brightness=500"])
        #expect(outOfRange.errorCode == .invalidControl)
        #expect(outOfRange.errorOutput.contains("-64...64"))
    }

    @Test("a busy camera gives the busy error and its exit status")
    func busy() throws {
        let run = try StandInRun(["capture", StandInRun.device], environment: ["FAULT": "busy"])
        #expect(run.errorCode == .busy)
        #expect(run.errorOutput.contains("error busy"))
        #expect(run.errorOutput.contains("close the other program"))
        #expect(run.frames.isEmpty)
    }

    @Test("permission denied mentions the video group")
    func permissionDenied() throws {
        let run = try StandInRun(["capture", StandInRun.device], environment: ["FAULT": "denied"])
        #expect(run.errorCode == .permissionDenied)
        #expect(run.errorOutput.contains("group video"))
    }

    @Test("a metadata-only node is not a capture device")
    func metadataNode() throws {
        let run = try StandInRun(["capture", StandInRun.device], environment: ["FAULT": "metadata"])
        #expect(run.errorCode == .notCaptureDevice)
        #expect(run.errorOutput.contains("not a video capture device"))
    }

    @Test("a missing device path is noSuchDevice")
    func missingDevice() throws {
        let run = try StandInRun(["capture", "/dev/video-does-not-exist"])
        #expect(run.errorCode == .noSuchDevice)
        #expect(run.errorOutput.contains("no such device"))
    }

    @Test("an unsupported size or rate lists what is offered")
    func unsupportedMode() throws {
        let size = try StandInRun(["capture", StandInRun.device, "--size", "800x600"])
        #expect(size.errorCode == .unsupportedMode)
        #expect(size.errorOutput.contains("offered sizes: 640x480, 320x240"))
        let rate = try StandInRun(["capture", StandInRun.device, "--size", "640x480", "--fps", "60"])
        #expect(rate.errorCode == .unsupportedMode)
        #expect(rate.errorOutput.contains("offered rates: 30, 15"))
    }

    @Test("unplugging after K frames delivers the K frames, then the unplugged error")
    func unplugMidStream() throws {
        for k in [0, 1, 3] {
            let run = try StandInRun(["capture", StandInRun.device, "--frames", "10"],
                                     environment: ["UNPLUG_AFTER": String(k)])
            #expect(run.errorCode == .unplugged, "K=\(k)")
            #expect(run.frames.count == k, "K=\(k)")
            #expect(run.lines("end").first?.first == String(k), "K=\(k)")
            #expect(run.errorOutput.contains("error unplugged"), "K=\(k)")
        }
    }

    @Test("slow frames still arrive in order; a frame later than the timeout is timedOut")
    func slowFrames() throws {
        let slow = try StandInRun(["capture", StandInRun.device, "--frames", "3"], environment: ["DELAY_MS": "60"])
        #expect(slow.status == 0, "\(slow.errorOutput)")
        #expect(slow.frames.count == 3)
        #expect(zip(slow.frames, slow.frames.dropFirst()).allSatisfy { $0.number < $1.number && $0.time < $1.time })
        let late = try StandInRun(["capture", StandInRun.device, "--frames", "3", "--timeout", "0.2"],
                                  environment: ["DELAY_MS": "3000"])
        #expect(late.errorCode == .timedOut)
        #expect(late.frames.isEmpty)
    }

    @Test("frames the driver flags as damaged are skipped and counted; their numbers stay unused")
    func damagedFrames() throws {
        let run = try StandInRun(["capture", StandInRun.device, "--frames", "4"],
                                 environment: ["FORMATS": "yuyv", "CORRUPT_EVERY": "2"])
        #expect(run.status == 0, "\(run.errorOutput)")
        // Damaged: every 2nd frame (numbers 2, 4, ...). Under load the driver may also drop
        // frames, so only the parity and the order of the numbers are certain.
        let numbers = run.frames.map(\.number)
        #expect(numbers.count == 4)
        #expect(numbers.first == 1)
        #expect(numbers.allSatisfy { $0 % 2 == 1 })
        #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $0 < $1 })
        // Both initial buffers are filled before the first dequeue, so frame 2 is always seen damaged.
        let damaged = Int(run.lines("end").first?.last ?? "") ?? 0
        #expect(damaged >= 1)
    }

    @Test("a stream that stays damaged (MJPEG that never decodes, frames flagged bad) ends with ioFailure",
          arguments: ["mjpeg", "yuyv"])
    func persistentlyDamagedStream(format: String) throws {
        let run = try StandInRun(["capture", StandInRun.device, "--frames", "4"],
                                 environment: ["FORMATS": format, "CORRUPT_EVERY": "1"])
        #expect(run.errorCode == .ioFailure)
        #expect(run.errorOutput.contains("in a row were damaged or could not be decoded"))
        #expect(run.frames.isEmpty)
        #expect((Int(run.lines("end").first?.last ?? "") ?? 0) > 0)
    }

    @Test("frames the driver drops while the consumer is slow leave gaps in the numbering")
    func slowConsumerSeesGaps() throws {
        // 30 fps and 150 ms per frame: the driver has no free buffer for most frames.
        let run = try StandInRun(["capture", StandInRun.device, "--fps", "30", "--frames", "4", "--sleep", "150"])
        #expect(run.status == 0, "\(run.errorOutput)")
        let numbers = run.frames.map(\.number)
        #expect(numbers.count == 4)
        #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $0 < $1 })
        #expect((numbers.last ?? 0) > 4)
        #expect(run.log.contains("dropped: no buffer queued"))
    }

    @Test("opening a missing path or a non-device in process gives a clear error, no crash")
    func inProcessErrors() throws {
        let missing = #expect(throws: CameraError.self) {
            try Camera(path: "/dev/video-missing-\(UUID().uuidString)")
        }
        #expect(missing?.code == .noSuchDevice)
        #expect(missing?.systemErrno == ENOENT)
        let directory = #expect(throws: CameraError.self) {
            try Camera(path: FileManager.default.temporaryDirectory.path)
        }
        #expect(directory?.code == .notCaptureDevice)
    }
}
