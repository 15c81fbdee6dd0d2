import BarcodeTracking
import Testing

/// A recognized code that comes back while its old track is still predicted is the same code.
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

    @Test("Two labels with one payload measured in the same frame still count as two")
    func twinsMeasuredTogetherCountTwice() throws {
        let session = try ScanSession()
        let two = [code("SAME", at: Point(x: 100, y: 100)), code("SAME", at: Point(x: 700, y: 400))]
        for index in 0..<3 {
            _ = try session.process(two, frameNumber: index + 1, time: Double(index + 1) / 30, frameSize: frameSize)
        }
        #expect(session.recognized.count == 2)
    }
}
