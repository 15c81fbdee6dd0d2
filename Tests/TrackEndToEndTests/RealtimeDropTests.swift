import Foundation
import TestSupport
import Testing

/// `--realtime` behaves like a camera: when the process falls behind (here: stopped for 1.5 s),
/// frames are dropped, not delayed, and every dropped frame is counted in the summary.
struct RealtimeDropTests {
    /// Runs `track arguments`, stops it with SIGSTOP for `stall` seconds once its first frame line
    /// is out, and returns its exit status and output lines.
    private func runWithStall(_ arguments: [String], stall: Double) throws -> (status: Int32, lines: [String]) {
        let (process, out) = try TrackProcess.start(arguments)
        var data = TrackProcess.firstLine(of: out)
        kill(process.processIdentifier, SIGSTOP)
        Thread.sleep(forTimeInterval: stall)
        kill(process.processIdentifier, SIGCONT)
        data.append(out.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        return (process.terminationStatus, lines)
    }

    private func object(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test("A stalled --demo --realtime drops the frames it missed and counts them; it does not slip its clock (was: 0 dropped)")
    func stalledDemoDropsAndCounts() throws {
        let frames = 90
        let run = try runWithStall(["--demo", "--realtime", "--size", "640x360", "--codes", "3", "--frames", "\(frames)",
                                    "--format", "jsonl"], stall: 1.5)
        let summary = try object(try #require(run.lines.last))
        #expect(summary["type"] as? String == "summary")
        let processed = try #require(summary["frames"] as? Int), dropped = try #require(summary["dropped"] as? Int)
        #expect(processed + dropped == frames, "every frame is processed or counted as dropped")
        #expect(dropped >= 30, "1.5 s stopped at 30 fps: at least 30 frames are gone, not late (\(dropped) dropped)")
        // Stopped, the paced scene fell behind the clock and skipped the frames it was late for.
        let bySource = try #require(summary["droppedBySource"] as? Int)
        #expect(bySource >= 30 && bySource <= dropped, "\(bySource) of \(dropped) dropped by the source")
        let numbers = try run.lines.map(object).filter { $0["type"] as? String == "frame" }.compactMap { $0["frame"] as? Int }
        #expect(numbers.count == processed)
        #expect(numbers.last == frames, "the last frame keeps its number")
    }

    @Test("A stalled --input --realtime counts the frames the file skipped as dropped (was: skipped but not counted)",
          .needsSharedData)
    func stalledFileCountsDrops() throws {
        let clip = SharedData.video.appendingPathComponent("boofcv-microqr.mp4").path
        let run = try runWithStall(["--input", clip, "--realtime", "--frames", "120", "--format", "jsonl"], stall: 1.5)
        let summary = try object(try #require(run.lines.last))
        let processed = try #require(summary["frames"] as? Int), dropped = try #require(summary["dropped"] as? Int)
        let numbers = try run.lines.map(object).filter { $0["type"] as? String == "frame" }.compactMap { $0["frame"] as? Int }
        let last = try #require(numbers.last)
        #expect(processed + dropped == last, "frames 1...\(last): \(processed) processed, \(dropped) dropped")
        #expect(dropped >= 30, "\(dropped) dropped")
        let bySource = try #require(summary["droppedBySource"] as? Int)
        #expect(bySource >= 30 && bySource <= dropped, "\(bySource) of \(dropped) dropped by the source (the paced file)")
    }
}
