import BarcodeAnnotation
import BarcodeTracking
import FrameSources

/// `--annotate OUT`: each processed frame with outlines, ids and overlay
/// rectangles drawn on it, encoded as a video; or, for `--record OUT`, each
/// processed frame as it came in (luma), to replay later with `--input` or `track bench --input`.
final class AnnotationWriter {
    private let writer: VideoWriter
    private let annotator: FrameAnnotator?
    private let scanArea: ScanArea?
    private let option: String
    private(set) var failure: String?

    /// `annotated` false writes the frames untouched (`--record`); otherwise `scanArea`
    /// (when given) is drawn as guides: the area after margins, the point of interest
    /// as a cross, and the location selection.
    init(path: String, size: Size, frameRate: Double, scanArea: ScanArea?, annotated: Bool = true) throws {
        writer = try VideoWriter(path: path, width: Int(size.width), height: Int(size.height), frameRate: frameRate)
        self.scanArea = scanArea
        // Located-only codes grey and dashed, as scanning apps show codes they cannot read yet.
        annotator = annotated ? FrameAnnotator(style: AnnotationStyle(locatedColor: RGBColor(gray: 150), locatedDash: 8)) : nil
        option = annotated ? "--annotate" : "--record"
    }

    /// Writes one frame; `overlays` are the plans (frame pixels) of the overlays alive in it.
    func write(_ result: ScanFrameResult, overlays: [OverlayPlan] = []) {
        guard failure == nil, let image = result.image else { return }
        do {
            if let annotator {
                var rgb = annotator.annotated(image, tracks: result.tracks, overlays: overlays)
                if let scanArea {
                    let guides = scanArea.guides(in: result.frameSize)
                    var radius: Double?, rectangle: Rect?
                    switch guides.selection {
                    case .none: break
                    case .circle(_, let r): radius = r
                    case .rectangle(let rect): rectangle = rect
                    }
                    annotator.drawGuides(on: &rgb, scanArea: guides.scanArea, pointOfInterest: guides.pointOfInterest,
                                         selectionRadius: radius, selectionRectangle: rectangle)
                }
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
