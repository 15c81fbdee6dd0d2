/// The part of the frame where codes are looked for, and an optional selection
/// that picks codes near a point of interest.
///
/// Everything is resolved against a frame size and returned in frame pixels
/// (mapping to view points is the overlay's job). A code is inside the scan area
/// when its centre is; with a radius selection it is kept when the circle touches
/// it (radius 0: the code must contain the point of interest); with a rectangle
/// selection when its centre lies in the rectangle.
public struct ScanArea: Sendable, Hashable {
    /// A length in frame pixels or as a fraction of a reference length.
    public enum Length: Sendable, Hashable {
        /// Frame pixels.
        case pixels(Double)
        /// A fraction (0...1) of the reference: the frame's width for horizontal
        /// margins, its height for vertical ones; the scan area's for selections.
        case fraction(Double)

        func resolved(against reference: Double) -> Double {
            switch self {
            case .pixels(let value): value
            case .fraction(let value): value * reference
            }
        }

        var isValid: Bool {
            switch self {
            case .pixels(let value): value.isFinite && value >= 0
            case .fraction(let value): value.isFinite && value >= 0 && value <= 1
            }
        }
    }

    /// Distances cut off each edge of the frame (UI covering the preview, for instance).
    public struct Margins: Sendable, Hashable {
        /// Cut off the left edge.
        public var left: Length
        /// Cut off the top edge.
        public var top: Length
        /// Cut off the right edge.
        public var right: Length
        /// Cut off the bottom edge.
        public var bottom: Length

        /// Creates margins; every edge defaults to none.
        public init(left: Length = .pixels(0), top: Length = .pixels(0), right: Length = .pixels(0), bottom: Length = .pixels(0)) {
            self.left = left
            self.top = top
            self.right = right
            self.bottom = bottom
        }

        /// No margins.
        public static let none = Margins()
    }

    /// Where scanning is centred.
    public enum PointOfInterest: Sendable, Hashable {
        /// The centre of the scan area (after margins).
        case center
        /// A fraction (0...1 on each axis) of the scan area, from its top-left corner.
        case fraction(x: Double, y: Double)
        /// A point in frame pixels.
        case pixels(Point)
    }

    /// How one code is picked out of many.
    public enum Selection: Sendable, Hashable {
        /// Every code in the scan area.
        case none
        /// Codes touched by a circle of this radius (frame pixels) around the point of interest.
        case radius(Double)
        /// Codes whose centre lies in a rectangle centred on the point of interest.
        case rectangle(width: Length, height: Length)
        /// Like `rectangle`, with the height given as `width / aspectRatio`.
        case rectangleWithAspectRatio(width: Length, aspectRatio: Double)
    }

    /// The margins. Default none.
    public var margins: Margins
    /// The point of interest. Default the centre of the scan area.
    public var pointOfInterest: PointOfInterest
    /// The selection. Default none (every code in the area).
    public var selection: Selection

    /// The whole frame, no selection.
    public static let fullFrame = ScanArea(uncheckedMargins: .none, pointOfInterest: .center, selection: .none)

    /// Creates a scan area; throws ``TrackingError/Code-swift.struct/invalidConfiguration``
    /// for negative or non-finite lengths, fractions outside 0...1 or a non-positive aspect ratio.
    public init(margins: Margins = .none, pointOfInterest: PointOfInterest = .center, selection: Selection = .none) throws(TrackingError) {
        for (name, length) in [("left", margins.left), ("top", margins.top), ("right", margins.right), ("bottom", margins.bottom)]
        where !length.isValid {
            throw TrackingError(.invalidConfiguration, "scan area \(name) margin \(length) must be ≥ 0 pixels or a fraction in 0...1")
        }
        switch pointOfInterest {
        case .center: break
        case .fraction(let x, let y):
            guard (0...1).contains(x), (0...1).contains(y) else {
                throw TrackingError(.invalidConfiguration, "point of interest fraction (\(x), \(y)) must be in 0...1 on both axes")
            }
        case .pixels(let p):
            guard p.x.isFinite, p.y.isFinite else {
                throw TrackingError(.invalidConfiguration, "point of interest \(p) must have finite coordinates")
            }
        }
        switch selection {
        case .none: break
        case .radius(let r):
            guard r.isFinite, r >= 0 else {
                throw TrackingError(.invalidConfiguration, "selection radius \(r) must be ≥ 0 frame pixels")
            }
        case .rectangle(let w, let h):
            guard w.isValid, h.isValid else {
                throw TrackingError(.invalidConfiguration, "selection rectangle \(w) x \(h) needs lengths ≥ 0 pixels or fractions in 0...1")
            }
        case .rectangleWithAspectRatio(let w, let ratio):
            guard w.isValid, ratio.isFinite, ratio > 0 else {
                throw TrackingError(.invalidConfiguration,
                    "selection rectangle width \(w) must be valid and aspect ratio \(ratio) must be > 0")
            }
        }
        self.init(uncheckedMargins: margins, pointOfInterest: pointOfInterest, selection: selection)
    }

