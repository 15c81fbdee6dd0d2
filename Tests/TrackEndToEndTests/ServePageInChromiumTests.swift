import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The live page in real headless Chromium against what goes wrong around it: a hostile page in the
/// same browser.
@Suite(.serialized)
struct ServePageInChromiumTests {
    @Test(
        "A cross-site page in Chromium that POSTs to /pause with mode no-cors does not pause the job",
        .enabled(if: Chromium.shouldRun, Chromium.skipReason), .timeLimit(.minutes(3)))
    func crossSitePageCannotPause() throws {
        let track = try ServingTrack(ServingTrack.demo + ["--format", "jsonl"])
        // Served as http://localhost:OTHER/: another site than http://127.0.0.1:PORT/.
        let target = "http://127.0.0.1:\(track.port)"
        let other = try OtherSitePage(
            html: """
                <!doctype html><html><body><script>
                const done = (what) => { document.body.dataset.sent = what; };
                Promise.all(["/pause", "/clear"].map((path) => fetch("\(target)" + path, { mode: "no-cors", method: "POST", body: "x" })))
                  .then(() => done("sent"), (error) => done("error: " + error));
                </script></body></html>
                """)
        let browser = try ChromiumSession(url: "http://localhost:\(other.port)/")
        #expect(try browser.wait(until: "document.body.dataset.sent !== undefined"))
        let outcome = try browser.evaluate("document.body.dataset.sent") as? String
        #expect(outcome == "sent", "the browser sent the requests (an opaque answer): \(outcome ?? "nil")")
        Thread.sleep(forTimeInterval: 0.5)
        let before = try track.latestFrame()
        Thread.sleep(forTimeInterval: 1)
        #expect(try track.latestFrame() > before, "frames move on: the job was not paused")
        let end = track.stop()
        let recognized = end.stdout.split(separator: "\n").filter { $0.contains(#""type":"recognized""#) }.count
        #expect(recognized == 3, "the codes were not cleared (no second announcement): \(recognized)")
    }
}
