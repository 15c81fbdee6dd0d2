package import BarcodeTracking

/// Reads of short 1-D codes that are really the first bars of a longer code cut by
/// the searched region's border.
extension TrackingEngine {
    /// `report` without its reads of a symbology that a longer code can contain
    /// (``cutReadMargin(for:width:)``) whose start or end lies on the border of `searched`
    /// (frame pixels, clipped to the `width` × `height` frame): what was read may be the
    /// first bars of a longer code that goes on past the border. Seen on the pallet's
    /// EAN-13 `3560070169443` cut by the frame's right edge just after its middle guard:
    /// zxing-cpp 1.4 read its left half as the UPC-E `15600703` on several frames in a row,
    /// enough to pass the 1-D verification rule; the gap between the read's end and the
    /// frame's edge was 0 to 1.8 modules. A real code keeps its quiet zone inside the
    /// region, and one that a region cuts is read later in another region (tiles overlap,
    /// the whole frame is searched regularly) or once the view moves. A read whose symbology
    /// and payload are in `confirmed` is kept: that code was read whole in the view before
    /// (``ShortCode``), and a code at the frame's edge is what it was (the sheet's UPC-E in a
    /// pan, read by decoding every frame on 4 frames with its end on the frame's right edge).
    static func droppingCutReads(_ report: DetectionReport, searched: Rect, width: Int, height: Int,
                                 confirmed: Set<ShortCode> = []) -> DetectionReport {
        guard report.detections.contains(where: { $0.barcode.map(ShortCode.applies(to:)) ?? false }),
              let region = searched.intersection(Rect(x: 0, y: 0, width: Double(width), height: Double(height))) else {
            return report
        }
        var kept = report
        kept.detections.removeAll { detection in
            guard let barcode = detection.barcode, !confirmed.contains(ShortCode(barcode)) else { return false }
            return isCut(detection.location, by: region, symbology: barcode.symbology)
        }
        return kept
    }

    /// Whether the middle of the quad's start side (top-left to bottom-left, in the
    /// code's own corner order) or of its end side lies within
    /// ``cutReadMargin(for:width:)`` of a side of `region` (frame pixels); never for a
    /// symbology no longer code contains.
    package static func isCut(_ quad: Quadrilateral, by region: Rect, symbology: Symbology) -> Bool {
        let c = quad.corners
        let width = (c[0].distance(to: c[1]) + c[3].distance(to: c[2])) / 2
        guard let margin = cutReadMargin(for: symbology, width: width) else { return false }
        return [(c[0], c[3]), (c[1], c[2])].contains { side in
            let x = (side.0.x + side.1.x) / 2, y = (side.0.y + side.1.y) / 2
            return x - region.x < margin || region.maxX - x < margin || y - region.y < margin || region.maxY - y < margin
        }
    }

    /// How much room (frame pixels) a read of `symbology`, `width` pixels wide, needs between
    /// its start or end and the searched region's border: 5 modules, short of the quiet zones
    /// (7 for UPC-E and EAN-8, 10 for ITF). `nil` for symbologies that no longer code holds:
    /// only UPC-E (51 modules: an EAN-13 or UPC-A's start guard, left half and middle guard),
    /// EAN-8 (67 modules) and ITF (variable length, no mandatory check digit; 5% of its
    /// width) are checked, so an EAN-13 at the frame's edge is still read at once.
    static func cutReadMargin(for symbology: Symbology, width: Double) -> Double? {
        let share: Double
        switch symbology {
        case .upcE: share = 5.0 / 51
        case .ean8: share = 5.0 / 67
        case .itf: share = 0.05
        default: return nil
        }
        return max(2, share * width)
    }

    /// A short 1-D code (one ``cutReadMargin(for:width:)`` checks) by symbology and payload
    /// bytes: one read whole, with room on both sides (``droppingCutReads(_:searched:width:height:confirmed:)``).
    struct ShortCode: Hashable, Sendable {
        let symbology: Symbology
        let bytes: [UInt8]

        init(_ barcode: Barcode) {
            (symbology, bytes) = (barcode.symbology, barcode.bytes)
        }

        /// Whether `barcode` is of a symbology that a longer code can contain.
        static func applies(to barcode: Barcode) -> Bool {
            TrackingEngine.cutReadMargin(for: barcode.symbology, width: 1) != nil
        }
    }

    /// The short codes read whole within ``shortCodeMemory`` seconds of frame `time`; older ones forgotten.
    func confirmedShortCodes(at time: Double) -> Set<ShortCode> {
        state.withLock { state in
            state.linear.shortCodes = state.linear.shortCodes.filter { time - $0.value <= Self.shortCodeMemory && $0.value <= time }
            return Set(state.linear.shortCodes.keys)
        }
    }

    /// Records the short codes among a frame's final `detections` (frame time `time`): each
    /// was read whole (its search's border did not cut it) or is one confirmed already.
    static func confirm(_ detections: [Detection], at time: Double, in linear: inout State.LinearCodes) {
        for barcode in detections.compactMap(\.barcode) where ShortCode.applies(to: barcode) {
            linear.shortCodes[ShortCode(barcode)] = time
        }
    }

    /// Seconds of frame time a short code read whole stays confirmed after its last read:
    /// as long as the tracker's default identity memory (`--identity-memory`).
    static let shortCodeMemory = 30.0
}