    private init(uncheckedMargins margins: Margins, pointOfInterest: PointOfInterest, selection: Selection) {
        self.margins = margins
        self.pointOfInterest = pointOfInterest
        self.selection = selection
    }

    /// The scan area (the frame minus margins) in frame pixels; empty (zero size)
    /// when the margins cover the whole frame.
    public func area(in frameSize: Size) -> Rect {
        let left = margins.left.resolved(against: frameSize.width)
        let right = margins.right.resolved(against: frameSize.width)
        let top = margins.top.resolved(against: frameSize.height)
        let bottom = margins.bottom.resolved(against: frameSize.height)
        return Rect(x: min(left, frameSize.width), y: min(top, frameSize.height),
                    width: max(0, frameSize.width - left - right), height: max(0, frameSize.height - top - bottom))
    }

    /// The point of interest in frame pixels.
    public func pointOfInterest(in frameSize: Size) -> Point {
        let area = area(in: frameSize)
        switch pointOfInterest {
        case .center: return area.center
        case .fraction(let x, let y): return Point(x: area.x + x * area.width, y: area.y + y * area.height)
        case .pixels(let p): return p
        }
    }

    /// The selection rectangle in frame pixels, for rectangular selections.
    public func selectionRectangle(in frameSize: Size) -> Rect? {
        let area = area(in: frameSize)
        let width: Double, height: Double
        switch selection {
        case .none, .radius: return nil
        case .rectangle(let w, let h):
            width = w.resolved(against: area.width)
            height = h.resolved(against: area.height)
        case .rectangleWithAspectRatio(let w, let ratio):
            width = w.resolved(against: area.width)
            height = width / ratio
        }
        let poi = pointOfInterest(in: frameSize)
        return Rect(x: poi.x - width / 2, y: poi.y - height / 2, width: width, height: height)
    }

    /// Whether a code with these corners (frame pixels) is reported.
    public func contains(_ location: Quadrilateral, in frameSize: Size) -> Bool {
        guard area(in: frameSize).contains(location.center) else { return false }
        switch selection {
        case .none:
            return true
        case .radius(let radius):
            return Self.distance(from: pointOfInterest(in: frameSize), to: location) <= radius
        case .rectangle, .rectangleWithAspectRatio:
            return selectionRectangle(in: frameSize)?.contains(location.center) ?? true
        }
    }

    /// The geometry to draw as debug guides, in frame pixels.
    public func guides(in frameSize: Size) -> ScanAreaGuides {
        let poi = pointOfInterest(in: frameSize)
        let shape: ScanAreaGuides.SelectionShape
        switch selection {
        case .none: shape = .none
        case .radius(let r): shape = .circle(center: poi, radius: r)
        case .rectangle, .rectangleWithAspectRatio: shape = selectionRectangle(in: frameSize).map { .rectangle($0) } ?? .none
        }
        return ScanAreaGuides(frame: Rect(x: 0, y: 0, width: frameSize.width, height: frameSize.height),
                              scanArea: area(in: frameSize), pointOfInterest: poi, selection: shape)
    }

    /// Distance from `point` to the quadrilateral (0 when inside), in frame pixels.
    static func distance(from point: Point, to quad: Quadrilateral) -> Double {
        if quad.contains(point) { return 0 }
        var best = Double.infinity
        for i in 0..<4 {
            let a = quad.corner(i), b = quad.corner(i + 1)
            let ab = b - a, ap = point - a
            let lengthSquared = ab.x * ab.x + ab.y * ab.y
            let t = lengthSquared > 0 ? max(0, min(1, (ap.x * ab.x + ap.y * ab.y) / lengthSquared)) : 0
            best = min(best, point.distance(to: a + ab * t))
        }
        return best
    }
}

/// Debug-guide geometry of a ``ScanArea`` for one frame size, all in frame pixels.
public struct ScanAreaGuides: Sendable, Hashable {
    /// The shape of the location selection.
    public enum SelectionShape: Sendable, Hashable {
        /// No selection.
        case none
        /// A circle (centre and radius in frame pixels).
        case circle(center: Point, radius: Double)
        /// A rectangle in frame pixels.
        case rectangle(Rect)
    }

    /// The whole frame.
    public var frame: Rect
    /// The scan area after margins.
    public var scanArea: Rect
    /// The point of interest.
    public var pointOfInterest: Point
    /// The selection shape.
    public var selection: SelectionShape
}
