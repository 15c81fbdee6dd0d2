import BarcodeDecoding
package import BarcodeTracking

/// How the engine searches for new codes: candidate regions, strips, tiles,
/// masks over tracked codes, and the tests that tell a new code from a re-read.
extension TrackingEngine {
    /// The code-like regions of `map`'s frame that no tracked code covers, best first,
    /// within the per-frame count and area budget. A region searched before (one
    /// overlapping it by more than a third, followed as the view moves) waits
    /// ``TrackingEngineConfiguration/candidateRetryFrames`` frames, doubled for each
    /// search in a row that found nothing (up to 8 times): print or texture that
    /// looks like a code is not searched every frame, and the whole-frame search
    /// still bounds how long a code that turns readable waits. Two exceptions: a
    /// region that grew by a third since (the camera moved closer) starts over, and
    /// regions at the frame's edge (a code sliding into view reads as soon as it is
    /// whole) fill the slots the others leave, every frame. Slots still free then go to
    /// the other waiting regions, longest waiting first, without lengthening their wait:
    /// small print blurs in and out of readability from frame to frame (the symbology
    /// sheet's photo scenes: hand-held 94.7% → 96.8% of the baseline's reads).
    ///
    /// `all` are the frame's candidates (``CodeLikenessMap/candidates(in:hiding:minimumCells:)``,
    /// tracked codes hidden), made once for these searches and ``fineBarRegion(among:in:bounds:frame:)``.
    func candidateRegions(among all: [(region: Rect, score: Float)], bounds: Rect, frame: Int) -> [Rect] {
        let retry = configuration.candidateRetryFrames
        return state.withLock { state in
            state.discovery.triedRegions.removeAll { frame - $0.frame > Self.forgottenAfter(retry) }
            var chosen: [Rect] = []
            var area = 0.0
            let budget = bounds.area * configuration.candidateAreaBudget
            func fits(_ region: Rect) -> Bool {
                chosen.count < configuration.candidateRegionsPerFrame
                    && (area + region.area <= budget || chosen.isEmpty && region.area <= 2 * budget)
            }
            var entering: [(region: Rect, seen: Int)] = [], waitingRegions: [(region: Rect, seen: Int)] = []
            for (region, _) in all where fits(region) {
                let seen = state.discovery.triedRegions.firstIndex { $0.region.iou(region) > 1.0 / 3 }
                if let seen {
                    let tried = state.discovery.triedRegions[seen]
                    let grew = region.area > tried.region.area * Self.regrowthFactor
                    guard grew || frame - tried.frame >= Self.wait(retry, after: tried.failures) else {
                        if Self.touchesEdge(region, of: bounds) {
                            entering.append((region, seen))
                        } else {
                            waitingRegions.append((region, seen))
                        }
                        continue
                    }
                    state.discovery.triedRegions[seen] = (region, frame, grew ? 1 : tried.failures + 1)
                } else {
                    state.discovery.triedRegions.append((region, frame, 1))
                }
                chosen.append(region)
                area += region.area
            }
            for (region, seen) in entering where fits(region) {
                // Follows the region without lengthening its wait: it is searched because of
                // where it is, not because its time came.
                state.discovery.triedRegions[seen].region = region
                state.discovery.triedRegions[seen].frame = frame
                chosen.append(region)
                area += region.area
            }
            // Slots still free: the regions waiting longest since their last search, without
            // lengthening their wait (print that blurs in and out of readability).
            let waiting = waitingRegions.sorted {
                state.discovery.triedRegions[$0.seen].frame < state.discovery.triedRegions[$1.seen].frame
            }
            for (region, seen) in waiting where fits(region) && !chosen.contains(where: { $0.iou(region) > 1.0 / 3 }) {
                state.discovery.triedRegions[seen].region = region
                state.discovery.triedRegions[seen].frame = frame
                chosen.append(region)
                area += region.area
            }
            return chosen
        }
    }

