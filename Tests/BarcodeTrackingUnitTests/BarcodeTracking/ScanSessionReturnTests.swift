import BarcodeTracking
import Testing

/// A recognized code that comes back while its old track is still predicted is the same code;
/// a twin of a recognized code counts once the two were measured together long enough.
struct ScanSessionReturnTests {
    let frameSize = Size(width: 1280, height: 720)

    @Test("A code read elsewhere while its old track is only predicted is the code coming back, not a twin (1-hour soak: announced twice)")
    func returnWhileOldTrackPredicted() throws {
        let session = try ScanSession()
        let here = [code("PDF", at: Point(x: 100, y: 100))]
        // Frames 1-2 measure it; frame 3 does not (its track is predicted) but reads it far away.
        let script = [here, here, [code("PDF", at: Point(x: 900, y: 500))], [code("PDF", at: Point(x: 904, y: 500))]]
        var announced = 0
        for (index, detections) in script.enumerated() {
            let result = try session.process(detections, frameNumber: index + 1, time: Double(index + 1) / 30,
                                             frameSize: frameSize)
            announced += result?.newlyRecognized.count ?? 0
        }
        #expect(announced == 1)
        #expect(session.recognized.count == 1)
    }

    @Test("Two labels with one payload measured in the same frames count as two once together for 0.5 s")
    func twinsMeasuredTogetherCountTwice() throws {
        let session = try ScanSession()
        let two = [code("SAME", at: Point(x: 100, y: 100)), code("SAME", at: Point(x: 700, y: 400))]
        var announcedIn: [Int] = []
        for index in 0..<20 {
            let result = try session.process(two, frameNumber: index + 1, time: Double(index) / 30, frameSize: frameSize)
            announcedIn += Array(repeating: index, count: result?.newlyRecognized.count ?? 0)
        }
        // The first at once; the second once both were measured in frames spanning 0.5 s (frames 0 to 15).
        #expect(announcedIn == [0, 15])
        #expect(session.recognized.count == 2)

        var configuration = ScanSessionConfiguration()
        configuration.twinConfirmation = .immediate
        let immediate = try ScanSession(configuration: configuration)
        let first = try immediate.process(two, frameNumber: 1, time: 0, frameSize: frameSize)
        #expect(first?.newlyRecognized.count == 2, "with .immediate both count in their first frame")
    }

    @Test("A new label among identical ones counts while one of them is missed in some frames (Micro QR clip: 18 labels)")
    func newCopyWhileAnotherIsMissed() throws {
        let session = try ScanSession()
        let a = code("COPIES", at: Point(x: 100, y: 100)), b = code("COPIES", at: Point(x: 300, y: 100))
        let c = code("COPIES", at: Point(x: 500, y: 100))
        // a and b are recognized; c appears, and b is missed in every third frame from then on
        // (only predicted there): c is a third label, not b read elsewhere.
        var frames: [[Detection]] = [[a, b], [a, b]]
        for index in 0..<24 { frames.append(index % 3 == 0 ? [a, c] : [a, b, c]) }
        for (index, detections) in frames.enumerated() {
            _ = try session.process(detections, frameNumber: index + 1, time: Double(index) / 30, frameSize: frameSize)
        }
        #expect(session.recognized.count == 3)
    }

    @Test("A PDF417 read as two strips of rows for 7 frames (1-hour soak, frame 68198) is announced once")
    func labelReadAsTwoStripsCountsOnce() throws {
        func pdf417(_ corners: [(Double, Double)]) -> Detection { code("1234567890", as: .pdf417, corners: corners) }
        // The soak's quads: two strips alike in size 3 px apart, as two stacked labels would be.
        let top = pdf417([(345, 415), (637, 415), (637, 477), (345, 435)])
        let bottom = pdf417([(342, 480), (636, 490), (636, 546), (339, 536)])
        let whole = pdf417([(345, 415), (637, 415), (636, 546), (339, 536)])
        let session = try ScanSession()
        var announced = 0, frame = 0
        for detections in Array(repeating: [top, bottom], count: 7) + Array(repeating: [whole], count: 40) {
            let result = try session.process(detections, frameNumber: frame + 1, time: Double(frame) / 30, frameSize: frameSize)
            #expect(frame >= 7 || result?.tracks.count == 2, "the strips are two tracks while they are read apart")
            announced += result?.newlyRecognized.count ?? 0
            frame += 1
        }
        #expect(announced == 1)
        #expect(session.recognized.count == 1)
    }

