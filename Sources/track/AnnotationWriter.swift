import BarcodeTracking
import FrameSources

/// `--annotate OUT`: each processed frame with outlines, ids and overlay
/// rectangles drawn on it, encoded as a video.
final class AnnotationWriter {
    private let writer: VideoWriter
    private let annotator = FrameAnnotator()
    private let planner: OverlayPlanner?
    private var plans: [OverlayPlan] = []
    private(set) var failure: String?

    init(path: String, size: Size, frameRate: Double, planner: OverlayPlanner?) throws {
        writer = try VideoWriter(path: path, width: Int(size.width), height: Int(size.height), frameRate: frameRate)
        self.planner = planner
    }

    func write(_ result: ScanFrameResult) {
        guard failure == nil, let image = result.image else { return }
        plans.removeAll(keepingCapacity: true)
        planner?.plan(result.tracks, into: &plans)
        let rgb = annotator.annotated(image, tracks: result.tracks, overlays: plans)
        do {
            try writer.appendRGB(width: rgb.width, height: rgb.height, pixels: rgb.pixels, time: result.time)
        } catch {
            failure = error.description
            StandardError.print("track: --annotate stopped: \(error.description)")
        }
    }

    func finish() {
        do { try writer.finish() } catch { StandardError.print("track: --annotate: \(error.description)") }
    }
}
