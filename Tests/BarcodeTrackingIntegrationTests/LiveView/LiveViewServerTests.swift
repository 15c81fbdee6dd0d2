import BarcodeTracking
import Foundation
import FrameSources
@testable import LiveView
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The live view's server in process, spoken to over real loopback sockets: what a late or slow event
/// viewer gets, `HEAD`, and snapshots.
@Suite(.serialized)
struct LiveViewServerTests {
    /// A started server on a free loopback port, with its feed.
    static func serve(_ feed: LiveFeed, configure: (inout LiveViewConfiguration) -> Void = { _ in }) async throws -> (LiveViewServer, Int) {
        var configuration = LiveViewConfiguration()
        configure(&configuration)
        let server = try LiveViewServer(configuration: configuration, feed: feed, session: try ScanSession(),
                                        scene: LiveViewScene(frameSize: Size(width: 64, height: 48), scanArea: ScanArea()))
        let url = try await server.start()
        return (server, try #require(URLComponents(string: url)?.port))
    }

    static func recognizedLine(_ id: Int) -> String {
        #"{"type":"recognized","id":\#(id),"symbology":"qrCode","data":"code \#(id)","frame":\#(id),"time":0.5}"#
    }

    @Test("A viewer who joins late gets every recognized line the feed keeps, not only the last 512")
    func lateJoinerGetsEveryKeptLine() async throws {
        let feed = try LiveFeed()
        for id in 1...2_000 { feed.publish(eventLine: Self.recognizedLine(id)) }
        let (server, port) = try await Self.serve(feed)
        let lastLine = Array(#""data":"code 2000""#.utf8)
        let events = try LoopbackHTTP.request("GET", "/events", port: port, readFor: 20) { $0.count > 100_000 && Self.contains($0.suffix(500), lastLine) }
        let ids = events.events.compactMap { $0["id"] as? Int }
        #expect(ids == Array(1...2_000), "\(ids.count) lines, first \(ids.first ?? -1)")
        feed.finish()
        await server.stop()
    }

    @Test("The server answers while every thread of Swift's shared pool is busy (a job's frame processing, other tests)")
    func answersWhilePoolIsBusy() async throws {
        let feed = try LiveFeed()
        for id in 1...10 { feed.publish(eventLine: Self.recognizedLine(id)) }
        let (server, port) = try await Self.serve(feed)
        let answered = Flag()
        // One task per pool thread, each spinning until the answer came or 20 s passed.
        let spinners = PoolSpinners.start(until: answered, atMost: .seconds(20))
        // The viewer is a thread of its own: the test's task cannot run until the spinners end.
        let events = await withCheckedContinuation { (continuation: CheckedContinuation<LoopbackHTTP.Response?, Never>) in
            Thread {
                usleep(300_000)
                let lastLine = Array(#""data":"code 10""#.utf8)
                let response = try? LoopbackHTTP.request("GET", "/events", port: port, readFor: 10) { Self.contains($0[...], lastLine) }
                answered.set()
                continuation.resume(returning: response)
            }.start()
        }
        let answeredWhileBusy = await PoolSpinners.allSawDone(spinners)
        #expect(events?.events.compactMap { $0["id"] as? Int } == Array(1...10), "\(events?.head ?? "no response in 10 s")")
        #expect(answeredWhileBusy, "the answer came before the spinners gave up")
        feed.finish()
        await server.stop()
    }

    @Test("Every live event carries an id, and events dropped for a viewer that did not keep up are announced by a gap event")
    func droppedEventsLeaveAGap() async throws {
        let feed = try LiveFeed()
        let (server, port) = try await Self.serve(feed)
        let fd = try LoopbackHTTP.connect(port: port)
        defer { close(fd) }
        LoopbackHTTP.send(fd, "GET", "/events")
        try await Task.sleep(for: .milliseconds(300))
        // The viewer reads nothing while far more is published than the sockets and its backlog hold.
        let padding = String(repeating: "x", count: 1_000)
        let published = 30_000
        for id in 1...published {
            feed.publish(eventLine: #"{"type":"lost","id":\#(id),"frame":\#(id),"time":0.1,"pad":"\#(padding)"}"#)
            if id % 1_000 == 0 { try await Task.sleep(for: .milliseconds(20)) }
        }
        feed.finish()
        // The stream (status line already read) until the server ends it after the last line; up
        // to 3 minutes, as 30 MB crawl through a loaded machine (CI once cut it at 60 s).
        let body = try LoopbackHTTP.readResponse(fd, readFor: 180).text
        let ids = body.split(separator: "\n").compactMap { $0.hasPrefix("id: ") ? Int($0.dropFirst(4)) : nil }
        let received = body.split(separator: "\n").filter { $0.hasPrefix("data: {\"type\":\"lost\"") }.count
        let gaps = body.split(separator: "\n").compactMap { line -> Int? in
            guard line.hasPrefix("data: {\"dropped\":") else { return nil }
            return (try? jsonObject(String(line.dropFirst(6))))?["dropped"] as? Int
        }
        #expect(ids.count == received && ids == ids.sorted() && ids.last == published, "ids: \(ids.count), lines: \(received)")
        #expect(body.contains("event: gap\n"), "the viewer missed events: it is told")
        #expect(received < published && received + gaps.reduce(0, +) == published,
                "received \(received) + dropped \(gaps.reduce(0, +)) = \(published)")
        await server.stop()
    }

    @Test("HEAD / answers like GET / without the body")
    func headOfThePage() async throws {
        let feed = try LiveFeed()
        let (server, port) = try await Self.serve(feed)
        let get = try LoopbackHTTP.request("GET", "/", port: port)
        let head = try LoopbackHTTP.request("HEAD", "/", port: port)
        #expect(head.status == 200 && head.body.isEmpty, "\(head.head)")
        #expect(head.head.lowercased().contains("content-type: text/html"))
        #expect(head.head.lowercased().contains("content-length: \(get.body.count)"), "\(head.head)")
        feed.finish()
        await server.stop()
    }

    @Test("Snapshots are deflated PNGs, at least half smaller than the raw pixels, and decode to the frame", .needsSharedData)
    func snapshotIsCompressed() async throws {
        let image = try ImageFile.load(path: SharedData.samples.appendingPathComponent("ean13-1/1.png").path)
        var result = ScanFrameResult(frameNumber: 1, time: 0, frameSize: Size(width: Double(image.width), height: Double(image.height)),
                                     tracks: [], added: [], updated: [], removed: [], newlyRecognized: [], recognizedCount: 0)
        result.image = image
        let feed = try LiveFeed()
        feed.publish(result)
        let (server, port) = try await Self.serve(feed)
        let snapshot = try LoopbackHTTP.request("GET", "/snapshot.png", port: port, readFor: 30)
        #expect(snapshot.status == 200 && snapshot.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(snapshot.body.count * 2 < image.width * image.height * 3, "\(snapshot.body.count) bytes for \(image.width)x\(image.height)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("live-snapshot-\(port).png")
        try Data(snapshot.body).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let decoded = try ImageFile.load(path: file.path)
        #expect(decoded.width == image.width && decoded.height == image.height)
        feed.finish()
        await server.stop()
    }

    @Test("Snapshots beyond maximumSnapshots at once are refused with 503 and counted while made")
    func snapshotsAreLimited() async throws {
        let feed = try LiveFeed(maximumSnapshots: 1)
        var result = try LiveFeedTests.result(1, width: 4_000, height: 3_000)
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<(4_000 * 3_000)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        result.image = try LumaImage(width: 4_000, height: 3_000, pixels: noise)
        feed.publish(result)
        async let first = feed.encodedSnapshotPNG()
        try await Task.sleep(for: .milliseconds(50))
        #expect(feed.snapshotsInProgress == 1)
        let second = await feed.encodedSnapshotPNG()
        guard case .busy = second else { Issue.record("a second snapshot at once is refused"); return }
        guard case .png(let png) = await first else { Issue.record("the first snapshot is made"); return }
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(feed.snapshotsInProgress == 0)
    }

    @Test("The token comparison is equality: equal bytes match, any difference or another length does not")
    func tokenComparison() {
        let token = Array("a-long-enough-token".utf8)
        #expect(RequestGuard.constantTimeEqual(token, token))
        #expect(!RequestGuard.constantTimeEqual(token, Array("a-long-enough-tokeN".utf8)))
        #expect(!RequestGuard.constantTimeEqual(token, Array("a-long-enough-token-".utf8)))
        #expect(!RequestGuard.constantTimeEqual(token, []))
        #expect(!RequestGuard.constantTimeEqual(Array(repeating: 0, count: 256), []), "a length difference of 256 is still a difference")
    }

    static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        return (haystack.startIndex...(haystack.endIndex - needle.count)).contains { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
    }
}
