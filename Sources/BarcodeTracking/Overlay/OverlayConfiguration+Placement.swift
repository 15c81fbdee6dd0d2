/// The placement math: pure value computations, no allocation.
extension OverlayConfiguration {
    /// The overlay's size for a code of size `codeSize` (same units as the result).
    public func overlaySize(forCodeSize codeSize: Size) -> Size {
        // One axis may be keepRatio (checked at construction): resolve the other first.
        if sizeX.isKeepRatio {
            let height = Self.length(sizeY, codeLength: codeSize.height)
            return Size(width: sizeX.value * height, height: height)
        }
        let width = Self.length(sizeX, codeLength: codeSize.width)
        let height = sizeY.isKeepRatio ? sizeY.value * width : Self.length(sizeY, codeLength: codeSize.height)
        return Size(width: width, height: height)
    }

    /// The overlay rectangle for a code whose enclosing rectangle is `codeRect`.
    ///
    /// Same space in and out: frame pixels in, frame pixels out; view points in, view points out.
    public func rectangle(around codeRect: Rect) -> Rect {
        let size = overlaySize(forCodeSize: Size(width: codeRect.width, height: codeRect.height))
        let x = Self.place(anchor.horizontal, start: codeRect.x, codeLength: codeRect.width,
                           overlayLength: size.width, offset: offsetX)
        let y = Self.place(anchor.vertical, start: codeRect.y, codeLength: codeRect.height,
                           overlayLength: size.height, offset: offsetY)
        return Rect(x: x, y: y, width: size.width, height: size.height)
    }

    /// The overlay rectangle for a code at `location`, from its enclosing (axis-aligned) rectangle.
    public func rectangle(around location: Quadrilateral) -> Rect {
        rectangle(around: location.boundingBox)
    }

    /// The oriented overlay: the same rule applied in the code's own axes (its
    /// left-to-right and top-to-bottom directions), for rotated codes.
    ///
    /// The code's size is the tightest rectangle aligned with those axes around
    /// its corners. The result's corners are labelled in the code's own order
    /// (`topLeft` is the overlay's top left as seen upright with the code).
    /// Same space in and out.
    public func orientedQuadrilateral(around location: Quadrilateral) -> Quadrilateral {
        let axes = CodeAxes(location)
        let c = location.center
        var minU = Double.infinity, maxU = -Double.infinity, minV = Double.infinity, maxV = -Double.infinity
        // Unrolled over the four corners: no array, no allocation.
        func consider(_ p: Point) {
            let d = p - c
            let u = d.x * axes.u.x + d.y * axes.u.y
            let v = d.x * axes.v.x + d.y * axes.v.y
            minU = Swift.min(minU, u); maxU = Swift.max(maxU, u)
            minV = Swift.min(minV, v); maxV = Swift.max(maxV, v)
        }
        consider(location.topLeft); consider(location.topRight)
        consider(location.bottomRight); consider(location.bottomLeft)
        let local = rectangle(around: Rect(x: minU, y: minV, width: maxU - minU, height: maxV - minV))
        func toSpace(_ u: Double, _ v: Double) -> Point {
            Point(x: c.x + axes.u.x * u + axes.v.x * v, y: c.y + axes.u.y * u + axes.v.y * v)
        }
        return Quadrilateral(
            topLeft: toSpace(local.x, local.y), topRight: toSpace(local.maxX, local.y),
            bottomRight: toSpace(local.maxX, local.maxY), bottomLeft: toSpace(local.x, local.maxY))
    }

    @inline(__always)
    static func length(_ scale: OverlayScale, codeLength: Double) -> Double {
        switch scale {
        case .none: codeLength
        case .overlay(let k): k * codeLength
        case .fixedPx(let v): v
        case .keepRatio: codeLength  // resolved by the caller from the other axis
        }
    }

    @inline(__always)
    static func place(
        _ placement: OverlayAnchor.Placement, start: Double, codeLength: Double,
        overlayLength: Double, offset: OverlayScale
    ) -> Double {
        let amount: Double =
            switch offset {
            case .none: 0
            case .overlay(let k): k * codeLength
            case .fixedPx(let v): v
            case .keepRatio(let k): k * overlayLength
            }
        switch placement {
        case .before: return start - overlayLength - amount
        case .centered: return start + (codeLength - overlayLength) / 2 + amount
        case .after: return start + codeLength + amount
        }
    }
}

/// Unit vectors along a code's own left-to-right (`u`) and top-to-bottom (`v`) directions.
///
/// `v` is perpendicular to `u`, on the side of the code's bottom edge, so that
/// mirrored corner orders (after a mirrored view transform) still map "down" to the bottom edge.
struct CodeAxes {
    var u: Point
    var v: Point

    init(_ q: Quadrilateral) {
        var across = (q.topRight + q.bottomRight) * 0.5 - (q.topLeft + q.bottomLeft) * 0.5
        if across.x == 0 && across.y == 0 { across = q.topRight - q.topLeft }
        let length = (across.x * across.x + across.y * across.y).squareRoot()
        let u = length > 0 && length.isFinite ? Point(x: across.x / length, y: across.y / length) : Point(x: 1, y: 0)
        let down = (q.bottomLeft + q.bottomRight) * 0.5 - (q.topLeft + q.topRight) * 0.5
        let perpendicular = Point(x: -u.y, y: u.x)
        let flip = down.x * perpendicular.x + down.y * perpendicular.y < 0
        self.u = u
        self.v = flip ? Point(x: u.y, y: -u.x) : perpendicular
    }
}
