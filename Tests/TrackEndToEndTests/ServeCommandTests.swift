import BarcodeAnnotation
import BarcodeDecoding
import BarcodeTracking
import Foundation
import FrameSources
import TestSupport
import Testing

/// `track --serve`, end to end: the real server, the real `track`, and the page in real headless Chromium.
@Suite(.serialized)
struct ServeCommandTests {
    /// Where the end-to-end test leaves its screenshot of the page, for people to look at.
    static let screenshotPath = FileManager.default.temporaryDirectory.appendingPathComponent("live-view-page.png").path

    @Test(
        "The page lists the demo's 3 codes in Chromium, draws their outlines where the events say, and pause stops the frames",
        .enabled(if: Chromium.shouldRun, Chromium.skipReason), .timeLimit(.minutes(5)))
    func pageInChromium() throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let track = try ServingTrack(ServingTrack.demo + ["--format", "jsonl"], directory: directory)
        #expect(track.firstErrorLine.hasPrefix("serving http://127.0.0.1:"), "\(track.firstErrorLine)")

        let browser = try ChromiumSession(url: track.url)

        // 1. The list of recognized codes fills up in the browser.
        #expect(try browser.wait(until: "document.body.dataset.codes === '3'"), "the page should list 3 codes")
        #expect(try browser.evaluate("document.querySelectorAll('#codes li').length") as? Int == 3)
        #expect(try browser.evaluate("document.getElementById('progress').textContent") as? String == "3 codes")

        // 2. Pressing Pause: frame numbers stop.
        try browser.evaluate("document.getElementById('pause').click()")
        #expect(try browser.wait(until: "document.getElementById('state').textContent === 'paused'"))
        Thread.sleep(forTimeInterval: 0.5)
        let pausedFrames = try LoopbackHTTP.request("GET", "/events", port: track.port, readFor: 1).events.filter {
            $0["type"] as? String == "frame"
        }
        let paused = try #require(pausedFrames.last, "/events replays the latest frame")
        let pausedNumber = try #require(paused["frame"] as? Int)
        Thread.sleep(forTimeInterval: 1)
        let later = try LoopbackHTTP.request("GET", "/events", port: track.port, readFor: 1).events.compactMap { $0["frame"] as? Int }
        #expect(later.max() == pausedNumber, "no new frame while paused: \(later) vs \(pausedNumber)")

        // 3. The screenshot shows each decoded track's outline at the corners the events report.
        #expect(try browser.wait(until: "document.body.dataset.rendered === '\(pausedNumber)'"), "the page draws the paused frame")
        let tracks = try #require(paused["tracks"] as? [[String: Any]])
        let decoded = tracks.filter { $0["data"] != nil && $0["state"] as? String == "tracked" }
        #expect(decoded.count >= 2, "\(tracks)")
        let quads = try decoded.map { try #require($0["quad"] as? [[Double]]) }
        try Self.checkOutlines(browser, quads, screenshot: Self.screenshotPath)

        // 3b. Turned to portrait (a phone): the page maps the same frame pixels to its new layout.
        let landscapeStage = try browser.evaluate("document.body.dataset.stage") as? String
        try browser.send("Emulation.setDeviceMetricsOverride", ["width": 420, "height": 860, "deviceScaleFactor": 1, "mobile": true])
        #expect(try browser.wait(until: "document.body.dataset.stage !== '\(landscapeStage ?? "")'"), "the page lays out again")
        Thread.sleep(forTimeInterval: 0.3)
        try Self.checkOutlines(browser, quads, screenshot: Self.screenshotPath.replacingOccurrences(of: ".png", with: "-portrait.png"))

        // 4. Snapshot: the current frame as PNG, frame-sized.
        // Up to 30 s (the read ends when the server closes): the debug build under the address
        // sanitizer takes 7 s on the loaded 2-core VM to encode the 1280 x 720 PNG.
        let snapshot = try LoopbackHTTP.request("POST", "/snapshot", port: track.port, readFor: 30)
        #expect(snapshot.status == 200 && snapshot.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let snapshotPath = directory.appendingPathComponent("snapshot.png").path
        _ = FileManager.default.createFile(atPath: snapshotPath, contents: Data(snapshot.body))
        let decodedSnapshot = try ImageFile.loadRGB(path: snapshotPath)
        #expect(decodedSnapshot.width == 1280 && decodedSnapshot.height == 720)

        // 5. Pressing Resume: frames move on.
        try browser.evaluate("document.getElementById('resume').click()")
        #expect(try browser.wait(until: "document.getElementById('state').textContent === 'live'"))
        Thread.sleep(forTimeInterval: 0.5)
        let resumed = try LoopbackHTTP.request("GET", "/events", port: track.port, readFor: 1.5).events.compactMap { $0["frame"] as? Int }
        #expect((resumed.max() ?? 0) > pausedNumber, "frames move on after resume: \(resumed)")

        let end = track.stop()
        #expect(end.status == 130)
        #expect(end.stdout.split(separator: "\n").last?.contains(#""type":"summary""#) == true)
    }

