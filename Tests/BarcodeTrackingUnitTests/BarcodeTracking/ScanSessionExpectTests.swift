import Testing
import BarcodeTracking

/// `expectedCount`: exactly that many codes, the ones nearest the point of interest
/// when more arrive in the completing frame.
struct ScanSessionExpectTests {
    @Test("When more codes arrive together than are missing, the nearest to the point of interest are taken")
    func nearestToPointOfInterestFirst() throws {
        var configuration = ScanSessionConfiguration()
        configuration.expectedCount = 2
        configuration.scanArea = try ScanArea(pointOfInterest: .fraction(x: 0.9, y: 0.5))
        let session = try ScanSession(configuration: configuration)
        // Point of interest at (576, 240) in the 640x480 frame.
        let frame = [code("FAR", at: Point(x: 60, y: 240)), code("MID", at: Point(x: 300, y: 240)),
                     code("NEAR", at: Point(x: 560, y: 250))]
        let result = try #require(try session.process(frame, frameNumber: 1, time: 0, frameSize: frameSize))
        #expect(result.newlyRecognized.map(\.barcode.data) == ["NEAR", "MID"])
        #expect(session.isFinished)
        #expect(session.summary?.recognized.map(\.barcode.data) == ["NEAR", "MID"])
        #expect(session.summary?.reason == .completed)
    }

    @Test("Without a cap every code of the frame is recognized, in track order")
    func noExpectationNoCap() throws {
        let session = try ScanSession()
        let frame = [code("A", at: Point(x: 60, y: 240)), code("B", at: Point(x: 300, y: 240)), code("C", at: Point(x: 560, y: 250))]
        let result = try #require(try session.process(frame, frameNumber: 1, time: 0, frameSize: frameSize))
        #expect(result.newlyRecognized.map(\.barcode.data) == ["A", "B", "C"])
    }
}
