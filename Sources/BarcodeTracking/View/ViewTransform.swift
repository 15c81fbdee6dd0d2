/// The mapping between frame pixels and view points, and back.
///
/// Order of operations from frame to view: rotate the frame clockwise by
/// `rotation`, mirror it horizontally (as displayed) when `isMirrored`, then
/// scale and centre it in the view according to `contentMode`.
/// All methods are pure value math and allocation-free; use from any thread.
///
/// Corner labels of quadrilaterals are kept (the code's own top left stays
/// `topLeft`); mirroring therefore turns the clockwise corner order counter-clockwise on screen.
public struct ViewTransform: Hashable, Sendable {
    /// Size of the frame, in frame pixels.
    public let frameSize: Size
    /// Size of the view, in view points.
    public let viewSize: Size
    /// How the frame fills the view.
    public let contentMode: ContentMode
    /// Clockwise rotation of the frame as shown.
    public let rotation: ViewRotation
    /// Whether the shown frame is mirrored left-right (front cameras).
    public let isMirrored: Bool

    /// View points per displayed frame pixel, horizontally.
    public let scaleX: Double
    /// View points per displayed frame pixel, vertically.
    public let scaleY: Double
    /// View position (view points) of the displayed frame's top-left corner, horizontally.
    let translationX: Double
    /// View position (view points) of the displayed frame's top-left corner, vertically.
    let translationY: Double

    /// Creates a transform; throws `ViewGeometryError` (`.invalidSize`) for empty or non-finite sizes.
    public init(
        frameSize: Size, viewSize: Size, contentMode: ContentMode = .aspectFill,
        rotation: ViewRotation = .none, isMirrored: Bool = false
    ) throws(ViewGeometryError) {
        for (name, size) in [("frame", frameSize), ("view", viewSize)] {
            guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
                throw ViewGeometryError(.invalidSize,
                    "\(name) size \(size.width)x\(size.height) is empty or not finite; both sides must be positive")
            }
        }
        self.frameSize = frameSize
        self.viewSize = viewSize
        self.contentMode = contentMode
        self.rotation = rotation
        self.isMirrored = isMirrored
        let shown = Self.rotatedSize(frameSize, rotation)
        let sx = viewSize.width / shown.width, sy = viewSize.height / shown.height
        switch contentMode {
        case .aspectFill: (scaleX, scaleY) = (Swift.max(sx, sy), Swift.max(sx, sy))
        case .aspectFit: (scaleX, scaleY) = (Swift.min(sx, sy), Swift.min(sx, sy))
        case .stretch: (scaleX, scaleY) = (sx, sy)
        }
        translationX = (viewSize.width - shown.width * scaleX) / 2
        translationY = (viewSize.height - shown.height * scaleY) / 2
    }

    /// The frame's size after rotation (frame pixels, as displayed).
    public var displayedFrameSize: Size { Self.rotatedSize(frameSize, rotation) }

    /// Maps a point in frame pixels to view points.
    public func viewPoint(fromFrame p: Point) -> Point {
        let w = frameSize.width, h = frameSize.height
        var r: Point =
            switch rotation {
            case .none: p
            case .clockwise90: Point(x: h - p.y, y: p.x)
            case .clockwise180: Point(x: w - p.x, y: h - p.y)
            case .clockwise270: Point(x: p.y, y: w - p.x)
            }
        if isMirrored { r.x = displayedFrameSize.width - r.x }
        return Point(x: r.x * scaleX + translationX, y: r.y * scaleY + translationY)
    }

    /// Maps a point in view points back to frame pixels (the inverse of `viewPoint(fromFrame:)`).
    ///
    /// Points outside the shown frame map outside `0..<frameSize`; callers decide what that means.
    public func framePoint(fromView p: Point) -> Point {
        var r = Point(x: (p.x - translationX) / scaleX, y: (p.y - translationY) / scaleY)
        if isMirrored { r.x = displayedFrameSize.width - r.x }
        let w = frameSize.width, h = frameSize.height
        return switch rotation {
        case .none: r
        case .clockwise90: Point(x: r.y, y: h - r.x)
        case .clockwise180: Point(x: w - r.x, y: h - r.y)
        case .clockwise270: Point(x: w - r.y, y: r.x)
        }
    }

    /// Maps each corner of a frame-pixel quadrilateral to view points, keeping the corner labels.
    public func viewQuadrilateral(fromFrame q: Quadrilateral) -> Quadrilateral {
        Quadrilateral(
            topLeft: viewPoint(fromFrame: q.topLeft), topRight: viewPoint(fromFrame: q.topRight),
            bottomRight: viewPoint(fromFrame: q.bottomRight), bottomLeft: viewPoint(fromFrame: q.bottomLeft))
    }

    /// Maps each corner of a view-point quadrilateral to frame pixels, keeping the corner labels.
    public func frameQuadrilateral(fromView q: Quadrilateral) -> Quadrilateral {
        Quadrilateral(
            topLeft: framePoint(fromView: q.topLeft), topRight: framePoint(fromView: q.topRight),
            bottomRight: framePoint(fromView: q.bottomRight), bottomLeft: framePoint(fromView: q.bottomLeft))
    }

    /// Maps a frame-pixel rectangle to view points. Rotations are multiples of
    /// 90° and mirroring is horizontal, so the result is again an exact rectangle.
    public func viewRect(fromFrame r: Rect) -> Rect {
        let a = viewPoint(fromFrame: Point(x: r.x, y: r.y)), b = viewPoint(fromFrame: Point(x: r.maxX, y: r.maxY))
        return Rect(x: Swift.min(a.x, b.x), y: Swift.min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    /// Maps a view-point rectangle to frame pixels (the inverse of `viewRect(fromFrame:)`).
    public func frameRect(fromView r: Rect) -> Rect {
        let a = framePoint(fromView: Point(x: r.x, y: r.y)), b = framePoint(fromView: Point(x: r.maxX, y: r.maxY))
        return Rect(x: Swift.min(a.x, b.x), y: Swift.min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    /// The part of the frame that is visible in the view, in frame pixels
    /// (the whole frame except with `.aspectFill`, which crops).
    public var visibleFrameRect: Rect {
        let full = Rect(x: 0, y: 0, width: frameSize.width, height: frameSize.height)
        let view = frameRect(fromView: Rect(x: 0, y: 0, width: viewSize.width, height: viewSize.height))
        return full.intersection(view) ?? full
    }

    static func rotatedSize(_ s: Size, _ rotation: ViewRotation) -> Size {
        switch rotation {
        case .none, .clockwise180: s
        case .clockwise90, .clockwise270: Size(width: s.height, height: s.width)
        }
    }
}
