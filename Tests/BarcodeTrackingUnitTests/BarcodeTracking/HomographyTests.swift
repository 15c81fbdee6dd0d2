import BarcodeTracking
import Testing

struct HomographyTests {
    static let tilted = Homography([0.9, -0.2, 40, 0.15, 1.1, -25, 0.0004, -0.0002, 1])!

    @Test("A homography composed with its inverse maps points back to themselves")
    func inverseRoundTrip() throws {
        let inverse = try #require(Self.tilted.inverse)
        for p in [Point(x: 0, y: 0), Point(x: 640, y: 360), Point(x: 1279, y: 719), Point(x: -50, y: 900)] {
            #expect(inverse.apply(Self.tilted.apply(p)).distance(to: p) < 1e-6)
            #expect(Self.tilted.composed(after: inverse).apply(p).distance(to: p) < 1e-6)
        }
    }

    @Test("A singular matrix has no inverse; eight entries or a NaN make no homography")
    func singular() {
        #expect(Homography([1, 2, 3, 2, 4, 6, 0, 0, 1])?.inverse == nil)
        #expect(Homography([1, 0, 0, 0, 1, 0, 0, 0]) == nil)
        #expect(Homography([1, 0, .nan, 0, 1, 0, 0, 0, 1]) == nil)
    }

    @Test("Local scale is the magnification: 2 for a uniform zoom of 2, shrinking towards the horizon under tilt")
    func scale() {
        let zoom = Homography([2, 0, 10, 0, 2, -5, 0, 0, 1])!
        #expect(abs(zoom.scale(at: Point(x: 100, y: 50)) - 2) < 1e-12)
        let tilt = Homography([1, 0, 0, 0, 1, 0, 0, 0.001, 1])!
        #expect(tilt.scale(at: Point(x: 0, y: 500)) < tilt.scale(at: Point(x: 0, y: 0)))
    }

    @Test("The unit square maps onto a quad's four corners, in a perspective view and a parallelogram; three collinear corners give none")
    func unitSquareToQuad() throws {
        let tilted = Quadrilateral(topLeft: Point(x: 731, y: 449), topRight: Point(x: 719, y: 172),
                                   bottomRight: Point(x: 997, y: 170), bottomLeft: Point(x: 1028, y: 451))
        let sheared = Quadrilateral(topLeft: Point(x: 10, y: 10), topRight: Point(x: 110, y: 30),
                                    bottomRight: Point(x: 130, y: 130), bottomLeft: Point(x: 30, y: 110))
        for quad in [tilted, sheared] {
            let map = try #require(Homography(unitSquareTo: quad))
            let square = [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1)]
            for (corner, expected) in zip(square, quad.corners) {
                #expect(map.apply(corner).distance(to: expected) < 1e-9)
            }
            let inverse = try #require(map.inverse)
            #expect(inverse.apply(quad.topLeft).distance(to: Point(x: 0, y: 0)) < 1e-9)
        }
        let flat = Quadrilateral(topLeft: Point(x: 0, y: 0), topRight: Point(x: 10, y: 0),
                                 bottomRight: Point(x: 20, y: 0), bottomLeft: Point(x: 0, y: 10))
        #expect(Homography(unitSquareTo: flat) == nil)
    }
}
