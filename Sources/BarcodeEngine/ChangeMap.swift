import BarcodeTracking

/// Where a fixed camera's view changed since it was last searched, so that the engine's search
/// for new codes reads those places only (``TrackingEngineConfiguration/searchesWhereViewChanged``).
///
/// A code cannot appear in a fixed camera's view without changing the blocks it appears in: a
/// label slides in, a pallet is set down, a hand turns a box. So the map keeps, for each
/// 8 × 8-pixel block (``StillnessMeter/blockMeans(_:)``), its mean as of the last search that
/// read it, and a block is *changed* while its mean now differs from that by more than
/// ``StillnessMeter/changeLevel``. Blocks under codes already tracked are left out: following
/// measures them. The changed blocks are grouped (``cell``-pixel cells, neighbours joined) into
/// rectangles grown by ``margin``; the engine reads their code-like parts
/// (``CodeLikenessMap/codeLikeParts(of:hiding:)``) for 2-D codes and the parts'
/// ``bands(of:in:)`` for 1-D ones, and the boxes' bands' blocks count as searched as they are
/// now (what was not code-like in them held no code).
///
/// When more than ``largestShare`` of the view changed (a hand-held or panning camera, a light
/// switched on), when the changed places would cost more than half a whole-frame read
/// (``largestReadShare``: a hand-held view of a few codes on a plain background changes few
/// blocks, but in boxes and bands that span most of it), or before a first search, there is no
/// map: the engine's usual schedule runs, and its next whole-frame search at full resolution is
/// the new reference. A whole-frame search
/// every ``TrackingEngineConfiguration/changeSweepInterval`` seconds catches what the block
/// means cannot show (a label coming into focus keeps its means).
struct ChangeMap: Sendable {
    /// Side (pixels) of the cells changed blocks are grouped by.
    static let cell = 32
    /// Pixels a group's box is grown by on each side: a code only partly changed (its quiet
    /// zone, its label's paper) is read whole.
    static let margin = 24.0
    /// Above this share of the view's blocks changed, the view is no fixed camera's.
    static let largestShare = 0.3
    /// Above this ``readShare(boxes:bands:in:)`` the changed places cost about what the whole frame
    /// does, read apart in several calls: the usual schedule reads the whole frame instead.
    static let largestReadShare = 0.5
    /// More boxes than this are read as the one box around them all.
    static let mostBoxes = 6

    /// Block means as of the search that last read each block; `nil` before the first.
    private var searched: LumaImage?
    /// Frame time (seconds) of the last whole-frame search at full resolution.
    private(set) var lastSweep: Double?
    /// Whether the previous decision was a map (the view looked like a fixed camera's).
    private(set) var drivesSearch = false

    /// What the engine searches for new codes at a frame.
    enum Decision: Equatable, Sendable {
        /// No map: the usual schedule (a moving view, or no reference yet).
        case usual
        /// A whole-frame search at full resolution is due: the safety sweep.
        case sweep
        /// The boxes (frame pixels) where the view changed since it was last searched, empty when
        /// nothing did, and their ``bands(of:in:)`` of rows.
        case changed(boxes: [Rect], bands: [Rect])
    }

    /// Decides for a frame by its block means `now` at `time` (seconds), with the blocks inside
    /// `hidden` (frame pixels: the boxes of codes already tracked) left out, within `bounds`.
    mutating func decide(_ now: LumaImage, hiding hidden: [Rect], bounds: Rect, at time: Double, sweepInterval: Double) -> Decision {
        guard let before = searched, before.width == now.width, before.height == now.height else {
            drivesSearch = false
            return .usual
        }
        if let lastSweep, time - lastSweep >= sweepInterval || time < lastSweep {
            drivesSearch = false
            return .sweep
        }
        let most = Int(Self.largestShare * Double(now.width * now.height))
        guard let changed = Self.changedBlocks(before, now, hiding: hidden, most: most), changed.count <= most else {
            drivesSearch = false
            return .usual
        }
        let boxes = Self.boxes(around: changed, blocksWide: now.width, bounds: bounds)
        let bands = Self.bands(of: boxes, in: bounds)
        guard Self.readShare(boxes: boxes, bands: bands, in: bounds) <= Self.largestReadShare else {
            drivesSearch = false
            return .usual
        }
        drivesSearch = true
        return .changed(boxes: boxes, bands: bands)
    }

    /// The share of a whole-frame search's work that reading `boxes` and `bands` (frame pixels)
    /// within `bounds` costs: each counts as half a whole-frame read of its area (2-D
    /// symbologies in the boxes, 1-D ones in the bands).
    static func readShare(boxes: [Rect], bands: [Rect], in bounds: Rect) -> Double {
        let area = bounds.width * bounds.height
        guard area > 0 else { return 0 }
        let covered = (boxes + bands).reduce(0) { $0 + $1.width * $1.height }
        return covered / (2 * area)
    }