    /// The regions among `regions` (a frame's candidate regions) to read in a reader process
    /// at `frame` for the symbologies the in-process reads leave out (`track`'s PDF417): at
    /// most ``isolatedRegionsPerFrame`` of those (not empty) at least half again as wide as tall, the one
    /// read longest ago first (a region overlapping an earlier one by more than a third,
    /// followed as the view moves, is that one; one grown by ``regrowthFactor`` since counts as
    /// never read), then the widest for its height. The widest
    /// alone was the same print frame after frame while a PDF417 sliding in at the frame's
    /// edge waited for the next full-size whole-frame search (photo clips: 3 frames).
    func isolatedRegions(among regions: [Rect], frame: Int) -> [Rect] {
        let wide = regions.filter { $0.height > 0 && $0.width >= 1.5 * $0.height }
        guard !wide.isEmpty else { return [] }
        return state.withLock { state in
            state.discovery.isolatedRegions.removeAll { frame - $0.frame > Self.forgottenAfter(configuration.candidateRetryFrames) }
            let seen = wide.map { region in state.discovery.isolatedRegions.firstIndex { $0.region.iou(region) > 1.0 / 3 } }
            // When each was read last; never, first, and so is one that grew by a third since (a
            // code sliding in at the frame's edge grows its region frame by frame).
            let last = zip(wide, seen).map { region, at -> Int in
                guard let at else { return .min }
                let tried = state.discovery.isolatedRegions[at]
                return region.area > tried.region.area * Self.regrowthFactor ? .min : tried.frame
            }
            let order = wide.indices.sorted { a, b in
                last[a] != last[b] ? last[a] < last[b] : wide[a].width / wide[a].height > wide[b].width / wide[b].height
            }
            var chosen: [Rect] = []
            for index in order where chosen.count < Self.isolatedRegionsPerFrame {
                let region = wide[index]
                guard !chosen.contains(where: { $0.iou(region) > 1.0 / 3 }) else { continue }
                if let at = seen[index] {
                    state.discovery.isolatedRegions[at] = (region, frame)
                } else {
                    state.discovery.isolatedRegions.append((region, frame))
                }
                chosen.append(region)
            }
            return chosen
        }
    }

    /// At most this many wide regions a frame are read in a reader process (``isolatedRegions(among:frame:)``).
    static let isolatedRegionsPerFrame = 2

    /// The share of a region's strong edges that must run across (``CodeLikenessMap/acrossShare(in:)``)
    /// for the region to be read in a reader process for PDF417: a PDF417's codewords are bars,
    /// upright in a view the search reads (about 0.6 or more up to a tilt of some 35°), while
    /// square modules, print and texture give about half each way. The threshold sits below
    /// the shares of the PDF417s found on the photo clips and above nearly all regions of the
    /// real clips, which hold none (figures in Benchmarks/LEVERS.md).
    static let isolatedRegionAcrossShare: Float = 0.55

    /// The symbol outline of `map` (``CodeLikenessMap/outlines(in:hiding:minimumCells:)``) to
    /// read upright at `frame`, if any: the largest one no larger than half of `bounds` whose
    /// wait is over. One every ``outlineInterval`` frames, and an outline read before (one
    /// overlapping it by more than a third, followed as the view moves) waits
    /// ``outlineRetryFrames`` frames, doubled for each read in a row, up to 8 times: print that
    /// only looks like a symbol, or a symbol zxing-cpp cannot read even upright, costs a read
    /// every 24 frames at most. (A symbol read is tracked from then on, and no longer outlined.)
    func uprightOutline(in map: CodeLikenessMap, bounds: Rect, known: [Quadrilateral], frame: Int) -> CodeLikenessMap.Outline? {
        guard state.withLock({ frame - $0.discovery.lastOutlineFrame >= Self.outlineInterval }) else { return nil }
        let outlines = map.outlines(in: bounds, hiding: known).filter { $0.box.area <= bounds.area / 2 }
        let retry = Self.outlineRetryFrames
        return state.withLock { state in
            state.discovery.triedOutlines.removeAll { frame - $0.frame > Self.forgottenAfter(retry) }
            guard let due = Self.firstDue(outlines.map(\.box), tried: &state.discovery.triedOutlines, retry: retry, frame: frame) else {
                return nil
            }
            state.discovery.lastOutlineFrame = frame
            return outlines[due]
        }
    }

    /// The index of the first of `boxes` (frame pixels, best first) to read at `frame`: one not
    /// in `tried`, or one whose wait (``wait(_:after:)`` of `retry`) since its last read is over;
    /// that read is recorded in `tried`. A box overlapping a tried one by more than a third is
    /// that one, followed as the view moves.
    static func firstDue(_ boxes: [Rect], tried: inout [(region: Rect, frame: Int, failures: Int)], retry: Int, frame: Int) -> Int? {
        for (index, box) in boxes.enumerated() {
            guard let seen = tried.firstIndex(where: { $0.region.iou(box) > 1.0 / 3 }) else {
                tried.append((box, frame, 1))
                return index
            }
            let last = tried[seen]
            tried[seen].region = box
            guard frame - last.frame >= wait(retry, after: last.failures) else { continue }
            tried[seen] = (box, frame, last.failures + 1)
            return index
        }
        return nil
    }

