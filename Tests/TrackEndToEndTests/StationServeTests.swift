import Foundation
import TestSupport
import Testing

/// `track station --serve`: the pallets on `/events`, `POST /next` as the manual trigger, and the
/// page's pallet panel in real headless Chromium.
@Suite(.serialized)
struct StationServeTests {
    /// Where the browser test leaves its screenshot of the station's page, for people to look at.
    static let screenshotPath = FileManager.default.temporaryDirectory.appendingPathComponent("live-view-station.png").path

    @Test("POST /next closes the pallet in progress: its record comes on /events and in the output, closed by the trigger",
          .timeLimit(.minutes(3)))
    func nextClosesThePallet() throws {
        try TemporaryFiles.withDirectory { folder in
            let track = try ServingTrack(["station", "--demo", "--realtime", "--frames", "100000", "--split", "trigger", "--station", "e2e",
                                          "--state", folder.appendingPathComponent("s.json").path, "--format", "jsonl",
                                          "--serve", "127.0.0.1:0"], directory: folder)
            let recognized = try LoopbackHTTP.request("GET", "/events", port: track.port, readFor: 60) {
                String(decoding: $0, as: UTF8.self).contains(#""type":"recognized""#)
            }
            try #require(recognized.events.contains { $0["type"] as? String == "recognized" }, "a pallet is in progress")
            let progress = try LoopbackHTTP.request("GET", "/events", port: track.port, readFor: 10) {
                String(decoding: $0, as: UTF8.self).contains("event: palletProgress\ndata: {\"station\":\"e2e\",\"pallet\":1")
            }
            #expect(progress.text.contains("event: palletProgress\ndata: {\"station\":\"e2e\",\"pallet\":1,"), "the pallet in progress is on /events")

            let crossSite = try LoopbackHTTP.request("POST", "/next", port: track.port,
                                                     headers: ["Host: 127.0.0.1:\(track.port)", "Origin: http://evil.example"])
            #expect(crossSite.status == 403, "the guard of the other POST routes applies: \(crossSite.head)")
            let next = try LoopbackHTTP.request("POST", "/next", port: track.port)
            #expect(next.status == 200 && next.text == #"{"next":true}"#, "\(next.head) \(next.text)")

            let closed = try LoopbackHTTP.request("GET", "/events", port: track.port, readFor: 30) {
                String(decoding: $0, as: UTF8.self).contains(#""type":"pallet""#)
            }
            let live = try #require(closed.events.first { $0["type"] as? String == "pallet" }, "the record is on /events")
            #expect(live["closedBy"] as? String == "trigger")
            #expect(live["pallet"] as? Int == 1 && live["station"] as? String == "e2e")
            #expect(((live["codes"] as? [[String: Any]]) ?? []).count >= 1)

            let end = track.stop()
            #expect(end.status == 0, "a signal is a station's normal end")
            let written = end.stdout.split(separator: "\n").compactMap { try? jsonObject(String($0)) }.filter { $0["type"] as? String == "pallet" }
            let first = try #require(written.first, "the record is in the output")
            #expect(first["uuid"] as? String == live["uuid"] as? String, "one record, the same on /events and in the output")
            #expect(first["closedBy"] as? String == "trigger")
        }
    }

    @Test("POST /next on a job that counts no pallets is 404", .timeLimit(.minutes(2)))
    func nextWithoutStation() throws {
        try TemporaryFiles.withDirectory { folder in
            let track = try ServingTrack(["--demo", "--realtime", "--frames", "100000", "--serve", "127.0.0.1:0"], directory: folder)
            let next = try LoopbackHTTP.request("POST", "/next", port: track.port)
            #expect(next.status == 404 && next.text.contains("track station"), "\(next.head) \(next.text)")
            _ = track.stop()
        }
    }

    @Test("The page lists the station scene's pallets with their count statuses and colours, marks unexpected codes and names missing ones",
          .enabled(if: Chromium.shouldRun, Chromium.skipReason), .timeLimit(.minutes(6)))
    func palletListInChromium() throws {
        let truth = try StationCommandTests.truth()
        try #require(truth.count == 3)
        try TemporaryFiles.withDirectory { folder in
            // The manifest lists the second pallet's labels and two that never come: the first and third
            // pallets carry labels it does not list, and each pallet leaves those two missing.
            let manifest = folder.appendingPathComponent("asn.csv")
            try ("payload,quantity\n" + truth[1].sorted().map { "\($0),1\n" }.joined() + "NEVER-SHIPPED,2\n")
                .write(to: manifest, atomically: true, encoding: .utf8)
            // The scene recorded first, then paced from the clip: rendering it live costs a debug build
            // most of a frame's time, and on a loaded machine the late frames were dropped whole
            // pallets at a time. The clip's frames are the scene's (Y4M is lossless).
            let clip = folder.appendingPathComponent("scene.y4m")
            let recording = try TrackProcess.run(StationCommandTests.scene + ["--frames", "320", "--record", clip.path, "--format", "jsonl"],
                                                 in: folder, timeout: 600)
            try #require(recording.status == 0, "\(recording.stderr)")
            let track = try ServingTrack(["station", "--input", clip.path]
                                         + ["--expect", "3", "--realtime", "--manifest", manifest.path,
                                            "--state", folder.appendingPathComponent("s.json").path, "--format", "jsonl",
                                            "--serve", "127.0.0.1:0"], directory: folder)
            let browser = try ChromiumSession(url: track.url)
            #expect(try browser.wait(until: "!document.getElementById('station').hidden && !document.getElementById('next').hidden"),
                    "a station's page shows the pallet panel and the Next pallet button")
            let colour = { (selector: String) in "getComputedStyle(document.querySelector('\(selector)')).color" }
            #expect(try browser.wait(until: """
                document.querySelectorAll('#pallet-codes li.correct').length > 0
                  && document.getElementById('pallet-missing').textContent.endsWith('NEVER-SHIPPED ×2')
                """, seconds: 90), "the second pallet's codes, listed in the manifest, show while it stands, and what is missing")
            #expect(try browser.evaluate(colour("#pallet-codes li.correct")) as? String == "rgb(119, 255, 119)", "correct codes are green")
            let head = try browser.evaluate("document.getElementById('pallet-head').textContent") as? String
            #expect(head?.hasPrefix("Pallet 2 · ") == true && head?.hasSuffix(" of 3") == true, "\(head ?? "")")
            #expect(try browser.wait(until: "document.querySelector('#pallet-codes li.unexpected') !== null", seconds: 90),
                    "the third pallet's codes are not in the manifest")
            #expect(try browser.evaluate(colour("#pallet-codes li.unexpected")) as? String == "rgb(255, 170, 0)", "unexpected codes are orange")

            #expect(try browser.wait(until: "document.body.dataset.pallets === '3'", seconds: 90), "the three pallets are listed")
            try browser.screenshot(to: Self.screenshotPath)
            #expect(track.waitForExit() == 0)
            let records = try String(contentsOf: folder.appendingPathComponent("stdout.jsonl"), encoding: .utf8)
                .split(separator: "\n").map { try jsonObject(String($0)) }.filter { $0["type"] as? String == "pallet" }
            try #require(records.count == 3)
            let colours = ["complete": "rgb(0, 255, 68)", "short": "rgb(255, 85, 85)", "over": "rgb(255, 170, 0)"]
            let listed = try #require(try browser.evaluate("""
                [...document.querySelectorAll('#pallets li')].map((li) => [li.dataset.pallet, li.dataset.status,
                  getComputedStyle(li.querySelector('.status')).color, li.textContent])
                """) as? [[String]])
            #expect(listed.map { Int($0[0]) } == records.reversed().map { $0["pallet"] as? Int }, "newest first: \(listed)")
            // The statuses are the records' own: what the engine read under load is not this test's business
            // (StationCommandTests checks the scene's exact pallets).
            for (record, shown) in zip(records.reversed(), listed) {
                let status = try #require(record["status"] as? String)
                #expect(shown[1] == status && shown[2] == colours[status], "pallet \(shown[0]) is \(status): \(shown)")
            }
            for (record, shown) in zip(records.reversed(), listed) {
                let check = try #require(record["manifest"] as? [String: Any])
                let unexpected = (check["unexpected"] as? [[String: Any]] ?? []).compactMap { $0["payload"] as? String }
                #expect(shown[3].contains("missing: ") && shown[3].contains("NEVER-SHIPPED ×2"), "no pallet brings those: \(shown)")
                #expect(shown[3].contains("unexpected: ") == !unexpected.isEmpty && unexpected.allSatisfy(shown[3].contains),
                        "the record's unexpected codes: \(unexpected) vs \(shown)")
            }
            #expect(Set(listed.map { $0[1] }).count >= 2, "the scene gives more than one status, so the colours are told apart: \(listed)")
        }
    }
}
