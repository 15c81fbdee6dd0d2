import Testing
import BarcodeTracking

struct ScanAreaTests {
    let frame = Size(width: 1000, height: 500)

    @Test("Margins in pixels and as fractions shrink the area; the point of interest follows it")
    func margins() throws {
        let area = try ScanArea(margins: .init(left: .pixels(100), top: .fraction(0.1), right: .fraction(0.2), bottom: .pixels(50)))
        #expect(area.area(in: frame) == Rect(x: 100, y: 50, width: 700, height: 400))
        #expect(area.pointOfInterest(in: frame) == Point(x: 450, y: 250))
        let moved = try ScanArea(margins: area.margins, pointOfInterest: .fraction(x: 0, y: 1))
        #expect(moved.pointOfInterest(in: frame) == Point(x: 100, y: 450))
        #expect(!area.contains(square(at: Point(x: 50, y: 250)), in: frame))
        #expect(area.contains(square(at: Point(x: 150, y: 250)), in: frame))
    }

    @Test("A radius selection keeps codes the circle touches; radius 0 needs the code to contain the point")
    func radiusSelection() throws {
        let poi = Point(x: 500, y: 250)
        let circle = try ScanArea(selection: .radius(30))
        #expect(circle.contains(square(at: Point(x: 545, y: 250), size: 40), in: frame), "edge at 25 px")
        #expect(!circle.contains(square(at: Point(x: 560, y: 250), size: 40), in: frame), "edge at 40 px")
        let point = try ScanArea(pointOfInterest: .pixels(poi), selection: .radius(0))
        #expect(point.contains(square(at: Point(x: 510, y: 260), size: 40), in: frame))
        #expect(!point.contains(square(at: Point(x: 530, y: 250), size: 40), in: frame))
        #expect(point.guides(in: frame).selection == .circle(center: poi, radius: 0))
    }

    @Test("A rectangular selection, by size or by width and aspect ratio, is centred on the point of interest")
    func rectangleSelection() throws {
        let sized = try ScanArea(selection: .rectangle(width: .pixels(200), height: .fraction(0.2)))
        #expect(sized.selectionRectangle(in: frame) == Rect(x: 400, y: 200, width: 200, height: 100))
        let aspect = try ScanArea(selection: .rectangleWithAspectRatio(width: .fraction(0.5), aspectRatio: 4))
        #expect(aspect.selectionRectangle(in: frame) == Rect(x: 250, y: 187.5, width: 500, height: 125))
        #expect(sized.contains(square(at: Point(x: 590, y: 240)), in: frame))
        #expect(!sized.contains(square(at: Point(x: 620, y: 240)), in: frame))
        let guides = sized.guides(in: frame)
        #expect(guides.scanArea == Rect(x: 0, y: 0, width: 1000, height: 500))
        #expect(guides.selection == .rectangle(Rect(x: 400, y: 200, width: 200, height: 100)))
    }

    @Test("Invalid lengths are rejected when the scan area is built")
    func invalidValues() {
        #expect(throws: TrackingError.self) { try ScanArea(margins: .init(left: .fraction(1.5))) }
        #expect(throws: TrackingError.self) { try ScanArea(margins: .init(top: .pixels(-1))) }
        #expect(throws: TrackingError.self) { try ScanArea(selection: .radius(.nan)) }
        #expect(throws: TrackingError.self) { try ScanArea(pointOfInterest: .fraction(x: 2, y: 0)) }
        #expect(throws: TrackingError.self) {
            try ScanArea(selection: .rectangleWithAspectRatio(width: .pixels(10), aspectRatio: 0))
        }
    }
}