    /// Frames a region (or outline) searched `searches` times in a row in vain waits before its
    /// next search: `retry`, doubled for each search since the first, up to 8 times `retry`.
    static func wait(_ retry: Int, after searches: Int) -> Int { retry << min(3, searches - 1) }

    /// Frames after which a region (or outline) not searched since is forgotten: twice its
    /// longest wait (``wait(_:after:)``).
    static func forgottenAfter(_ retry: Int) -> Int { 16 * retry }

    /// The largest side (pixels) of the square a symbol outline is resampled to: most reads of
    /// outlines find nothing, and a symbol of up to 64 modules a side keeps 4 pixels a module.
    static let outlineSide = 256

    /// Frames from one upright read of a symbol outline to the next, whichever outline.
    static let outlineInterval = 2

    /// Frames before a symbol outline read in vain is read upright again, the first time
    /// (``uprightOutline(in:bounds:known:frame:)``).
    static let outlineRetryFrames = 3

    /// The symbol `outline` of `image` read upright for the symbologies of `reader` (2-D),
    /// when its dark print makes a quad slanted by ``uprightSlant`` or more and at most twice as
    /// long as wide (a 1-D code or a line of text is longer; ``RegionOutline``): the quad
    /// resampled to a square (``RectifiedCode``), the largest code read there that covers a
    /// quarter of the square or more mapped back to frame pixels.
    static func uprightSearch(_ image: LumaImage, outline: CodeLikenessMap.Outline, with reader: BarcodeReader) throws -> DetectionReport {
        guard let quad = RegionOutline.quad(in: image, outline: outline), quad.slant >= uprightSlant, quad.elongation <= 2,
              let upright = RectifiedCode(image, around: quad, largest: outlineSide) else { return DetectionReport() }
        var report = try reader.read(upright.image, region: nil)
        // The symbol the outline was made for fills much of its square: a read of a small code
        // in it (a sheet of small symbols outlined as one) is left to the other searches.
        let square = Double(upright.image.width * upright.image.height)
        let found = report.detections.compactMap(\.barcode).filter { $0.location.area >= square / 4 }
            .max { $0.location.area < $1.location.area }
        report.detections = found.map { barcode in
            var mapped = barcode
            mapped.location = upright.inFrame(barcode.location)
            return [Detection(barcode: mapped)]
        } ?? []
        return report
    }

    /// Whether the view is steady by the codes in `live` (``TrackingEngineConfiguration/relaxedWholeFrameInterval``):
    /// some decoded code was measured in the previous frame, and the median motion the tracker
    /// predicts for them from there to this frame (each axis's median, frame pixels) is under
    /// ``TrackingEngineConfiguration/steadyViewSpeed`` of `bounds`' shorter side. A pan moves
    /// every code the same way; a hand held still jitters about a place, and the tracker's
    /// velocities, smoothed over frames, stay small.
    package func isSteady(_ live: [TrackedBarcode], bounds: Rect) -> Bool {
        let moves = live.filter { $0.state == .tracked && $0.barcode != nil }.map { $0.predictedLocation.center - $0.location.center }
        guard !moves.isEmpty else { return false }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let motion = Point(x: median(moves.map(\.x)), y: median(moves.map(\.y)))
        return (motion.x * motion.x + motion.y * motion.y).squareRoot() < configuration.steadyViewSpeed * min(bounds.width, bounds.height)
    }

    /// How much larger (area) a code-like region must be than when it was last
    /// searched in vain to be searched again at once (the camera moved closer).
    static let regrowthFactor = 1.3

    /// Whether `region` reaches the edge of `bounds` (within a cell): a code there may
    /// be coming into view, readable as soon as it is whole.
    static func touchesEdge(_ region: Rect, of bounds: Rect) -> Bool {
        let cell = 16.0
        return region.x <= bounds.x + cell || region.y <= bounds.y + cell
            || region.maxX >= bounds.maxX - cell || region.maxY >= bounds.maxY - cell
    }

