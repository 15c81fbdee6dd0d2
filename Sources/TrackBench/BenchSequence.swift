import BarcodeTracking

/// One code of the reference in one frame (ground truth for synthetic scenes,
/// the baseline's decode for files). Geometry in frame pixels.
struct BenchTruthObject: Sendable {
    /// Stable identity of the physical code (scene instance, or payload rank for files), from 1.
    var id: Int
    /// The code's text.
    var payload: String
    /// The code's corners in frame pixels.
    var location: Quadrilateral
    /// Whether the whole code is inside the frame and not occluded.
    var fullyVisible: Bool
}

/// What a pipeline reported for one track in one frame. Geometry in frame pixels.
struct BenchReportedTrack: Sendable {
    /// The pipeline's track id.
    var id: Int
    /// The decoded text, `nil` while the track is located but not decoded.
    var payload: String?
    /// Reported corners in frame pixels.
    var location: Quadrilateral
    /// The corners the pipeline predicts for the next frame.
    var predicted: Quadrilateral
    /// Whether `location` was measured in this frame (`TrackState.tracked`), not extrapolated.
    var measured: Bool
    /// Whether the track's symbology is read in rows (``Symbology/readsPartialRows``: 1-D
    /// codes and PDF417), so that its quad may be one band of the code's rows.
    var readsPartialRows = false
}

/// A whole sequence as the metrics see it: reference and reports, frame by frame (index 0 = frame 1).
struct BenchSequence: Sendable {
    var truth: [[BenchTruthObject]]
    var reported: [[BenchReportedTrack]]
    /// Don't-care boxes per frame, frame pixels: where a reference made of decodes has a
    /// code unread between two reads (see ``BenchReferenceGaps``); empty for ground truth.
    var ignored: [[Rect]] = []

    /// Reference boxes per frame for MOT scoring: every reference object, bounding box of its quad.
    var truthBoxes: [[(id: Int, box: Rect)]] {
        truth.map { frame in frame.map { ($0.id, $0.location.boundingBox) } }
    }

    /// Tracker boxes per frame for MOT scoring: measured tracks only (as `track --format mot` writes them),
    /// less those on a don't-care box (IoU ≥ 0.5) and on no reference box.
    var reportedBoxes: [[(id: Int, box: Rect)]] {
        reported.enumerated().map { index, frame in
            let dontCare = index < ignored.count ? ignored[index] : []
            let reference = index < truth.count ? truth[index].map(\.location.boundingBox) : []
            return frame.filter(\.measured).map { ($0.id, $0.location.boundingBox) }.filter { _, box in
                let threshold = BenchMOTMetrics.iouThreshold
                return !dontCare.contains { $0.iou(box) >= threshold } || reference.contains { $0.iou(box) >= threshold }
            }
        }
    }
}

extension TrackedBarcode {
    /// This track as the benchmark records it.
    var benchReport: BenchReportedTrack {
        BenchReportedTrack(id: id.rawValue, payload: barcode.map(\.benchText), location: location,
                           predicted: predictedLocation, measured: state == .tracked,
                           readsPartialRows: barcode?.symbology.readsPartialRows ?? false)
    }
}

extension Barcode {
    /// The text compared with ground-truth payloads: the decoded text, or the bytes as Latin-1.
    var benchText: String { data ?? String(decoding: bytes, as: UTF8.self) }
}
