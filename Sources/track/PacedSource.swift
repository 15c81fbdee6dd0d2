import BarcodeTracking
import Foundation

/// `--demo --realtime`: delivers the synthetic frames at their frame rate, as a camera would, and
/// reports itself live, so the pipeline drops frames when processing falls behind instead of
/// slowing the clock. Frame times stay those of the scene.
///
/// A camera does not wait for its reader either: when rendering itself falls behind (a loaded
/// machine), frames more than ``lateFrameTolerance`` late are not rendered at all. Their numbers
/// stay unused, and the pipeline counts the gaps as dropped frames, as for a camera's driver.
/// Without that, the scene's clock slipped: an hour's run took longer and lost nothing on paper.
final class PacedSource: ForwardingSource {
    let base: any FrameSource
    private let frameRate: Double
    private let skip: () -> Bool
    /// How late (seconds) a frame may be before it is dropped; as `MediaFileSource`'s default.
    let lateFrameTolerance = 0.1
    private var start: Date?
    private var firstTime = 0.0
    /// Frames delivered or dropped since the first one.
    private var index = 0

    /// Paces `base`, whose frames are `1 / frameRate` seconds apart; `skip` moves `base` past its
    /// next frame without producing it, and returns false (skipping nothing) when that frame is
    /// the last one: the last frame is always delivered, so its number accounts for every drop.
    init(_ base: any FrameSource, frameRate: Double, skip: @escaping () -> Bool) {
        self.base = base
        self.frameRate = frameRate
        self.skip = skip
    }

    var isLive: Bool { true }
    var nominalFrameRate: Double? { frameRate }

    func nextFrame() throws -> Frame? {
        if let start {
            // The next frame is due `index / frameRate` seconds after the first.
            while Date().timeIntervalSince(start) - Double(index) / frameRate > lateFrameTolerance, skip() {
                index += 1
            }
        }
        guard let frame = try base.nextFrame() else { return nil }
        index += 1
        guard let start else {
            self.start = Date()
            firstTime = frame.time
            return frame
        }
        let wait = (frame.time - firstTime) - Date().timeIntervalSince(start)
        if wait > 0 { Thread.sleep(forTimeInterval: wait) }
        return frame
    }
}
