import Foundation
import TestSupport
import Testing

/// The JSONL summary is the last object whatever ends the run (issue 13, point 5).
struct RunSummaryLastTests {
    @Test("An input that cannot be opened still ends the output with a failed summary naming the problem",
          arguments: [(["--input", "/nonexistent/clip.mkv"], Int32(2), "/nonexistent/clip.mkv"),
                      (["--device", "/dev/video-none"], Int32(20), "/dev/video-none")])
    func unopenableInput(arguments: [String], status: Int32, mention: String) throws {
        let run = try TrackProcess.run(arguments + ["--format", "jsonl", "--expect", "2"])
        #expect(run.status == status, "\(run.stderr)")
        #expect(run.lines.count == 1)
        let summary = try jsonObject(try #require(run.lines.last))
        #expect(summary["type"] as? String == "summary")
        #expect(summary["reason"] as? String == "failed")
        #expect(summary["frames"] as? Int == 0)
        #expect(summary["expected"] as? Int == 2)
        #expect(summary["complete"] as? Bool == false)
        #expect((summary["error"] as? String)?.contains(mention) == true, "\(summary)")
    }

    @Test("SIGHUP stops the run like SIGTERM: the summary is written last and the exit status is 129")
    func hangUp() throws {
        let run = try TrackProcess.signal(["--demo", "--frames", "100000", "--format", "jsonl"], SIGHUP)
        #expect(run.reason == .exit && run.status == 129)
        let summary = try jsonObject(run.lines.last ?? "")
        #expect(summary["type"] as? String == "summary")
        #expect(summary["reason"] as? String == "stopped")
    }

    @Test("A SIGINT the moment the process can catch it (before its Swift code runs) still ends with the summary and 130")
    func interruptAtStart() throws {
        for _ in 0..<3 {
            let run = try TrackProcess.signal(["--demo", "--frames", "100000", "--format", "jsonl"], SIGINT, at: .assoonAsCaught)
            #expect(run.reason == .exit && run.status == 130)
            let summary = try jsonObject(run.lines.last ?? "")
            #expect(summary["type"] as? String == "summary")
            #expect(summary["reason"] as? String == "stopped")
        }
    }

    @Test("Commands that do not handle signals get the default action back: an early SIGINT ends track scan", .needsSharedData)
    func otherCommandsKeepTheDefault() throws {
        let image = SharedData.samples.appendingPathComponent("qrcode-1/1.png").path
        let run = try TrackProcess.signal(["scan", image], SIGINT, at: .assoonAsCaught)
        // Caught before main (remembered), raised again with the default action once the
        // command is known: killed by SIGINT, as a command without its own handling should be.
        #expect(run.reason == .uncaughtSignal && run.status == SIGINT, "\(run.reason) \(run.status) \(run.lines)")
    }
}
