import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The live page in real headless Chromium when the server was full as it opened, and when the job
/// pauses or ends: what the operator sees must say so, and must come back when it can.
@Suite(.serialized)
struct ServePageRecoveryTests {
    @Test(
        "A page opened while every stream slot is taken says so, and shows codes and outlines within 15 s of the slots freeing",
        .enabled(if: Chromium.shouldRun, Chromium.skipReason), .timeLimit(.minutes(3)))
    func pageRecoversWhenSlotsFree() throws {
        let track = try ServingTrack(ServingTrack.demo)
        let holders = try SlotHolders(port: track.port, count: 8)
        defer { holders.release() }
        try #require(holders.statuses.allSatisfy { $0 == 200 }, "the holders took every slot: \(holders.statuses)")

        let browser = try ChromiumSession(url: track.url)
        let saysFull = try browser.wait(
            until: "/too many viewers|server full/.test(document.getElementById('state').textContent)", seconds: 20)
        let state = try browser.evaluate("document.getElementById('state').textContent")
        #expect(saysFull, "the page says the server is full: \(state ?? "")")
        #expect(try browser.evaluate("document.body.dataset.codes") as? String == "0")
        // Long enough for the page's retries to back off to their longest wait.
        Thread.sleep(forTimeInterval: 8)

        holders.release()
        let recovered = try browser.wait(
            until: """
                Number(document.body.dataset.codes) > 0 && document.body.dataset.rendered !== '' && document.getElementById('frame').src.startsWith('blob:')
                """, seconds: 15)
        let shown = try browser.evaluate(
            "[document.getElementById('state').textContent, document.body.dataset.codes, document.body.dataset.rendered].join(' | ')")
        #expect(recovered, "the page shows codes, outlines and pictures again: \(shown ?? "")")
        #expect(try browser.evaluate("document.getElementById('state').textContent") as? String == "live")
        _ = track.stop()
    }

    @Test(
        "The fps readout says paused while paused and finished once the job ended, and the buttons are disabled after the end",
        .enabled(if: Chromium.shouldRun, Chromium.skipReason), .timeLimit(.minutes(3)))
    func readoutAndButtonsFollowTheJob() throws {
        let track = try ServingTrack(ServingTrack.demo)
        let browser = try ChromiumSession(url: track.url)
        let fps = "document.getElementById('fps').textContent"
        #expect(
            try browser.wait(until: "/^[0-9.]+ fps$/.test(\(fps)) && Number.parseFloat(\(fps)) > 0"),
            "a live rate first: \(String(describing: try? browser.evaluate(fps)))")
        let buttons = "['pause', 'resume', 'clear', 'snapshot'].map((id) => document.getElementById(id).disabled)"
        #expect(try browser.evaluate("\(buttons).every((d) => !d)") as? Bool == true, "the buttons work while the job runs")

        try browser.evaluate("document.getElementById('pause').click()")
        #expect(try browser.wait(until: "\(fps) === 'paused'", seconds: 10), "the readout says paused")
        Thread.sleep(forTimeInterval: 3)
        #expect(try browser.evaluate(fps) as? String == "paused", "it stays paused, not a frozen or falling rate")
        let joiner = try ChromiumSession(url: track.url)
        #expect(
            try joiner.wait(until: "\(fps) === 'paused' && document.getElementById('state').textContent === 'paused'", seconds: 20),
            "a page opened while paused says so")
        try browser.evaluate("document.getElementById('resume').click()")
        #expect(try browser.wait(until: "/^[0-9.]+ fps$/.test(\(fps)) && Number.parseFloat(\(fps)) > 0", seconds: 10), "live again")

        track.process.interrupt()  // the job ends: the summary goes to the page
        #expect(try browser.wait(until: "\(fps) === 'finished'", seconds: 20), "the readout says finished")
        Thread.sleep(forTimeInterval: 3)
        #expect(try browser.evaluate(fps) as? String == "finished", "the readout stays finished after the server closed")
        let disabled = try browser.evaluate(buttons)
        #expect(
            try browser.evaluate("\(buttons).every((d) => d)") as? Bool == true,
            "nothing left to pause, resume, clear or snapshot: \(disabled ?? "")")
        #expect(track.stop().status == 130)
    }
}

/// Streaming clients that take every slot of a live server and keep reading (they are viewers, not
/// stalled clients the server would time out), until released.
final class SlotHolders: @unchecked Sendable {
    // @unchecked: `descriptors` is set in init, then only read by the draining thread until `stopped`
    // is set; `release()` closes the descriptors only after the thread has seen it and ended.
    private let descriptors: [Int32]
    /// The status each holder's request got.
    let statuses: [Int]
    private let stopped = Atomic(false)
    private let ended = DispatchSemaphore(value: 0)
    private var released = false

    init(port: Int, count: Int) throws {
        var descriptors: [Int32] = [], statuses: [Int] = []
        for index in 0..<count {
            // Both kinds of stream the page opens hold slots.
            let stream = try LoopbackHTTP.openStream(index.isMultiple(of: 2) ? "/stream.mjpeg" : "/events", port: port)
            descriptors.append(stream.fd)
            statuses.append(stream.status)
        }
        self.descriptors = descriptors
        self.statuses = statuses
        let held = descriptors
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            var polled = held.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            while !stopped.load(ordering: .relaxed) {
                guard poll(&polled, nfds_t(polled.count), 100) > 0 else { continue }
                for entry in polled where entry.revents != 0 { _ = recv(entry.fd, &buffer, buffer.count, Int32(MSG_DONTWAIT)) }
            }
            ended.signal()
        }
    }

    /// Closes every holder's connection (once).
    func release() {
        guard !released else { return }
        released = true
        stopped.store(true, ordering: .relaxed)
        ended.wait()
        descriptors.forEach { close($0) }
    }
}
