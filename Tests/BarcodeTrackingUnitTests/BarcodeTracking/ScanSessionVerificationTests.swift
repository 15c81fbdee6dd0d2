import Testing
import BarcodeTracking

/// Misread protection: N agreeing reads within M frames, and readings that disagree
/// with an established payload on the same spot counted, never adopted.
struct ScanSessionVerificationTests {
    func run(_ session: ScanSession, _ frames: [[Detection]], from start: Int = 0) throws -> [ScanFrameResult] {
        try frames.enumerated().map { index, detections in
            let number = start + index + 1
            return try #require(try session.process(detections, frameNumber: number, time: Double(number) / 30, frameSize: frameSize))
        }
    }

    func linearSession(_ rule: ScanSessionConfiguration.Verification = .linearDefault) throws -> ScanSession {
        var configuration = ScanSessionConfiguration()
        configuration.linearVerification = rule
        return try ScanSession(configuration: configuration)
    }

    @Test("With 2 of 3 a clean 1-D code is recognized one frame after it appears, a 2-D code at once")
    func oneFrameDelay() throws {
        let session = try linearSession()
        let ean = Point(x: 100, y: 100), qr = Point(x: 400, y: 300)
        let frames = (0..<3).map { _ in [code("4033979491384", at: ean, symbology: .ean13), code("QR", at: qr, symbology: .qrCode)] }
        let results = try run(session, frames)
        #expect(results.map { $0.newlyRecognized.map(\.barcode.symbology) } == [[.qrCode], [.ean13], []])
        #expect(results.last?.misreadsPrevented == 0)
    }

    @Test("A PDF417 needs the 1-D rule's second read at every error-correction level (zxing-cpp 1.4 misread one at level 2)")
    func pdf417NeedsSecondRead() throws {
        func pdf417(_ text: String, level: String, at center: Point) -> Detection {
            var detection = code(text, at: center, symbology: .pdf417)
            detection.barcode?.ecLevel = level
            return detection
        }
        let session = try linearSession()
        let once = try run(session, [[pdf417("AAAA", level: "0", at: Point(x: 100, y: 100)),
                                      pdf417("AA", level: "2", at: Point(x: 300, y: 300))], []])
        #expect(once.allSatisfy { $0.newlyRecognized.isEmpty }, "one read is never recognized, at level 0 or 2")
        let pair = [pdf417("1234", level: "0", at: Point(x: 300, y: 100)), pdf417("5678", level: "2", at: Point(x: 500, y: 100))]
        let twice = try run(session, [pair, pair], from: 2)
        #expect(twice.map { $0.newlyRecognized.compactMap(\.barcode.data).sorted() } == [[], ["1234", "5678"]])
        // The rule asked by symbology says the same.
        var configuration = ScanSessionConfiguration()
        configuration.linearVerification = .linearDefault
        #expect(configuration.verification(for: .pdf417) == .linearDefault)
        #expect(configuration.verification(for: .qrCode) == .firstRead)
        // A 2-D code of another symbology still counts at its first read.
        let qr = try run(session, [[code("QR-1", at: Point(x: 500, y: 350), symbology: .qrCode)]], from: 4)
        #expect(qr.first?.newlyRecognized.map(\.barcode.data) == ["QR-1"])
    }

    @Test("A one-frame misread on an established code is counted, removed and never recognized")
    func misreadOnEstablishedCode() throws {
        let session = try linearSession()
        let spot = Point(x: 200, y: 150)
        let good = code("4033979491384", at: spot, symbology: .ean13)
        let bad = code("7033259491384", at: Point(x: 202, y: 151), symbology: .ean13)
        let results = try run(session, [[good], [good], [bad], [good], [good]])
        #expect(session.recognized.map(\.barcode.data) == ["4033979491384"])
        #expect(results.allSatisfy { $0.tracks.allSatisfy { $0.barcode?.data != "7033259491384" } },
                "the misread never shows as a track: it is not adopted")
        #expect(results[2].misreadsPrevented == 1)
        #expect(session.finish(.endOfInput)?.misreadsPrevented == 1)
    }

    @Test("An established code only predicted for more than 0.25 s no longer holds its spot: a code read there is not a misread")
    func driftedPredictionHoldsNoSpot() throws {
        let session = try ScanSession()
        // A QR code moving 6 px a frame, then unread: its predicted quad drifts on.
        let moving = (0..<6).map { [code("QR-1", at: Point(x: 100 + 6 * Double($0), y: 200), symbology: .qrCode)] }
        _ = try run(session, moving)
        // 4 frames unread (0.13 s): another code on its predicted spot is still held back as a misread.
        let early = try run(session, Array(repeating: [], count: 3) + [[code("QR-2", at: Point(x: 154, y: 200), symbology: .qrCode)]], from: 6)
        #expect(early.last?.misreadsPrevented == 1)
        // 10 frames unread (0.33 s): a code read on its predicted spot counts.
        let late = try run(session, Array(repeating: [], count: 5) + [[code("QR-3", at: Point(x: 190, y: 200), symbology: .qrCode)]], from: 10)
        #expect(late.last?.newlyRecognized.map(\.barcode.data) == ["QR-3"])
        #expect(late.last?.misreadsPrevented == 1, "no misread more")
    }

    @Test("A misread first read is held back, then dropped once the real payload is established")
    func misreadBeforeTheRealRead() throws {
        let session = try linearSession()
        let spot = Point(x: 200, y: 150)
        let good = code("4033979491384", at: spot, symbology: .ean13)
        let bad = code("7033259491384", at: spot, symbology: .ean13)
        let results = try run(session, [[bad], [good], [good], [good]])
        #expect(results[0].newlyRecognized.isEmpty, "one read of a 1-D code is not enough")
        #expect(results[2].newlyRecognized.map(\.barcode.data) == ["4033979491384"])
        #expect(results[2].removed.map(\.barcode?.data) == ["7033259491384"], "the misread's track ends, reported as lost")
        #expect(results[3].tracks.count == 1)
        #expect(session.finish(.endOfInput)?.misreadsPrevented == 1)
        #expect(session.recognized.count == 1)
    }

    @Test("Re-locating without decoding is not a reading: it never verifies a code")
    func followedIsNotRead() throws {
        let session = try linearSession()
        let spot = Point(x: 200, y: 150)
        var followed = code("4033979491384", at: spot, symbology: .ean13)
        followed.isFreshRead = false
        let fresh = code("4033979491384", at: spot, symbology: .ean13)
        let results = try run(session, [[fresh], [followed], [followed], [followed], [fresh]])
        #expect(results.map(\.newlyRecognized.count) == [0, 0, 0, 0, 0],
                "the second fresh read comes 4 frames later, outside the window of 3")
        let again = try run(session, [[fresh]], from: 5)
        #expect(again[0].newlyRecognized.count == 1)
    }

    @Test("First read (1/1) keeps the old behaviour: the first payload on a spot is the established one")
    func firstReadEstablishesAtOnce() throws {
        let session = try linearSession(.firstRead)
        let spot = Point(x: 200, y: 150)
        let results = try run(session, [[code("7033259491384", at: spot, symbology: .ean13)],
                                        [code("4033979491384", at: spot, symbology: .ean13)]])
        #expect(results[0].newlyRecognized.count == 1)
        #expect(results[1].misreadsPrevented == 1)
    }

    @Test("Invalid linear rules are refused when the session is made")
    func invalidLinearRule() {
        var configuration = ScanSessionConfiguration()
        configuration.linearVerification = .init(required: 4, window: 3)
        #expect(throws: TrackingError.self) { try ScanSession(configuration: configuration) }
    }
}
