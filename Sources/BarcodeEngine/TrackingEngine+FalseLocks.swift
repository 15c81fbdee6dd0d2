package import BarcodeTracking

/// Correlation matches that the frame's own decodes contradict.
extension TrackingEngine {
    /// `measured` without the correlation matches (``BarcodeTracking/Detection/isFreshRead``
    /// `false`) that overlap a code decoded in this frame at another spot: two codes never
    /// overlap, so such a match locked onto part of a code and its surroundings. Seen when
    /// the view jumps further between two frames than the code's prediction allows for (a
    /// camera at a few frames per second, a paced run that drops frames): a Data Matrix
    /// template scored 0.8 at a local peak 23 pixels off, a third of it over the code, which
    /// sat 60 pixels from the prediction. Dropped, the code's own fresh read continues the
    /// track (``BarcodeTracking/TrackerConfiguration/reacquisitionGateFactor``) instead of
    /// starting a second track that the session would announce again.
    ///
    /// A fresh read counts when it is a 2-D code (zxing-cpp 1.4 gives 1-D reads quads
    /// that can reach across half the frame) or carries the match's own payload.
    package static func droppingFalseLocks(_ measured: [Detection]) -> [Detection] {
        let fresh = measured.filter { $0.isFreshRead && $0.barcode != nil }
        guard !fresh.isEmpty, measured.contains(where: { !$0.isFreshRead }) else { return measured }
        return measured.filter { match in
            guard !match.isFreshRead, let barcode = match.barcode else { return true }
            return !fresh.contains { read in
                guard let other = read.barcode,
                      !other.symbology.isLinear || (other.symbology == barcode.symbology && other.bytes == barcode.bytes) else { return false }
                let partialRead = other.symbology.readsPartialRows
                return !match.location.isSameCode(as: read.location, partialRead: partialRead)
                    && overlapShare(of: match.location, inside: read.location) >= falseLockOverlap
            }
        }
    }

    /// The share of a correlation match's area (sampled on a 5 × 5 grid, so 2 of 25
    /// points) that must lie inside a code decoded elsewhere for the match to be dropped.
    /// A right match lies on its code, and neighbouring labels are kept apart by their
    /// quiet zones, so any real overlap means a wrong one.
    static let falseLockOverlap = 0.08

    /// The share (0...1) of 25 points spread evenly over `quad` that lie inside `other`.
    static func overlapShare(of quad: Quadrilateral, inside other: Quadrilateral) -> Double {
        guard other.boundingBox.intersects(quad.boundingBox) else { return 0 }
        let c = quad.corners
        var inside = 0
        for i in 0..<5 {
            for j in 0..<5 {
                let u = (Double(i) + 0.5) / 5, v = (Double(j) + 0.5) / 5
                // Bilinear over the corners (top-left, top-right, bottom-right, bottom-left).
                let top = c[0] + (c[1] - c[0]) * u, bottom = c[3] + (c[2] - c[3]) * u
                if other.contains(top + (bottom - top) * v) { inside += 1 }
            }
        }
        return Double(inside) / 25
    }
}
