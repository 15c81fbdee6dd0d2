import TestSupport
import Foundation
import FrameSources
import Testing

/// The programs under Samples/ are built with the package and run here as a user
/// would run them, on the synthetic demo scene (no camera needed).
struct SampleProgramTests {
    @Test("pallet-counter records each pallet of the station scene with its labels and its count against N")
    func palletCounter() throws {
        let outcome = try TrackProcess.run(["3"], program: "pallet-counter", timeout: 300)
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        let lines = outcome.lines
        let heads = lines.filter { $0.hasPrefix("pallet ") }
        #expect(heads == ["pallet 1: 3 of 3, complete", "pallet 2: 3 of 3, complete", "pallet 3: 1 of 3, short"], "\(lines)")
        #expect(lines.filter { $0.hasPrefix("  ") }.count == 7, "a line per label: \(lines)")
        #expect(lines.last == "3 pallets")
    }

    @Test("pallet-counter refuses a missing count with its usage and status 64")
    func palletCounterUsage() throws {
        let outcome = try TrackProcess.run([], program: "pallet-counter")
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("usage: pallet-counter N"))
    }

    @Test("overlay-labels writes an annotated video that FFmpeg reads back with one frame per scene frame")
    func overlayLabels() throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("labels.mkv").path
        let outcome = try TrackProcess.run([path, "30"], program: "overlay-labels", timeout: 300)
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        #expect(outcome.lines.last == "wrote 30 frames to \(path)")
        #expect(try VideoFiles.frames(of: path).count == 30)
    }

    @Test("live-view serves the page on loopback while it counts the 3 demo labels, then exits 0")
    func liveView() throws {
        let outcome = try TrackProcess.run(["3"], program: "live-view", timeout: 300)
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        #expect(outcome.stderr.hasPrefix("serving http://127.0.0.1:"), "\(outcome.stderr)")
        #expect(outcome.lines.filter { $0.range(of: #"^[1-3]/3  "#, options: .regularExpression) != nil }.count == 3, "\(outcome.lines)")
    }
}