    /// The 1-D search strip of frame `index`: half the region's height, moving
    /// through it in ``TrackingEngineConfiguration/linearStrips`` steps.
    func strip(_ index: Int, in bounds: Rect) -> Rect {
        let steps = configuration.linearStrips
        guard steps > 1 else { return bounds }
        let height = bounds.height / 2
        let position = Double((index - 1) % steps) / Double(steps - 1)
        return Rect(x: bounds.x, y: bounds.y + (bounds.height - height) * position, width: bounds.width, height: height)
    }

    /// Tile `index` of the 2-D search: a 3 × 2 grid over `bounds`, shifted by
    /// half a tile (and clipped) on odd cycles, each tile grown by 16 pixels.
    package func tile(_ index: Int, in bounds: Rect) -> Rect {
        let columns = 3, rows = 2
        let cell = index % (columns * rows), shifted = (index / (columns * rows)) % 2 == 1
        let width = bounds.width / Double(columns), height = bounds.height / Double(rows)
        let x = bounds.x + Double(cell % columns) * width + (shifted ? width / 2 : 0)
        let y = bounds.y + Double(cell / columns) * height + (shifted ? height / 2 : 0)
        let grown = Rect(x: x - 16, y: y - 16, width: width + 32, height: height + 32)
        return grown.intersection(bounds) ?? bounds
    }

    /// Reads `rect` of `image` with the `hidden` quads (frame pixels) painted out, reduced by
    /// the whole `factor` when it is over 1 (``LumaImage/reduced(by:)``: codes whose modules
    /// stay about 2 pixels wide once reduced, 4 in the frame at factor 2, for about
    /// 1/`factor`² of the cost); locations in frame pixels. Reads of short codes (UPC-E,
    /// EAN-8, ITF) that the rect's border may have cut out of a longer one are dropped
    /// (``droppingCutReads(_:searched:width:height:confirmed:)``), unless `confirmed`.
    static func search(_ image: LumaImage, in rect: Rect, hiding hidden: [Quadrilateral], with reader: BarcodeReader,
                       reducedBy factor: Int = 1, confirmed: Set<ShortCode> = []) throws -> DetectionReport {
        guard let input = SearchInput(image, in: rect, hiding: hidden, reducedBy: factor, for: reader, confirmed: confirmed) else {
            return DetectionReport()
        }
        return input.located(try reader.read(input.image, region: input.region))
    }

    /// What ``search(_:in:hiding:with:reducedBy:)`` hands zxing-cpp, and how its reads map back.
    struct SearchInput: Sendable {
        /// The image read: the frame itself, or a copy of the searched rectangle with the
        /// hidden quads painted out and/or reduced.
        let image: LumaImage
        /// The part of ``image`` read (`nil`: all of it).
        let region: Rect?
        /// Where ``image``'s origin lies in the frame, and the factor it was reduced by.
        let origin: Point, factor: Int
        /// The searched rectangle (frame pixels) and the frame's size.
        let searched: Rect, frameWidth: Int, frameHeight: Int
        /// Short codes read whole before, kept when the rectangle's border cuts them.
        let confirmed: Set<ShortCode>

        /// Side (pixels of the image read) of the blocks zxing-cpp's local-average binarizer,
        /// and the package's copy of it, thresholds 2-D codes by.
        static let binarizerBlock = 8.0

        init?(_ frame: LumaImage, in requested: Rect, hiding hidden: [Quadrilateral], reducedBy factor: Int, for reader: BarcodeReader,
              confirmed: Set<ShortCode> = []) {
            self.confirmed = confirmed
            // For a reader of 2-D codes only, the rectangle's top-left corner moved back onto
            // the frame's grid of binarizer blocks (of the frame reduced by `factor`): the
            // blocks of a window are then the whole frame's, and a 2-D code inside it is
            // thresholded as in the whole frame's read, which decoding every frame makes.
            // Not for a reader of 1-D codes too: zxing-cpp thresholds those row by row, by
            // each row's histogram, which more of the row changes (a Code 93 of the sheet
            // whip that a code-like region read was missed for 4 frames when it was moved).
            let grid = Self.binarizerBlock * Double(max(1, factor))
            let symbologies = reader.options.symbologies
            let matrix = !symbologies.isEmpty && symbologies.allSatisfy { !$0.isLinear }
            let x = matrix ? (requested.x / grid).rounded(.down) * grid : requested.x
            let y = matrix ? (requested.y / grid).rounded(.down) * grid : requested.y
            let rect = Rect(x: x, y: y, width: requested.maxX - x, height: requested.maxY - y)
            let overlapping = hidden.filter { $0.boundingBox.intersects(rect) }
            (searched, frameWidth, frameHeight, self.factor) = (rect, frame.width, frame.height, factor)
            if factor == 1, overlapping.isEmpty {
                (image, region, origin) = (frame, rect, Point(x: 0, y: 0))
                return
            }
            let wholeImage = overlapping.isEmpty && rect == frame.bounds
            guard let source = wholeImage ? frame : TrackingEngine.crop(frame, to: rect, hiding: overlapping) else { return nil }
            image = source.reduced(by: factor)
            region = nil
            origin = wholeImage ? Point(x: 0, y: 0) : Point(x: rect.x.rounded(.down), y: rect.y.rounded(.down))
        }

