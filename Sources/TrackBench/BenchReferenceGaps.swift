import BarcodeTracking

/// The frames in which a decoded reference code went unread between two reads of it.
///
/// A reference made of decodes (the baseline's, or another decoder's) has no box for a
/// code in the frames where motion blur or a glare kept it from being read, although the
/// code was there: a tracker that follows it through those frames is right, and one that
/// does not is not wrong either. Like the distractors of MOTChallenge, these boxes are
/// "don't care": a tracker box over one is left out of the MOT scoring, neither a match nor
/// a false positive. Gaps are those of one reference identity, so at most
/// ``BenchReferenceLinker/maximumGap`` frames long; the box is the bounding boxes of the reads on
/// either side, interpolated linearly by frame.
enum BenchReferenceGaps {
    /// Per frame (index 0 = frame 1), the don't-care boxes of `truth`, in frame pixels.
    static func bridged(_ truth: [[BenchTruthObject]]) -> [[Rect]] {
        var boxes = [[Rect]](repeating: [], count: truth.count)
        var last: [Int: (index: Int, box: Rect)] = [:]
        for (index, objects) in truth.enumerated() {
            for object in objects {
                let box = object.location.boundingBox
                if let previous = last[object.id], index - previous.index > 1 {
                    let span = Double(index - previous.index), a = previous.box
                    for between in previous.index + 1..<index {
                        let t = Double(between - previous.index) / span
                        let mix = { (from: Double, to: Double) in from + (to - from) * t }
                        boxes[between].append(Rect(x: mix(a.x, box.x), y: mix(a.y, box.y),
                                                   width: mix(a.width, box.width), height: mix(a.height, box.height)))
                    }
                }
                last[object.id] = (index, box)
            }
        }
        return boxes
    }
}
