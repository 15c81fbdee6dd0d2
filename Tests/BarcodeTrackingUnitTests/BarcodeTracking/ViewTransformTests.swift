import Testing
import BarcodeTracking

struct ViewTransformTests {
    static let frame = Size(width: 640, height: 480)
    static let orientations: [(ViewRotation, Bool)] = ViewRotation.allCases.flatMap { [($0, false), ($0, true)] }
    static let samplePoints = [Point(x: 0, y: 0), Point(x: 640, y: 480), Point(x: 123.5, y: 77.25), Point(x: 600, y: 10), Point(x: -20, y: 500)]

    @Test("Frame to view and back returns the same points, rectangles and corners for every content mode, rotation and mirroring",
          arguments: ContentMode.allCases, orientations)
    func roundTrips(mode: ContentMode, orientation: (ViewRotation, Bool)) throws {
        for view in [Size(width: 390, height: 844), Size(width: 1024, height: 768), Size(width: 300, height: 300)] {
            let t = try ViewTransform(frameSize: Self.frame, viewSize: view, contentMode: mode,
                                      rotation: orientation.0, isMirrored: orientation.1)
            for p in Self.samplePoints {
                #expect(OverlayFixtures.close(t.framePoint(fromView: t.viewPoint(fromFrame: p)), p, 1e-9))
                #expect(OverlayFixtures.close(t.viewPoint(fromFrame: t.framePoint(fromView: p)), p, 1e-9))
            }
            let rect = Rect(x: 50, y: 60, width: 200, height: 100)
            #expect(OverlayFixtures.close(t.frameRect(fromView: t.viewRect(fromFrame: rect)), rect, 1e-9))
            let quad = OverlayFixtures.rotated(rect, by: 20)
            #expect(OverlayFixtures.close(t.frameQuadrilateral(fromView: t.viewQuadrilateral(fromFrame: quad)), quad, 1e-9))
            // Quarter turns and mirroring keep rectangles rectangles: the view rect is exactly the corners' enclosing rectangle.
            #expect(OverlayFixtures.close(t.viewRect(fromFrame: rect), t.viewQuadrilateral(fromFrame: Quadrilateral(rect)).boundingBox, 1e-9))
            // The whole frame: fills the view exactly (stretch), covers it (fill) or fits inside it touching two edges (fit).
            let shown = t.viewRect(fromFrame: Rect(x: 0, y: 0, width: 640, height: 480))
            let bounds = Rect(x: 0, y: 0, width: view.width, height: view.height)
            switch mode {
            case .stretch: #expect(OverlayFixtures.close(shown, bounds, 1e-9))
            case .aspectFill:
                #expect(shown.x <= 1e-9 && shown.y <= 1e-9 && shown.maxX >= view.width - 1e-9 && shown.maxY >= view.height - 1e-9)
                #expect(OverlayFixtures.close(shown.width, view.width, 1e-9) || OverlayFixtures.close(shown.height, view.height, 1e-9))
            case .aspectFit:
                #expect(shown.x >= -1e-9 && shown.y >= -1e-9 && shown.maxX <= view.width + 1e-9 && shown.maxY <= view.height + 1e-9)
                #expect(OverlayFixtures.close(shown.width, view.width, 1e-9) || OverlayFixtures.close(shown.height, view.height, 1e-9))
            }
        }
    }

    @Test("Content modes scale and centre as documented")
    func contentModes() throws {
        let view = Size(width: 320, height: 320)
        let fit = try ViewTransform(frameSize: Self.frame, viewSize: view, contentMode: .aspectFit)
        #expect(fit.viewPoint(fromFrame: .zero) == Point(x: 0, y: 40))
        #expect(fit.viewPoint(fromFrame: Point(x: 640, y: 480)) == Point(x: 320, y: 280))
        let fill = try ViewTransform(frameSize: Self.frame, viewSize: view, contentMode: .aspectFill)
        #expect(OverlayFixtures.close(fill.viewPoint(fromFrame: Point(x: 320, y: 240)), Point(x: 160, y: 160)))
        #expect(OverlayFixtures.close(fill.viewPoint(fromFrame: Point(x: 80, y: 0)), Point(x: 0, y: 0)))
        #expect(OverlayFixtures.close(fill.visibleFrameRect, Rect(x: 80, y: 0, width: 480, height: 480)))
        #expect(fit.visibleFrameRect == Rect(x: 0, y: 0, width: 640, height: 480))
        let stretch = try ViewTransform(frameSize: Self.frame, viewSize: view, contentMode: .stretch)
        #expect(stretch.viewPoint(fromFrame: Point(x: 320, y: 120)) == Point(x: 160, y: 80))
    }

    /// A frame point and where it lands in the view, for one rotation and mirroring
    /// (a portrait view for quarter turns, the frame's own size otherwise).
    static let turnedPoints: [(rotation: ViewRotation, isMirrored: Bool, frame: Point, view: Point)] = [
        (.clockwise90, false, .zero, Point(x: 480, y: 0)),
        (.clockwise90, false, Point(x: 640, y: 0), Point(x: 480, y: 640)),
        (.clockwise270, false, .zero, Point(x: 0, y: 640)),
        (.clockwise180, false, Point(x: 10, y: 20), Point(x: 630, y: 460)),
        (.none, true, Point(x: 10, y: 20), Point(x: 630, y: 20)),
        (.clockwise90, true, .zero, Point(x: 0, y: 0)),
    ]