    @Test("A crumpled EAN-13 read as two strips of rows with its crease between them is counted once (station photo scene, seed 3)")
    func creasedLabelReadAsStripsCountsOnce() throws {
        func ean13(_ x: Double, _ rows: ClosedRange<Double>) -> Detection {
            code(
                "8480010045062", as: .ean13,
                corners: [(x, rows.lowerBound), (x + 242, rows.lowerBound), (x + 242, rows.upperBound), (x, rows.upperBound)])
        }
        // The scene's quads, moving 8 px a frame: the lower strip (41 px high) and the upper one
        // (21-36 px), 3-6 px apart or overlapping, for 25 frames; then the upper strip is lost.
        let upper: [ClosedRange<Double>] = [332...353, 333...369, 332...355]
        let lower: [ClosedRange<Double>] = [359...400, 338...399, 358...400, 360...403]
        let session = try ScanSession()
        var announced = 0
        for frame in 0..<40 {
            let x = 40 + 8 * Double(frame)
            var detections = [ean13(x, lower[frame % lower.count])]
            if frame < 25 { detections.append(ean13(x + 2, upper[frame % upper.count])) }
            let result = try session.process(detections, frameNumber: frame + 1, time: Double(frame) / 30, frameSize: frameSize)
            announced += result?.newlyRecognized.count ?? 0
        }
        #expect(announced == 1)
        #expect(session.recognized.count == 1)

        // Two whole labels of that payload stacked as closely stay two.
        let twins = try ScanSession()
        for frame in 0..<40 {
            let x = 40 + 8 * Double(frame)
            _ = try twins.process(
                [ean13(x, 300...341), ean13(x, 347...388)], frameNumber: frame + 1, time: Double(frame) / 30, frameSize: frameSize)
        }
        #expect(twins.recognized.count == 2)
    }

    @Test("A twin confirmation out of range is refused when the session is created")
    func twinConfirmationValidated() {
        for rule in [ScanSessionConfiguration.TwinConfirmation(frames: 0, seconds: 0.5), .init(frames: 3, seconds: -1),
                     .init(frames: 3, seconds: .nan), .init(frames: 65, seconds: 0)] {
            var configuration = ScanSessionConfiguration()
            configuration.twinConfirmation = rule
            #expect(throws: TrackingError.self) { try ScanSession(configuration: configuration) }
        }
    }

    @Test("Two identical labels that leave the view and come back are counted once each (a whip pan over a pallet)")
    func identicalLabelsBackCountOnce() throws {
        let session = try ScanSession()
        let pallet = [code("SAME", at: Point(x: 300, y: 300)), code("SAME", at: Point(x: 600, y: 300)),
                      code("B", at: Point(x: 450, y: 150)), code("C", at: Point(x: 450, y: 450))]
        let moved = pallet.map { detection in
            code(detection.barcode!.data!, at: detection.location.center + Point(x: 250, y: 100))
        }
        var frames = Array(repeating: pallet, count: 30)
        frames += Array(repeating: [], count: 21)
        frames += Array(repeating: moved, count: 30)
        var announced = 0
        for (index, detections) in frames.enumerated() {
            let result = try session.process(detections, frameNumber: index + 1, time: Double(index) / 30, frameSize: frameSize)
            announced += result?.newlyRecognized.count ?? 0
        }
        #expect(announced == 4)
        #expect(session.recognized.count == 4)
    }
}
