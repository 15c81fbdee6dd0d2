import TestSupport
import BarcodeTracking
import Foundation
import FrameSources
import SyntheticScenes
import Testing

/// `track` on a camera: the production V4L2 path, with the kernel side played by
/// the LD_PRELOAD stand-in (this machine's kernel has no V4L2).
struct CameraRunTests {
    static let device = StandInCamera.device

    /// Runs `track` against the stand-in serving frames of a 3-label synthetic scene.
    static func run(_ arguments: [String], fault: [String: String] = [:]) throws -> (TrackProcess.Outcome, SyntheticScene) {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = try DemoClip.scene(frames: 30)
        let frames = dir.appendingPathComponent("frames.raw")
        var bytes = Data()
        for n in 1...30 { bytes.append(contentsOf: scene.render(frame: n).frame.image.pixels) }
        try bytes.write(to: frames)
        let environment = StandInCamera.environment(frames: frames, size: "640x480", settings: fault)
        return (try TrackProcess.run(arguments, environment: environment, timeout: 60), scene)
    }

    @Test("track --expect 3 --device prints the three codes and exits 0", arguments: ["yuyv", "mjpeg"])
    func expectThree(format: String) throws {
        let (run, scene) = try Self.run(["--expect", "3", "--device", Self.device, "--size", "640x480"], fault: ["FORMATS": format])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("3 codes recognized of 3 expected"))
        for label in scene.labels { #expect(run.stdout.contains(label.payload), "\(label.payload) missing") }
    }

    @Test("A camera unplugged mid-stream ends the run with exit 25 and the codes found so far")
    func unplugged() throws {
        let (run, _) = try Self.run(["--device", Self.device, "--format", "jsonl"], fault: ["UNPLUG_AFTER": "8"])
        #expect(run.status == 25, "\(run.stderr)")
        let summary = try jsonObject(try #require(run.lines.last))
        #expect(summary["reason"] as? String == "failed")
        #expect((summary["codes"] as? [Any])?.count == 3)
        #expect((summary["error"] as? String)?.contains("camera is gone") == true)
    }

    @Test("Camera faults at open give their own exit status and a message saying what to do", arguments: [
        ("busy", Int32(22), "busy"), ("denied", Int32(23), "video"),
    ])
    func openFaults(fault: String, status: Int32, mention: String) throws {
        try Self.run(["--device", Self.device], fault: ["FAULT": fault]).0.expectFailure(status: status, mentioning: mention)
    }

    @Test("A device that does not exist exits 20 naming it")
    func missingDevice() throws {
        let run = try TrackProcess.run(["--device", "/dev/video-that-is-not-there"])
        #expect(run.status == 20, "\(run.stderr)")
        #expect(run.stderr.contains("/dev/video-that-is-not-there"))
    }

    @Test("A size the camera does not offer exits 24 listing what it offers")
    func unsupportedSize() throws {
        let (run, _) = try Self.run(["--device", Self.device, "--size", "1920x1080"])
        #expect(run.status == 24, "\(run.stderr)")
        #expect(run.stderr.contains("640x480"), "\(run.stderr)")
    }
}