        /// `report` of a read of ``image`` with its locations in frame pixels, reads the
        /// rectangle's border may have cut out of a longer code dropped.
        func located(_ report: DetectionReport) -> DetectionReport {
            var report = report
            if region == nil {
                report.detections = report.detections.map { $0.scaled(by: Double(factor)).translated(by: origin) }
            }
            return TrackingEngine.droppingCutReads(report, searched: searched, width: frameWidth, height: frameHeight, confirmed: confirmed)
        }
    }

    /// A copy of `rect` of `image` with the `hidden` quads (frame pixels, convex)
    /// painted in the crop's mean luma (``hidingFill(_:x0:y0:width:height:)``): plain
    /// white would skew zxing-cpp's per-row histogram threshold for the codes left on those rows.
    package static func crop(_ image: LumaImage, to rect: Rect, hiding hidden: [Quadrilateral]) -> LumaImage? {
        guard let (x0, y0, w, h) = cropBounds(rect, in: image) else { return nil }
        let fill = hidden.isEmpty ? 255 : hidingFill(image, x0: x0, y0: y0, width: w, height: h)
        // Every row is copied whole: no pass to initialise the buffer first.
        let pixels = [UInt8](unsafeUninitializedCapacity: w * h) { out, count in
            image.pixels.withUnsafeBufferPointer { src in
                for y in 0..<h {
                    let from = (y0 + y) * image.bytesPerRow + x0
                    UnsafeMutableRawPointer(out.baseAddress! + y * w).copyMemory(from: src.baseAddress! + from, byteCount: w)
                    paint(hidden, on: UnsafeMutableBufferPointer(rebasing: out[(y * w)..<(y * w + w)]), frameRow: y0 + y, x0: x0, fill: fill)
                }
            }
            count = w * h
        }
        return try? LumaImage(width: w, height: h, pixels: pixels)
    }

    /// The whole pixels ``crop(_:to:hiding:)`` copies of `rect` (its part inside `image`,
    /// widened to whole pixels): left and top (frame pixels), width and height; `nil` under 8 × 8.
    static func cropBounds(_ rect: Rect, in image: LumaImage) -> (x0: Int, y0: Int, width: Int, height: Int)? {
        let x0 = max(0, Int(rect.x.rounded(.down))), y0 = max(0, Int(rect.y.rounded(.down)))
        let x1 = min(image.width, Int(rect.maxX.rounded(.up))), y1 = min(image.height, Int(rect.maxY.rounded(.up)))
        guard x1 - x0 >= 8, y1 - y0 >= 8 else { return nil }
        return (x0, y0, x1 - x0, y1 - y0)
    }

    /// The luma hidden codes are painted in: the mean of every eighth row of the crop
    /// (`width` × `height` at `x0`, `y0`, frame pixels), from its first.
    static func hidingFill(_ image: LumaImage, x0: Int, y0: Int, width w: Int, height h: Int) -> UInt8 {
        var total = 0, count = 0
        image.pixels.withUnsafeBufferPointer { src in
            for y in stride(from: 0, to: h, by: 8) {
                let row = UnsafeBufferPointer(rebasing: src[((y0 + y) * image.bytesPerRow + x0)...].prefix(w))
                var sum: UInt32 = 0
                for value in row { sum &+= UInt32(value) }
                total += Int(sum)
                count += w
            }
        }
        return UInt8(total / max(1, count))
    }