    /// Records a whole-frame search at full resolution of the frame with block means `now` at
    /// `time`: every block is searched as it is now.
    mutating func searchedWhole(_ now: LumaImage, at time: Double) {
        searched = now
        lastSweep = time
    }

    /// Records searches of `boxes` (frame pixels) at full resolution of the frame with block
    /// means `now`: the blocks wholly inside a box are searched as they are now.
    mutating func searched(_ boxes: [Rect], _ now: LumaImage) {
        guard var reference = searched, reference.width == now.width, reference.height == now.height, !boxes.isEmpty else { return }
        Self.copy(boxes, from: now, into: &reference)
        searched = reference
    }

    /// Makes the blocks inside `boxes` (frame pixels) changed again, whatever the view does: the
    /// next search of changed boxes reads them (and, grown by ``margin``, around them).
    mutating func unsearch(_ boxes: [Rect], _ now: LumaImage) {
        guard var reference = searched, reference.width == now.width, reference.height == now.height else { return }
        var flipped = now
        for i in flipped.pixels.indices { flipped.pixels[i] &+= 128 }
        Self.copy(boxes, from: flipped, into: &reference)
        searched = reference
    }

    /// Copies the means of the blocks wholly inside `boxes` (frame pixels) from `source` into
    /// `target` (block means of one size).
    static func copy(_ boxes: [Rect], from source: LumaImage, into target: inout LumaImage) {
        let (width, height) = (source.width, source.height)
        target.pixels.withUnsafeMutableBufferPointer { t in
            source.pixels.withUnsafeBufferPointer { s in
                for (x0, x1, y0, y1) in boxes.compactMap({ blocks(inside: $0, width: width, height: height) }) {
                    for y in y0..<y1 { for x in x0..<x1 { t[y * width + x] = s[y * width + x] } }
                }
            }
        }
    }

    /// The block columns `x0..<x1` and rows `y0..<y1` wholly inside `box` (frame pixels), `nil` when none.
    static func blocks(inside box: Rect, width: Int, height: Int) -> (x0: Int, x1: Int, y0: Int, y1: Int)? {
        let block = Double(StillnessMeter.block)
        let x0 = max(0, Int((box.x / block).rounded(.up))), x1 = min(width, Int((box.maxX / block).rounded(.down)))
        let y0 = max(0, Int((box.y / block).rounded(.up))), y1 = min(height, Int((box.maxY / block).rounded(.down)))
        return x0 < x1 && y0 < y1 ? (x0, x1, y0, y1) : nil
    }

    /// Indexes (row-major) of the blocks whose means differ by more than
    /// ``StillnessMeter/changeLevel``, but for those wholly inside a box of `hidden`; `nil` as
    /// soon as more than `most` of them are sure to be changed (a hand-held view: most frames).
    static func changedBlocks(_ before: LumaImage, _ now: LumaImage, hiding hidden: [Rect], most: Int = .max) -> [Int]? {
        // Blocks that may be hidden: each box's blocks, a partial one on every side.
        let hideable = hidden.reduce(0) { total, box in
            let block = Double(StillnessMeter.block)
            return total + (Int(box.width / block) + 2) * (Int(box.height / block) + 2)
        }
        let limit = most > Int.max - hideable ? Int.max : most + hideable
        var changed: [Int] = []
        let complete = before.pixels.withUnsafeBufferPointer { p in
            now.pixels.withUnsafeBufferPointer { q in
                for i in 0..<min(p.count, q.count) where abs(Int(p[i]) - Int(q[i])) > StillnessMeter.changeLevel {
                    changed.append(i)
                    if changed.count > limit { return false }
                }
                return true
            }
        }
        guard complete else { return nil }
        guard !hidden.isEmpty, !changed.isEmpty else { return changed }
        let block = Double(StillnessMeter.block)
        return changed.filter { i in
            let x = Double(i % now.width) * block, y = Double(i / now.width) * block
            return !hidden.contains { $0.x <= x && $0.y <= y && x + block <= $0.maxX && y + block <= $0.maxY }
        }
    }

