import BarcodeTracking
import Foundation
import Testing

/// A live source that drops frames itself (a camera's driver, a paced file or scene that fell
/// behind) leaves gaps in its frame numbers; the processor counts them as dropped.
struct FrameProcessorSourceDropTests {
    /// Live frames numbered as given, each `interval` seconds after the one before.
    final class NumberedSource: FrameSource {
        let name = "numbered"
        let isLive: Bool
        let damagedFrameCount = 0
        private var numbers: [Int]
        private let interval: Double

        init(numbers: [Int], isLive: Bool = true, interval: Double = 0.01) {
            self.numbers = numbers
            self.isLive = isLive
            self.interval = interval
        }

        func nextFrame() throws -> Frame? {
            guard !numbers.isEmpty else { return nil }
            let number = numbers.removeFirst()
            if interval > 0 { Thread.sleep(forTimeInterval: interval) }
            return Frame(number: number, time: Double(number) / 30, image: try LumaImage(width: 64, height: 48))
        }

        func close() {}
    }

    struct NoCodes: BarcodeDetector {
        func detect(in image: LumaImage, region: Rect?) throws -> [Detection] { [] }
    }

    @Test("Gaps in a live source's frame numbers are dropped frames: processed plus dropped is the last number")
    func gapsAreCountedAsDropped() async throws {
        let session = try ScanSession()
        let numbers = [1, 2, 5, 6, 10, 11, 12, 20]
        let processor = FrameProcessor(source: NumberedSource(numbers: numbers), detector: NoCodes(), session: session)
        processor.start()
        let summary = try #require(await processor.finalSummary())
        #expect(summary.framesProcessed + summary.framesDropped == 20)
        #expect(summary.framesDropped >= 12, "2 + 3 + 7 numbers were never delivered")
        #expect(summary.framesDroppedBySource == 12, "the source's gaps, told apart from the pipeline's drops")
    }

    @Test("A live source whose numbering starts late counts the frames before its first as dropped")
    func lateFirstFrame() async throws {
        let session = try ScanSession()
        let processor = FrameProcessor(source: NumberedSource(numbers: [4, 5]), detector: NoCodes(), session: session)
        processor.start()
        let summary = try #require(await processor.finalSummary())
        #expect(summary.framesProcessed + summary.framesDropped == 5)
        #expect(summary.framesDroppedBySource == 3)
    }

    @Test("A file (not live) is never charged with drops for its numbering")
    func filesAreNotCharged() async throws {
        let session = try ScanSession()
        let processor = FrameProcessor(source: NumberedSource(numbers: [1, 3, 7], isLive: false, interval: 0),
                                       detector: NoCodes(), session: session)
        processor.start()
        let summary = try #require(await processor.finalSummary())
        #expect(summary.framesProcessed == 3 && summary.framesDropped == 0)
    }
}
