import BarcodeAnnotation
import BarcodeTracking
import FrameSources

/// `--annotate OUT`: each processed frame with outlines, ids and overlay
/// rectangles drawn on it, encoded as a video; or, for `--record OUT`, each
/// processed frame as it came in (luma), to replay later with `--input` or `track bench --input`.
final class AnnotationWriter {
    private let writer: VideoWriter
    private let annotator: FrameAnnotator?
    private let planner: OverlayPlanner?
    private let option: String
    private var plans: [OverlayPlan] = []
    private(set) var failure: String?

    /// `annotated` false writes the frames untouched (`--record`).
    init(path: String, size: Size, frameRate: Double, planner: OverlayPlanner?, annotated: Bool = true) throws {
        writer = try VideoWriter(path: path, width: Int(size.width), height: Int(size.height), frameRate: frameRate)
        self.planner = planner
        annotator = annotated ? FrameAnnotator() : nil
        option = annotated ? "--annotate" : "--record"
    }

    func write(_ result: ScanFrameResult) {
        guard failure == nil, let image = result.image else { return }
        do {
            if let annotator {
                plans.removeAll(keepingCapacity: true)
                planner?.plan(result.tracks, into: &plans)
                let rgb = annotator.annotated(image, tracks: result.tracks, overlays: plans)
                try writer.appendRGB(width: rgb.width, height: rgb.height, pixels: rgb.pixels, time: result.time)
            } else {
                try writer.append(image, time: result.time)
            }
        } catch {
            failure = error.description
            StandardError.print("track: \(option) stopped: \(error.description)")
        }
    }

    /// Closes the video; a failure here (the last packets or the trailer not written) is recorded in ``failure``.
    func finish() {
        do { try writer.finish() } catch {
            StandardError.print("track: \(option): \(error.description)")
            if failure == nil { failure = error.description }
        }
    }
}