    @Test("Rotations turn the frame clockwise and mirroring flips it left-right as shown", arguments: turnedPoints)
    func rotationAndMirroring(turn: (rotation: ViewRotation, isMirrored: Bool, frame: Point, view: Point)) throws {
        let quarterTurn = turn.rotation == .clockwise90 || turn.rotation == .clockwise270
        let view = quarterTurn ? Size(width: 480, height: 640) : Self.frame
        let t = try ViewTransform(frameSize: Self.frame, viewSize: view, rotation: turn.rotation, isMirrored: turn.isMirrored)
        #expect(t.viewPoint(fromFrame: turn.frame) == turn.view)
    }

    @Test("Rotations are built from degrees; other angles are rejected")
    func rotationDegrees() throws {
        #expect(try ViewRotation(degrees: -90) == .clockwise270)
        #expect(try ViewRotation(degrees: 450) == .clockwise90)
        #expect { try ViewRotation(degrees: 45) } throws: { ($0 as? ViewGeometryError)?.code == .invalidRotation }
    }

    @Test("Empty or non-finite sizes are rejected", arguments: [Size(width: 0, height: 10), Size(width: 10, height: -1), Size(width: .nan, height: 5)])
    func invalidSizes(size: Size) {
        #expect { try ViewTransform(frameSize: size, viewSize: Self.frame) } throws: { ($0 as? ViewGeometryError)?.code == .invalidSize }
        #expect { try ViewTransform(frameSize: Self.frame, viewSize: size) } throws: { "\($0)".contains("view size") }
    }

    @Test("A tap hits the code under it, the smallest when codes overlap, and nothing elsewhere",
          arguments: ContentMode.allCases, orientations)
    func hitTesting(mode: ContentMode, orientation: (ViewRotation, Bool)) throws {
        let t = try ViewTransform(frameSize: Self.frame, viewSize: Size(width: 400, height: 700), contentMode: mode,
                                  rotation: orientation.0, isMirrored: orientation.1)
        let big = OverlayFixtures.track(1, Quadrilateral(Rect(x: 200, y: 150, width: 200, height: 200)))
        let small = OverlayFixtures.track(2, OverlayFixtures.rotated(Rect(x: 280, y: 230, width: 40, height: 40), by: 30))
        let lost = OverlayFixtures.track(3, Quadrilateral(Rect(x: 20, y: 20, width: 50, height: 50)), state: .lost)
        let tracks = [big, small, lost]
        #expect(t.track(at: t.viewPoint(fromFrame: Point(x: 300, y: 250)), in: tracks)?.id == small.id)
        #expect(t.track(at: t.viewPoint(fromFrame: Point(x: 220, y: 330)), in: tracks)?.id == big.id)
        #expect(t.track(at: t.viewPoint(fromFrame: Point(x: 45, y: 45)), in: tracks) == nil)
        #expect(t.track(at: t.viewPoint(fromFrame: Point(x: 100, y: 250)), in: tracks) == nil)
        // Just outside the big code: only a tolerance (in view points) makes it count.
        let near = t.viewPoint(fromFrame: Point(x: 196, y: 250))
        #expect(t.track(at: near, in: tracks) == nil)
        #expect(t.track(at: near, in: tracks, tolerance: 5 * max(t.scaleX, t.scaleY))?.id == big.id)
    }

    @Test("Scan-area guides map frame geometry to view points")
    func scanAreaGuides() throws {
        let t = try ViewTransform(frameSize: Self.frame, viewSize: Size(width: 320, height: 320), contentMode: .aspectFit)
        let radius = t.scanAreaGuides(scanArea: Rect(x: 40, y: 40, width: 560, height: 400), pointOfInterest: Point(x: 320, y: 240), selectionRadius: 50)
        #expect(radius.scanArea == Rect(x: 20, y: 60, width: 280, height: 200))
        #expect(radius.pointOfInterest == Point(x: 160, y: 160))
        #expect(radius.selection == .ellipse(center: Point(x: 160, y: 160), radiusX: 25, radiusY: 25))
        let rect = t.scanAreaGuides(scanArea: Rect(x: 0, y: 0, width: 640, height: 480), pointOfInterest: Point(x: 320, y: 240),
                                    selectionRectangle: Rect(x: 220, y: 200, width: 200, height: 80))
        #expect(rect.selection == .rectangle(Rect(x: 110, y: 140, width: 100, height: 40)))
        #expect(t.scanAreaGuides(scanArea: Rect(x: 0, y: 0, width: 1, height: 1), pointOfInterest: .zero).selection == nil)
        let stretched = try ViewTransform(frameSize: Self.frame, viewSize: Size(width: 480, height: 640), contentMode: .stretch, rotation: .clockwise90)
        let ellipse = stretched.scanAreaGuides(scanArea: Rect(x: 0, y: 0, width: 640, height: 480), pointOfInterest: Point(x: 320, y: 240), selectionRadius: 10)
        #expect(ellipse.selection == .ellipse(center: Point(x: 240, y: 320), radiusX: 10, radiusY: 10))
    }
}
