@testable import BarcodeDecoding
import BarcodeEngine
import BarcodeTracking
import Glibc
import Testing
import TestSupport

/// With a late-read time (a live source), a frame does not wait for a read in a reader process
/// past it: the read is carried over and a later frame takes its answer
/// (``TrackingEngine/LateRead``).
struct LateReadTests {
    @Test("A whole-frame read that does not answer within the frame's time is carried over; the next frame reads its code again around where it was")
    func carriedOverAndTaken() throws {
        let isolation = try ReadIsolation(symbologies: [.pdf417], command: [TrackProcess.executable.path])
        var options = DecoderOptions.video
        options.isolation = isolation
        // The whole-frame search (every frame while nothing is tracked) is the only one that
        // reads 1-D codes here: no region, strip, nor rows; re-acquisition windows (what a late
        // answer's codes are read again in) stay.
        var configuration = LinearRowsTests.quietDiscovery(linearRowsTime: 0)
        configuration.lateReadTime = 0.02
        let engine = try TrackingEngine(options: options, configuration: configuration)
        let code = try BarcodeRenderer.render("9780764544200", as: .ean13, width: 300, height: 150)
        let frames = try (1...2).map { try ReacquisitionTests.frame($0, code: code, x: 330 + 6 * $0, y: 200) }
        // A reader process, read once, then stopped: it takes the next read and answers nothing
        // until it is continued, a zxing-cpp read that takes long as seen from outside.
        let read = try engine.report(in: frames[0].image, region: nil).detections
        let before = try #require(read.count == 1 ? read.first?.location.boundingBox : nil, "\(read)")
        let readers = isolation.idleProcessIDs
        try #require(!readers.isEmpty)
        defer { for reader in readers { kill(reader, SIGCONT) } }
        for reader in readers { kill(reader, SIGSTOP) }

        let started = ContinuousClock.now
        let first = try engine.report(in: frames[0], region: nil, expected: [])
        #expect(ContinuousClock.now - started < .seconds(1), "the frame did not wait for the stopped reader process")
        #expect(first.detections.isEmpty && first.warnings.isEmpty, "\(first)")
        #expect(engine.lateReads == (carried: 1, taken: 0))

        // The read answers (the code at frame 1's place); the process is stopped again, so that
        // frame 2's own whole-frame read, if it makes one, is carried over too.
        for reader in readers { kill(reader, SIGCONT) }
        engine.awaitLateReads()
        // The answer has started to arrive; the process writes it in more than one piece, and
        // stopped between them it would leave it half-sent.
        usleep(200_000)
        for reader in readers { kill(reader, SIGSTOP) }
        let second = try engine.report(in: frames[1], region: nil, expected: [])
        #expect(engine.lateReads.taken == 1, "\(engine.lateReads) \(second.warnings)")
        let found = try #require(second.detections.first { $0.barcode?.data == "9780764544200" }, "\(second)")
        // Where the code is in frame 2 (6 px right of frame 1's place), read in frame 2's pixels.
        let box = found.location.boundingBox
        #expect(abs(box.x - (before.x + 6)) <= 2 && abs(box.maxX - (before.maxX + 6)) <= 2, "\(box) against \(before) in frame 1")
    }
}