    /// Paints the parts of the `hidden` quads (frame pixels, convex) on frame row
    /// `frameRow` in `fill`, on `row`: that row's pixels from frame column `x0` on.
    static func paint(_ hidden: [Quadrilateral], on row: UnsafeMutableBufferPointer<UInt8>, frameRow: Int, x0: Int, fill: UInt8) {
        for quad in hidden {
            guard meets(quad, frameRow: frameRow), let span = quad.span(atY: Double(frameRow) + 0.5) else { continue }
            let from = max(0, Int(span.lowerBound.rounded(.down)) - x0), to = min(row.count, Int(span.upperBound.rounded(.up)) - x0)
            guard from < to else { continue }
            for x in from..<to { row[x] = fill }
        }
    }

    /// Whether `quad`'s bounding box, widened to whole pixels, holds frame row `frameRow`.
    static func meets(_ quad: Quadrilateral, frameRow: Int) -> Bool {
        let box = quad.boundingBox
        return frameRow >= Int(box.y.rounded(.down)) && frameRow < Int(box.maxY.rounded(.up))
    }

    /// What discovery paints out for a tracked code: its predicted quad grown by
    /// 2 pixels plus a sixteenth of its size on every side (a measurement can sit a
    /// few pixels off the code, and rows left visible would be read again as a
    /// sliver), little enough to leave a neighbouring label's quiet zone alone.
    package static func hidingMask(for quad: Quadrilateral) -> Quadrilateral {
        let box = quad.boundingBox
        return quad.grown(by: 2 + 0.0625 * min(box.width, box.height))
    }

    /// Whether a read's quad can be a real symbol: every side at least 4 pixels long, or
    /// for a 1-D code (`linear`) both sides along its rows. zxing-cpp 1.4 now and then
    /// "decodes" a partial pattern at the edge of a search region (seen: a PDF417 "AA" with
    /// two corners on one point, next to a hidden box); a real 2-D code seen whole has
    /// four distinct corners. A 1-D code read in one or two rows (motion blur across its
    /// bars leaves a row or two readable; decoding every frame reads them) has a quad one
    /// or two pixels tall.
    package static func isPlausible(_ quad: Quadrilateral, linear: Bool = false) -> Bool {
        let c = quad.corners
        let sides = (0..<4).map { c[$0].distance(to: c[($0 + 1) % 4]) }
        return sides.allSatisfy { $0 >= 4 } || linear && (min(sides[0], sides[2]) >= 4 || min(sides[1], sides[3]) >= 4)
    }

    /// Whether a detection is a code already measured this frame: at the same spot
    /// (``BarcodeTracking/Quadrilateral/isSameCode(as:partialRead:)``) and not
    /// carrying a different payload; with the frame's pixels (`image`), also a 1-D read of
    /// a measured payload on another band of that code's rows (``isAnotherBand(_:of:in:)``).
    package static func isCovered(_ found: Detection, by measured: [Detection], in image: LumaImage? = nil) -> Bool {
        measured.contains { known in
            let sameCode = found.barcode.flatMap { a in known.barcode.map { b in a.symbology == b.symbology && a.bytes == b.bytes } }
            guard sameCode != false else { return false }
            let partialRead = sameCode == true && found.barcode?.symbology.readsPartialRows == true
            if known.location.isSameCode(as: found.location, partialRead: partialRead) { return true }
            guard sameCode == true, found.barcode?.symbology.isLinear == true, let image else { return false }
            return isAnotherBand(found.location, of: known.location, in: image)
        }
    }
}

extension TrackingEngine {
    /// Whether `found`, a 1-D read, lies on a 1-D code of another payload that `measured`
    /// (this frame's measurements of tracked codes) holds: one place holds one code, and the
    /// code followed there keeps it. zxing-cpp 1.4 misreads an EAN-13 whose quiet zone the
    /// frame's edge cuts, read backwards, as another EAN/UPC code with a valid check digit, on
    /// consecutive frames (enough for the 1-D verification rule), while the EAN-13 it lies on
    /// was tracked all along.
    package static func contradicts(_ found: Detection, measured: [Detection]) -> Bool {
        guard let barcode = found.barcode, barcode.symbology.isLinear, !barcode.symbology.isAddOn else { return false }
        return measured.contains { known in
            guard let other = known.barcode, other.symbology.isLinear, !other.symbology.isAddOn, other.bytes != barcode.bytes else { return false }
            return known.location.isSameCode(as: found.location, partialRead: false)
        }
    }

    /// `rect` grown by `margin` frame pixels on every side.
    static func grown(_ rect: Rect, by margin: Double) -> Rect {
        Rect(x: rect.x - margin, y: rect.y - margin, width: rect.width + 2 * margin, height: rect.height + 2 * margin)
    }
}
