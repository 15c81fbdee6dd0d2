import BarcodeDecoding
import BarcodeTracking

/// Reading 1-D codes whose modules are too fine to read at the frame's size
/// (``TrackingEngineConfiguration/readsFineBarsStretched``).
///
/// zxing-cpp measures bars in whole pixels along each row. A 1-D code whose modules are about
/// 2 frame pixels wide, its edges at a half-pixel phase, blurs each narrow bar over 1 to 3 pixels
/// and no row of it decodes, in any frame it crosses, nor in a thorough read of the frame (the
/// station scene's Code 128 lot labels at 2 px a module). Its rows stretched 5 times along x by
/// linear interpolation keep each edge's sub-pixel place, and the same reader then reads it on
/// nearly every frame (169 of 170 sampled frames of four such labels; stretched 3 times, 101, about
/// as many as an enlargement 3 times both ways, at a third of its cost). So the engine reads one
/// such region a frame stretched: a code-like region no track covers whose edges run across
/// (upright bars), small enough to stretch, each one waiting
/// longer after each read in vain as a symbol outline does. A code found that way is read
/// stretched in its close window while its window read misses it.
///
/// Regions are read so on a fixed camera's view only (one searched where it changed,
/// ``TrackingEngineConfiguration/searchesWhereViewChanged``): there a code crosses the view at
/// the same scale and phase, and a read at the frame's size that misses it once misses it on
/// every frame, while a hand-held view changes both from frame to frame and gives those reads
/// other chances. On the photo scenes (hand-held, panned, zoomed) region reads stretched found
/// no code and cost 0.2 to 0.45 ms a frame.
extension TrackingEngine {
    /// How many times a fine 1-D code's rows are stretched along x.
    static let fineBarStretch = 5

    /// The least share of a region's strong edges that run across (``CodeLikenessMap/acrossShare(in:)``)
    /// for it to be read stretched: upright bars give nearly 1, 2-D modules, print and texture about 0.5.
    /// A region with at most 1 less this share across (bars turned to run along the rows) is read
    /// turned a quarter and stretched.
    static let fineBarAcrossShare: Float = 0.8

    /// The largest share of the frame's area a region read stretched may cover (with its margin).
    static let fineBarAreaShare = 1.0 / 16

    /// Frames before a region read stretched in vain is read again, the first time
    /// (doubled after each read in vain, ``wait(_:after:)``).
    static let fineBarRetryFrames = 3

    /// The code-like region to read stretched at `frame` (frame pixels, grown by a cell for the
    /// code's ends), if any, and whether its bars run along the rows (`turned`): the best of `all`
    /// (`map`'s candidates, tracked codes hidden) clear of the frame's edge, with edges running
    /// across or along (``fineBarAcrossShare``), small enough, whose wait is over.
    func fineBarRegion(among all: [(region: Rect, score: Float)], in map: CodeLikenessMap, bounds: Rect, frame: Int) -> (rect: Rect, turned: Bool)? {
        let largest = bounds.area * Self.fineBarAreaShare
        let regions = all.compactMap { candidate -> (rect: Rect, turned: Bool)? in
            // A code sliding in at the frame's edge is not whole yet: reads of it in vain would
            // only lengthen its wait.
            guard !Self.touchesEdge(candidate.region, of: bounds) else { return nil }
            let across = map.acrossShare(in: candidate.region)
            guard across >= Self.fineBarAcrossShare || across <= 1 - Self.fineBarAcrossShare else { return nil }
            let grown = Self.grown(candidate.region, by: Double(map.cellSize)).intersection(bounds)
            return grown.flatMap { $0.area <= largest ? ($0, across < 0.5) : nil }
        }
        guard !regions.isEmpty else { return nil }
        let retry = Self.fineBarRetryFrames
        return state.withLock { state in
            state.discovery.triedFineBars.removeAll { frame - $0.frame > Self.forgottenAfter(retry) }
            return Self.firstDue(regions.map(\.rect), tried: &state.discovery.triedFineBars, retry: retry, frame: frame).map { regions[$0] }
        }
    }

    /// Reads `rect` of `image` with its rows stretched ``fineBarStretch`` times along x, the
    /// `hidden` quads (frame pixels) painted out; locations in frame pixels, reads that the
    /// rectangle's border may have cut out of a longer code dropped. `turned`: the rectangle is
    /// turned a quarter first (``TurnedWindow``), for a 1-D code whose bars run along the rows.
    static func stretchedSearch(
        _ image: LumaImage, in rect: Rect, hiding hidden: [Quadrilateral], with reader: BarcodeReader,
        confirmed: Set<ShortCode> = [], turned: Bool = false
    ) throws -> DetectionReport {
        guard let crop = crop(image, to: rect, hiding: hidden.filter { $0.boundingBox.intersects(rect) }) else { return DetectionReport() }
        let origin = Point(x: rect.x.rounded(.down), y: rect.y.rounded(.down))
        func inFrame(_ p: Point) -> Point { Point(x: origin.x + p.x, y: origin.y + p.y) }
        let report: DetectionReport
        if turned {
            guard let turn = TurnedWindow(crop, Rect(x: 0, y: 0, width: Double(crop.width), height: Double(crop.height))) else {
                return DetectionReport()
            }
            report = try stretchedRead(turn.image, with: reader) { inFrame(turn.inFrame($0)) }
        } else {
            report = try stretchedRead(crop, with: reader, toFrame: inFrame)
        }
        return droppingCutReads(report, searched: rect, width: image.width, height: image.height, confirmed: confirmed)
    }

    /// Reads `image` with its rows stretched ``fineBarStretch`` times along x; locations mapped
    /// from `image`'s pixels to the frame's by `toFrame`.
    static func stretchedRead(_ image: LumaImage, with reader: BarcodeReader, toFrame: (Point) -> Point) throws -> DetectionReport {
        guard let stretched = enlarged(image, x0: 0, y0: 0, width: image.width, height: image.height, by: fineBarStretch, rowsOnly: true)
        else { return DetectionReport() }
        var report = try reader.read(stretched)
        let factor = Double(fineBarStretch)
        report.detections = report.detections.map { $0.mapped { toFrame(Point(x: $0.x / factor, y: $0.y)) } }
        return report
    }

    /// `barcode` (the payload of `track`, a 1-D code) read with its close window's rows stretched
    /// (``stretchedSearch(_:in:hiding:with:confirmed:)``): the read of its payload nearest the
    /// prediction, and the memory to follow it by; `nil` when the stretched read misses it too.
    func readStretched(
        _ track: TrackedBarcode, barcode: Barcode, with reader: BarcodeReader, image: LumaImage, bounds: Rect,
        warnings: inout [String]
    ) throws -> (Detection?, TrackMemory?)? {
        guard let rect = Self.closeBox(around: track.predictedLocation).intersection(bounds) else { return nil }
        let report = try Self.stretchedSearch(image, in: rect, hiding: [], with: reader)
        warnings += report.warnings
        let predicted = track.predictedLocation.center
        guard
            let own = report.detections.compactMap(\.barcode).filter({ $0.bytes == barcode.bytes })
                .min(by: { $0.location.center.distance(to: predicted) < $1.location.center.distance(to: predicted) })
        else { return nil }
        var measured = barcode
        measured.location = own.location
        measured.orientation = own.orientation
        let template = CodeTemplate(image: image, box: own.location.boundingBox)
        return (Detection(barcode: measured), TrackMemory(template: template, quadAtTemplate: own.location, readsStretched: true))
    }
}