    /// The boxes (frame pixels, within `bounds`) around groups of changed blocks: blocks are
    /// gathered in ``cell``-pixel cells, touching cells (diagonals too) form a group, and each
    /// group's box is grown by ``margin``; overlapping boxes are joined, and more than
    /// ``mostBoxes`` become one.
    static func boxes(around changed: [Int], blocksWide: Int, bounds: Rect) -> [Rect] {
        guard !changed.isEmpty else { return [] }
        let perCell = cell / StillnessMeter.block
        let columns = (blocksWide + perCell - 1) / perCell
        var cells = Set<Int>()
        for i in changed { cells.insert((i / blocksWide) / perCell * columns + (i % blocksWide) / perCell) }
        var boxes: [Rect] = []
        var unvisited = cells
        while let seed = unvisited.first {
            unvisited.remove(seed)
            var stack = [seed]
            var (minX, maxX, minY, maxY) = (seed % columns, seed % columns, seed / columns, seed / columns)
            while let c = stack.popLast() {
                let (cx, cy) = (c % columns, c / columns)
                (minX, maxX, minY, maxY) = (min(minX, cx), max(maxX, cx), min(minY, cy), max(maxY, cy))
                for dy in -1...1 {
                    for dx in -1...1 where cx + dx >= 0 && cx + dx < columns {
                        let n = (cy + dy) * columns + cx + dx
                        if unvisited.remove(n) != nil { stack.append(n) }
                    }
                }
            }
            let side = Double(cell)
            let box = Rect(
                x: Double(minX) * side - margin, y: Double(minY) * side - margin,
                width: Double(maxX - minX + 1) * side + 2 * margin, height: Double(maxY - minY + 1) * side + 2 * margin)
            if let clipped = box.intersection(bounds) { boxes.append(clipped) }
        }
        return joined(boxes)
    }

    /// `boxes` with overlapping ones replaced by the box around both, until none overlap; one box
    /// around them all when more than ``mostBoxes`` are left.
    static func joined(_ boxes: [Rect]) -> [Rect] {
        var boxes = boxes
        var merged = true
        while merged {
            merged = false
            outer: for i in boxes.indices {
                for j in boxes.indices where j > i && boxes[i].intersects(boxes[j]) {
                    boxes[i] = enclosing(boxes[i], boxes[j])
                    boxes.remove(at: j)
                    merged = true
                    break outer
                }
            }
        }
        guard boxes.count > mostBoxes, let first = boxes.first else { return boxes }
        return [boxes.dropFirst().reduce(first, enclosing)]
    }

    /// The bands of rows of `boxes` (frame pixels): each box's height across `bounds`' width,
    /// overlapping ones joined.
    static func bands(of boxes: [Rect], in bounds: Rect) -> [Rect] {
        joined(boxes.map { Rect(x: bounds.x, y: $0.y, width: bounds.width, height: $0.height) })
    }

    /// The smallest box holding both.
    static func enclosing(_ a: Rect, _ b: Rect) -> Rect {
        let x = min(a.x, b.x), y = min(a.y, b.y)
        return Rect(x: x, y: y, width: max(a.maxX, b.maxX) - x, height: max(a.maxY, b.maxY) - y)
    }
}

extension TrackingEngine {
    /// Pixels from a changed box's edge within which a 1-D read counts as cut by it.
    static let cutReadEdge = 6.0

    /// `detections` of the search of the changed `box` (frame pixels) split into those kept and
    /// the places (frame pixels) of 1-D reads that come within ``cutReadEdge`` of one of the box's
    /// sides inside `bounds`: the read's box grown by its longer side, for the code the box may
    /// have cut.
    static func splittingCutReads(_ detections: [Detection], box: Rect, bounds: Rect) -> (kept: [Detection], cut: [Rect]) {
        var kept: [Detection] = [], cut: [Rect] = []
        let edge = cutReadEdge
        for detection in detections {
            let read = detection.location.boundingBox
            let cuts =
                detection.barcode?.symbology.isLinear == true
                && (read.x - box.x < edge && box.x > bounds.x || box.maxX - read.maxX < edge && box.maxX < bounds.maxX
                    || read.y - box.y < edge && box.y > bounds.y || box.maxY - read.maxY < edge && box.maxY < bounds.maxY)
            guard cuts else {
                kept.append(detection)
                continue
            }
            let grow = max(read.width, read.height)
            cut.append(Rect(x: read.x - grow, y: read.y - grow, width: read.width + 2 * grow, height: read.height + 2 * grow))
        }
        return (kept, cut)
    }

    /// The part of `rect` (a search's rectangle, frame pixels) within `changed` (the boxes of a
    /// fixed camera's changed view, ``ChangeMap``): `rect` itself without boxes (the usual
    /// schedule), else the box around its overlaps with them, `nil` when that is under 16
    /// pixels on a side or there is none.
    static func within(_ rect: Rect, _ changed: [Rect]?) -> Rect? {
        guard let changed else { return rect }
        let overlaps = changed.compactMap { $0.intersection(rect) }
        guard let first = overlaps.first else { return nil }
        let box = overlaps.dropFirst().reduce(first, ChangeMap.enclosing)
        return box.width >= 16 && box.height >= 16 ? box : nil
    }
}