    @Test(
        "A payload with HTML in it shows as text on the page, and no markup from it runs",
        .enabled(if: Chromium.shouldRun, Chromium.skipReason), .timeLimit(.minutes(3)))
    func htmlPayloadIsText() throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let payload = #"<b>x</b><img src=x onerror="document.body.dataset.pwned=1">"#
        let code = try BarcodeRenderer.render(payload, as: .qrCode, width: 500, height: 500, quietZone: 40)
        let photo = directory.appendingPathComponent("label.ppm").path
        _ = FileManager.default.createFile(atPath: photo, contents: Data(RGBImage(code).ppmData))
        let track = try ServingTrack(
            ["--demo", "--realtime", "--photo", photo, "--frames", "100000", "--serve", "127.0.0.1:0"],
            directory: directory)
        let browser = try ChromiumSession(url: track.url)
        #expect(try browser.wait(until: "document.body.dataset.codes === '1'"))
        Thread.sleep(forTimeInterval: 0.5)  // time for an injected onerror handler to run, were there one
        #expect(try browser.evaluate("document.querySelector('#codes .payload').textContent") as? String == payload)
        #expect(try browser.evaluate("document.querySelectorAll('#codes b, #codes img').length") as? Int == 0)
        #expect(try browser.evaluate("document.body.dataset.pwned === undefined") as? Bool == true)
        _ = track.stop()
    }

    @Test("The live server refuses a ninth stream with 503, requires the token off loopback, and ends streams with the summary")
    func limitsTokenAndEnd() throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let track = try ServingTrack(ServingTrack.demo, directory: directory)
        _ = track
        // The MJPEG stream keeps sending frames, each a JPEG with its frame number (read until three
        // have come: seconds on a loaded machine).
        let frameHeader = Array("X-Frame-Number: ".utf8)
        let stream = try LoopbackHTTP.request("GET", "/stream.mjpeg", port: track.port, readFor: 60) { bytes in
            bytes.indices.dropLast(frameHeader.count).lazy.filter { bytes[$0..<$0 + frameHeader.count].elementsEqual(frameHeader) }.count
                >= 3
        }
        let numbers = stream.text.split(separator: "\r\n").compactMap { line in
            line.hasPrefix("X-Frame-Number: ") ? Int(line.dropFirst(16)) : nil
        }
        #expect(numbers.count >= 2 && numbers == numbers.sorted() && Set(numbers).count == numbers.count, "\(numbers)")
        #expect(stream.head.contains("multipart/x-mixed-replace; boundary=frame"))
        // Eight event streams, each seen open (200). The MJPEG stream above holds its slot until the
        // server's next write to the closed socket fails, so one of these may be refused at first (on a
        // loaded machine, for a while): that one is closed and asked for again.
        var open: [Int32] = []
        let deadline = Date().addingTimeInterval(60)
        while open.count < 8, Date() < deadline {
            let stream = try LoopbackHTTP.openStream("/events", port: track.port)
            if stream.status == 200 {
                open.append(stream.fd)
            } else {
                close(stream.fd)
                Thread.sleep(forTimeInterval: 0.25)
            }
        }
        #expect(open.count == 8)
        let refused = try LoopbackHTTP.request("GET", "/stream.mjpeg", port: track.port, readFor: 10)
        #expect(refused.status == 503 && refused.text.contains("too many viewers"), "\(refused.head)")
        open.forEach { close($0) }
        // A port already in use is refused before any frame, naming the option.
        let taken = try TrackProcess.run(["--demo", "--frames", "3", "--serve", "127.0.0.1:\(track.port)"])
        #expect(taken.status == 64 && taken.stderr.contains("--serve: cannot serve on 127.0.0.1:\(track.port)"), "\(taken.stderr)")
        Thread.sleep(forTimeInterval: 0.3)
        let page = try LoopbackHTTP.request("GET", "/", port: track.port)
        #expect(page.status == 200 && page.text.contains("<canvas"))
        _ = track.stop()

        // A non-loopback address gets a generated token, printed in the URL; requests without it get 401.
        let open2 = try ServingTrack(["--demo", "--realtime", "--frames", "100000", "--serve", "0.0.0.0:0"], directory: directory)
        let token = try #require(URLComponents(string: open2.url)?.queryItems?.first { $0.name == "token" }?.value)
        #expect(token.count == 32)
        #expect(try LoopbackHTTP.request("GET", "/", port: open2.port).status == 401)
        #expect(try LoopbackHTTP.request("GET", "/?token=\(token)", port: open2.port).status == 200)
        _ = open2.stop()

        // The job ending closes the event stream after the summary.
        let short = try ServingTrack(["--demo", "--realtime", "--frames", "20", "--serve", "127.0.0.1:0"], directory: directory)
        let events = try LoopbackHTTP.request("GET", "/events", port: short.port, readFor: 180)
        #expect(events.events.last?["type"] as? String == "summary", "\(events.text.suffix(500))")
        #expect(short.waitForExit() == 0)
    }

    @Test(
        "Bad --serve and --token values exit 64 naming the option",
        arguments: [
            (["--serve", "70000"], "--serve"), (["--serve", "abc"], "--serve"), (["--token", "abcdefgh12"], "--token"),
            (["--serve", "8080", "--token", "<bad>"], "--token"), (["--serve", "::1:80"], "--serve"),
        ])
    func badArguments(arguments: [String], option: String) throws {
        let run = try TrackProcess.run(["--demo", "--frames", "3"] + arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains(option), "\(run.stderr)")
    }

    /// Takes a screenshot and checks that each corner of `quads` (frame pixels of the 1280x720 demo),
    /// mapped the way the page maps it (aspect fit, centred in its stage), is on a decoded outline,
    /// and that the frame itself is shown under the canvas.
    static func checkOutlines(_ browser: ChromiumSession, _ quads: [[[Double]]], screenshot path: String) throws {
        let stageText = try #require(try browser.evaluate("document.body.dataset.stage") as? String)
        let stage = try #require(Self.stage(stageText), "the page reports where its stage is: \(stageText)")
        try browser.screenshot(to: path)
        let shot = try ImageFile.loadRGB(path: path)
        let scale = min(stage.width / 1280, stage.height / 720)
        let offsetX = stage.x + (stage.width - 1280 * scale) / 2, offsetY = stage.y + (stage.height - 720 * scale) / 2
        for corner in quads.joined() {
            let x = Int(offsetX + corner[0] * scale), y = Int(offsetY + corner[1] * scale)
            #expect(Self.hasOutlineGreen(shot, near: (x, y)), "decoded outline (#00ff40) at frame \(corner) = page (\(x), \(y)) in \(path)")
        }
        // The grey floor near the frame's bottom-left corner, not the page's near-black background.
        let pixel = Self.rgb(shot, Int(offsetX + 60 * scale), Int(offsetY + 660 * scale))
        #expect(abs(Int(pixel.0) - Int(pixel.2)) < 30 && pixel.0 > 40, "the MJPEG frame is visible under the canvas: \(pixel) in \(path)")
    }

    /// `x,y,width,height` in CSS pixels (one screenshot pixel each).
    static func stage(_ text: String) -> (x: Double, y: Double, width: Double, height: Double)? {
        let values = text.split(separator: ",").compactMap { Double($0) }
        return values.count == 4 ? (values[0], values[1], values[2], values[3]) : nil
    }

    static func rgb(_ image: (width: Int, height: Int, pixels: [UInt8]), _ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let i = (min(max(y, 0), image.height - 1) * image.width + min(max(x, 0), image.width - 1)) * 3
        return (image.pixels[i], image.pixels[i + 1], image.pixels[i + 2])
    }

    /// Whether a pixel within 3 px of `point` is the page's decoded-outline green.
    static func hasOutlineGreen(_ image: (width: Int, height: Int, pixels: [UInt8]), near point: (Int, Int)) -> Bool {
        for dy in -3...3 {
            for dx in -3...3 {
                let (r, g, b) = rgb(image, point.0 + dx, point.1 + dy)
                if g > 180 && r < 90 && b < 130 { return true }
            }
        }
        return false
    }
}
