import BarcodeTracking
import Foundation
import FrameSources
@testable import LiveView
import Testing

/// The feed between the job and its viewers: what a slow viewer gets, how many may watch, how streams end.
struct LiveFeedTests {
    static func result(_ number: Int, width: Int = 64, height: Int = 48) throws -> ScanFrameResult {
        var result = ScanFrameResult(frameNumber: number, time: Double(number) / 30, frameSize: Size(width: Double(width), height: Double(height)),
                                     tracks: [], added: [], updated: [], removed: [], newlyRecognized: [], recognizedCount: 0)
        result.image = try LumaImage(width: width, height: height, filledWith: UInt8(number % 256))
        return result
    }

    @Test("A viewer that does not keep up gets the newest frame, never a queue of old ones")
    func slowViewerGetsNewestFrame() async throws {
        let feed = try LiveFeed()
        let frames = try #require(feed.frames())
        for number in 1...50 { feed.publish(try Self.result(number)) }
        var iterator = frames.makeAsyncIterator()
        #expect(await iterator.next()?.frameNumber == 50)
        feed.publish(try Self.result(51))
        #expect(await iterator.next()?.frameNumber == 51)
    }

    @Test("A new viewer starts with the latest frame, and its JPEG is encoded once for everyone")
    func newViewerStartsWithLatestFrame() async throws {
        let feed = try LiveFeed()
        feed.publish(try Self.result(7))
        var iterator = try #require(feed.frames()).makeAsyncIterator()
        let frame = try #require(await iterator.next())
        #expect(frame.frameNumber == 7)
        let jpeg = try feed.jpegData(for: frame)
        #expect(jpeg.starts(with: [0xFF, 0xD8]) && jpeg.suffix(2) == [0xFF, 0xD9])
        #expect(try feed.jpegData(for: frame) == jpeg)
        for number in 8...10 {
            let next = try feed.jpegData(for: LiveFeed.FrameSnapshot(frameNumber: number, image: try Self.result(number).image!,
                                                                     tracks: [], overlays: []))
            #expect(next.starts(with: [0xFF, 0xD8]), "frame \(number) encodes too")
        }
    }

    @Test("At most maximumViewers streams at once; a slot frees when its stream ends")
    func viewerLimit() throws {
        let feed = try LiveFeed(maximumViewers: 3)
        var streams: [AsyncStream<LiveFeed.FrameSnapshot>?] = [feed.frames(), feed.frames()]
        let events = feed.events()
        #expect(streams.allSatisfy { $0 != nil } && events != nil)
        #expect(feed.frames() == nil && feed.events() == nil)
        #expect(feed.viewerCount == 3)
        streams.removeAll()
        #expect(feed.viewerCount == 1)
        #expect(feed.frames() != nil)
    }

    @Test("Event viewers get the jsonl lines; finishing sends the summary and ends the stream; late viewers get the replay")
    func finishSendsSummary() async throws {
        let feed = try LiveFeed()
        let events = try #require(feed.events()).stream
        feed.publish(try Self.result(1))
        let session = try ScanSession()
        let summary = try #require(session.finish(.stopped))
        feed.finish(with: summary, expected: 3)
        var lines: [String] = []
        for await event in events { if case .data(let line) = event.item { lines.append(line) } }
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix(#"{"type":"frame","frame":1,"#) == true)
        #expect(lines.last?.hasPrefix(#"{"type":"summary""#) == true && lines.last?.contains(#""expected":3,"complete":false"#) == true)
        var late: [String] = []
        for await event in try #require(feed.events()).stream { if case .data(let line) = event.item { late.append(line) } }
        #expect(late == lines)
    }

    @Test("A late event viewer gets the latest 20 pallet lines, the latest pallet progress, and paused while the job is paused")
    func lateViewerGetsPalletsAndPause() async throws {
        let feed = try LiveFeed()
        for number in 1...25 { feed.publish(eventLine: #"{"type":"pallet","pallet":\#(number)}"#) }
        feed.publishPalletProgress(json: #"{"station":"a","pallet":null}"#)
        feed.publishPalletProgress(json: #"{"station":"a","pallet":26}"#)
        feed.publish(named: "paused", json: "{}")
        var replayed: [String] = []
        var named: [String] = []
        var iterator = try #require(feed.events()).stream.makeAsyncIterator()
        while named.count < 2, let event = await iterator.next() {
            switch event.item {
            case .data(let line): replayed.append(line)
            case .named(let name, let json): named.append(name + " " + json)
            case .keepAlive: break
            }
        }
        #expect(replayed == (6...25).map { #"{"type":"pallet","pallet":\#($0)}"# })
        #expect(named == [#"palletProgress {"station":"a","pallet":26}"#, "paused {}"])
        feed.publish(named: "resumed", json: "{}")
        var after = try #require(feed.events()).stream.makeAsyncIterator()
        feed.publish(eventLine: #"{"type":"frame","frame":1}"#)
        var names: [String] = []
        while let event = await after.next() {
            if case .named(let name, _) = event.item { names.append(name) }
            if case .data(let line) = event.item, line.contains(#""frame""#) { break }
        }
        #expect(names == ["palletProgress"], "no paused once resumed")
    }

    @Test("Settings that would expose the job or cannot work are refused when the server is made")
    func configurationIsValidated() throws {
        var open = LiveViewConfiguration()
        open.host = "0.0.0.0"
        #expect(throws: LiveViewError.self) { try open.validated() }
        open.token = "a-long-enough-token"
        #expect(try open.validated().token == "a-long-enough-token")
        var port = LiveViewConfiguration()
        port.port = 70_000
        #expect(throws: LiveViewError.self) { try port.validated() }
    }
}
