import BarcodeTracking

/// One physical 1-D code read several times in one image: zxing-cpp reads a label on
/// several bands across its bars (each read masked before the next, rotated and downscaled
/// passes), and every band comes back as a result of its own.
///
/// Two reads are of one code when they carry the same symbology and bytes (and add-on, when
/// both read one), run in the same direction, cover the same stretch along the reading
/// direction, and lie side by side across the bars, overlapping or with a gap of at most
/// ``maximumGap`` of the code's length. Two identical labels next to each other along the reading direction do not share a
/// stretch, and two stacked labels are set apart by their digits and margins, so both stay two.
enum RepeatedReads {
    /// The largest gap across the bars between two bands of one code, as a fraction of the
    /// code's length along its reading direction. zxing-cpp's bands of one label can sit this
    /// far apart (rows it could not read between them); two stacked labels are set apart by more:
    /// the digits under an EAN/UPC alone take about this much, and the labels' margins add to it.
    static let maximumGap = 0.08
    /// The least share of the shorter band's length that two bands of one code must share
    /// along the reading direction.
    static let minimumOverlap = 0.6
    /// The cosine of the largest angle between the reading directions of two bands of one code (10°).
    static let minimumCosine = 0.9848

    /// `detections` with the repeated reads of each 1-D code merged into the first of them,
    /// whose location grows to cover them all; other detections are kept as they are, in order.
    static func merged(_ detections: [Detection]) -> [Detection] {
        var out: [Detection] = []
        out.reserveCapacity(detections.count)
        for detection in detections {
            guard let barcode = detection.barcode, barcode.symbology.isLinear,
                  let index = out.firstIndex(where: { sameCode($0, detection) })
            else {
                out.append(detection)
                continue
            }
            let union = Band(out[index].location).union(Band(barcode.location))
            out[index].location = union
            out[index].barcode?.location = union
            // A band that missed the add-on joins one that read it; the result keeps the add-on.
            if out[index].barcode?.associatedCode == nil { out[index].barcode?.associatedCode = barcode.associatedCode }
        }
        // A union can reach a band it did not touch before; merge again until nothing changes.
        return out.count < detections.count ? merged(out) : out
    }

    /// Whether `a` and `b` are reads of one 1-D code.
    static func sameCode(_ a: Detection, _ b: Detection) -> Bool {
        guard let x = a.barcode, let y = b.barcode, x.symbology == y.symbology, x.symbology.isLinear,
              x.bytes == y.bytes, x.associatedCode == nil || y.associatedCode == nil || x.associatedCode == y.associatedCode
        else { return false }
        return Band(x.location).isBesideAcrossBars(Band(y.location))
    }

    /// A read's quad in the frame of its reading direction: `axis` along the bars' sequence
    /// (top left to top right), `across` along the bars.
    struct Band {
        let quad: Quadrilateral
        let axis: Point, across: Point

        init(_ quad: Quadrilateral) {
            self.quad = quad
            let top = quad.topRight - quad.topLeft, bottom = quad.bottomRight - quad.bottomLeft
            let direction = top + bottom
            let length = (direction.x * direction.x + direction.y * direction.y).squareRoot()
            axis = length > 0 ? direction * (1 / length) : Point(x: 1, y: 0)
            // Across the bars, pointing from the top edge to the bottom one (the quad's own sense).
            let down = (quad.bottomLeft + quad.bottomRight) - (quad.topLeft + quad.topRight)
            let normal = Point(x: -axis.y, y: axis.x)
            across = Self.dot(down, normal) < 0 ? normal * -1 : normal
        }

        static func dot(_ a: Point, _ b: Point) -> Double { a.x * b.x + a.y * b.y }

        /// The smallest and largest projection of the corners on `direction`.
        func extent(along direction: Point) -> ClosedRange<Double> {
            let values = quad.corners.map { Self.dot($0, direction) }
            return values.min()!...values.max()!
        }

        func isBesideAcrossBars(_ other: Band) -> Bool {
            let cosine = abs(Self.dot(axis, other.axis))
            guard cosine >= RepeatedReads.minimumCosine else { return false }
            let mine = extent(along: axis), theirs = other.extent(along: axis)
            let shared = min(mine.upperBound, theirs.upperBound) - max(mine.lowerBound, theirs.lowerBound)
            let shorter = min(mine.upperBound - mine.lowerBound, theirs.upperBound - theirs.lowerBound)
            guard shorter > 0, shared >= RepeatedReads.minimumOverlap * shorter else { return false }
            let a = extent(along: across), b = other.extent(along: across)
            let gap = max(a.lowerBound, b.lowerBound) - min(a.upperBound, b.upperBound)
            let length = max(mine.upperBound - mine.lowerBound, theirs.upperBound - theirs.lowerBound)
            return gap <= RepeatedReads.maximumGap * length
        }

        /// The rectangle in this band's frame that covers both quads, with this quad's corner order.
        func union(_ other: Band) -> Quadrilateral {
            let along = extent(along: axis), alongOther = other.extent(along: axis)
            let side = extent(along: across), sideOther = other.extent(along: across)
            let u0 = min(along.lowerBound, alongOther.lowerBound), u1 = max(along.upperBound, alongOther.upperBound)
            let v0 = min(side.lowerBound, sideOther.lowerBound), v1 = max(side.upperBound, sideOther.upperBound)
            func point(_ u: Double, _ v: Double) -> Point { axis * u + across * v }
            return Quadrilateral(topLeft: point(u0, v0), topRight: point(u1, v0),
                                 bottomRight: point(u1, v1), bottomLeft: point(u0, v1))
        }
    }
}
