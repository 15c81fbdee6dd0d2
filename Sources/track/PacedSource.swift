import BarcodeTracking
import Foundation

/// `--demo --realtime`: delivers the synthetic frames at their frame rate, as a camera would, and
/// reports itself live, so the pipeline drops frames when processing falls behind instead of
/// slowing the clock. Frame times stay those of the scene.
final class PacedSource: FrameSource {
    private let base: any FrameSource
    private var start: Date?
    private var firstTime = 0.0

    init(_ base: any FrameSource) { self.base = base }

    var name: String { base.name }
    var isLive: Bool { true }
    var damagedFrameCount: Int { base.damagedFrameCount }

    func nextFrame() throws -> Frame? {
        guard let frame = try base.nextFrame() else { return nil }
        guard let start else {
            self.start = Date()
            firstTime = frame.time
            return frame
        }
        let wait = (frame.time - firstTime) - Date().timeIntervalSince(start)
        if wait > 0 { Thread.sleep(forTimeInterval: wait) }
        return frame
    }

    func close() { base.close() }
}
