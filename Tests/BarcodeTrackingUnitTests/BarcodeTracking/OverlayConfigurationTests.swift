import Foundation
import Testing
@testable import BarcodeTracking

/// Shared test geometry for the overlay, view and drawing tests.
enum OverlayFixtures {
    /// The code of most tests: enclosing rectangle 80 × 40 at (100, 200).
    static let codeRect = Rect(x: 100, y: 200, width: 80, height: 40)

    /// `rect` rotated by `degrees` clockwise about `center`, corners keeping their labels.
    static func rotated(_ rect: Rect, by degrees: Double, about center: Point? = nil) -> Quadrilateral {
        rotated(Quadrilateral(rect), by: degrees, about: center ?? rect.center)
    }

    static func rotated(_ q: Quadrilateral, by degrees: Double, about c: Point) -> Quadrilateral {
        let a = degrees * .pi / 180, cs = cos(a), sn = sin(a)
        func r(_ p: Point) -> Point {
            let d = p - c
            return Point(x: c.x + d.x * cs - d.y * sn, y: c.y + d.x * sn + d.y * cs)
        }
        return Quadrilateral(topLeft: r(q.topLeft), topRight: r(q.topRight), bottomRight: r(q.bottomRight), bottomLeft: r(q.bottomLeft))
    }

    static func track(
        _ id: Int, _ location: Quadrilateral, predicted: Quadrilateral? = nil, state: TrackState = .tracked,
        decoded: Bool = true, rejected: Bool = false, animate: Bool = true, deltaTime: Double = 1.0 / 30
    ) -> TrackedBarcode {
        let barcode = decoded ? Barcode(symbology: .qrCode, data: "code \(id)", bytes: Array("code \(id)".utf8), location: location) : nil
        return TrackedBarcode(
            id: TrackID(rawValue: id), barcode: barcode, location: location, predictedLocation: predicted ?? location,
            deltaTimeForPrediction: deltaTime, velocity: .zero, shouldAnimateFromPreviousToNextState: animate,
            firstSeen: 0, lastSeen: 0, framesSeen: 1, state: state, isRejected: rejected)
    }

    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance * Swift.max(1, abs(a), abs(b)) }
    static func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool { close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance) }
    static func close(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
        close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance) && close(a.width, b.width, tolerance) && close(a.height, b.height, tolerance)
    }
    static func close(_ a: Quadrilateral, _ b: Quadrilateral, _ tolerance: Double = 1e-9) -> Bool {
        close(a.topLeft, b.topLeft, tolerance) && close(a.topRight, b.topRight, tolerance)
            && close(a.bottomRight, b.bottomRight, tolerance) && close(a.bottomLeft, b.bottomLeft, tolerance)
    }
}

/// One row of the scale table: the scales and the sizes/offsets they must give for an 80 × 40 code.
struct ScaleCase: Sendable, CustomTestStringConvertible {
    var offsetX: OverlayScale, offsetY: OverlayScale, sizeX: OverlayScale, sizeY: OverlayScale
    /// Expected overlay width, height and offset amounts, worked out by hand for an 80 × 40 code.
    var width: Double, height: Double, dx: Double, dy: Double
    var testDescription: String { "size \(sizeX)/\(sizeY) offset \(offsetX)/\(offsetY)" }

    static let all: [ScaleCase] = [
        ScaleCase(offsetX: .none, offsetY: .none, sizeX: .none, sizeY: .none, width: 80, height: 40, dx: 0, dy: 0),
        ScaleCase(offsetX: .overlay(0.5), offsetY: .overlay(0.25), sizeX: .overlay(1.5), sizeY: .overlay(2), width: 120, height: 80, dx: 40, dy: 10),
        ScaleCase(offsetX: .fixedPx(7), offsetY: .fixedPx(15), sizeX: .fixedPx(30), sizeY: .fixedPx(12), width: 30, height: 12, dx: 7, dy: 15),
        ScaleCase(offsetX: .keepRatio(0.5), offsetY: .keepRatio(2), sizeX: .keepRatio(2), sizeY: .fixedPx(10), width: 20, height: 10, dx: 10, dy: 20),
        ScaleCase(offsetX: .keepRatio(1), offsetY: .none, sizeX: .overlay(0.5), sizeY: .keepRatio(0.75), width: 40, height: 30, dx: 40, dy: 0),
        ScaleCase(offsetX: .fixedPx(-10), offsetY: .overlay(-0.5), sizeX: .none, sizeY: .fixedPx(20), width: 80, height: 20, dx: -10, dy: -20),
    ]

    func configuration(_ anchor: OverlayAnchor) throws -> OverlayConfiguration {
        try OverlayConfiguration(anchor: anchor, offsetX: offsetX, offsetY: offsetY, sizeX: sizeX, sizeY: sizeY)
    }

    /// The rule written per edge: which overlay edge touches which code edge, then the offset away from the code.
    func expectedRect(_ anchor: OverlayAnchor, code: Rect) -> Rect {
        let x: Double, y: Double
        switch anchor {
        case .topLeft, .centerLeft, .bottomLeft: x = code.x - dx - width          // right edge on the code's left edge
        case .topRight, .centerRight, .bottomRight: x = code.maxX + dx            // left edge on the code's right edge
        default: x = code.center.x - width / 2 + dx                               // centred, +x away
        }
        switch anchor {
        case .topLeft, .topCenter, .topRight: y = code.y - dy - height            // bottom edge on the code's top edge
        case .bottomLeft, .bottomCenter, .bottomRight: y = code.maxY + dy         // top edge on the code's bottom edge
        default: y = code.center.y - height / 2 + dy
        }
        return Rect(x: x, y: y, width: width, height: height)
    }
}

struct OverlayConfigurationTests {
    @Test("The reference example sits centred 15 px above the code, 1.5x as wide, 0.75x its own width high")
    func referenceExample() throws {
        let config = try OverlayConfiguration(
            anchor: .topCenter, offsetY: .fixedPx(15), sizeX: .overlay(1.5), sizeY: .keepRatio(0.75))
        let rect = config.rectangle(around: OverlayFixtures.codeRect)
        #expect(rect == Rect(x: 80, y: 95, width: 120, height: 90))
        #expect(rect.maxY == OverlayFixtures.codeRect.y - 15)
        #expect(rect.center.x == OverlayFixtures.codeRect.center.x)
    }

    @Test("Every anchor with every scale type places the overlay by the documented rule on an axis-aligned code",
          arguments: OverlayAnchor.allCases, ScaleCase.all)
    func axisAlignedTable(anchor: OverlayAnchor, scale: ScaleCase) throws {
        let config = try scale.configuration(anchor)
        let code = OverlayFixtures.codeRect
        #expect(OverlayFixtures.close(config.rectangle(around: code), scale.expectedRect(anchor, code: code)))
        // The same code given as corners gives the same rectangle.
        #expect(OverlayFixtures.close(config.rectangle(around: Quadrilateral(code)), scale.expectedRect(anchor, code: code)))
    }

    @Test("On a rotated code the axis-aligned overlay uses the enclosing rectangle of the corners",
          arguments: OverlayAnchor.allCases, ScaleCase.all)
    func rotatedCodeUsesEnclosingRectangle(anchor: OverlayAnchor, scale: ScaleCase) throws {
        // A 40 × 40 square turned 45°: its enclosing rectangle is 40√2 wide and high around the same centre.
        let square = Rect(x: 300, y: 300, width: 40, height: 40)
        let quad = OverlayFixtures.rotated(square, by: 45)
        let side = 40 * 2.0.squareRoot()
        let enclosing = Rect(x: 320 - side / 2, y: 320 - side / 2, width: side, height: side)
        let config = try scale.configuration(anchor)
        #expect(OverlayFixtures.close(config.rectangle(around: quad), config.rectangle(around: enclosing), 1e-9))
        #expect(OverlayFixtures.close(quad.boundingBox, enclosing, 1e-9))
    }

    @Test("The oriented overlay is the upright overlay turned with the code",
          arguments: OverlayAnchor.allCases, [30.0, 90, 180, 270, -45])
    func orientedFollowsRotation(anchor: OverlayAnchor, degrees: Double) throws {
        let code = OverlayFixtures.codeRect
        for scale in ScaleCase.all {
            let config = try scale.configuration(anchor)
            let upright = Quadrilateral(scale.expectedRect(anchor, code: code))
            let expected = OverlayFixtures.rotated(upright, by: degrees, about: code.center)
            let actual = config.orientedQuadrilateral(around: OverlayFixtures.rotated(code, by: degrees))
            #expect(OverlayFixtures.close(actual, expected, 1e-9), "\(scale.testDescription)")
        }
    }

    @Test("The oriented overlay of an upright code matches the axis-aligned one")
    func orientedUprightEqualsAxisAligned() throws {
        let config = try OverlayConfiguration(anchor: .bottomLeft, offsetX: .fixedPx(3), sizeX: .overlay(0.5))
        let quad = config.orientedQuadrilateral(around: Quadrilateral(OverlayFixtures.codeRect))
        #expect(OverlayFixtures.close(quad, Quadrilateral(config.rectangle(around: OverlayFixtures.codeRect))))
    }

    @Test("Negative offsets pull the overlay in over the code")
    func negativeOffsets() throws {
        let code = OverlayFixtures.codeRect
        let above = try OverlayConfiguration(anchor: .topCenter, offsetY: .fixedPx(-10)).rectangle(around: code)
        #expect(above.maxY == code.y + 10)
        let left = try OverlayConfiguration(anchor: .centerLeft, offsetX: .overlay(-0.5)).rectangle(around: code)
        #expect(left.maxX == code.x + 40)
        let centred = try OverlayConfiguration(anchor: .center, offsetX: .fixedPx(-5), offsetY: .fixedPx(-6)).rectangle(around: code)
        #expect(centred == Rect(x: 95, y: 194, width: 80, height: 40))
    }

    @Test("keepRatio sizes follow the other axis and keepRatio offsets the overlay's own size")
    func keepRatio() throws {
        let code = OverlayFixtures.codeRect
        let wide = try OverlayConfiguration(sizeX: .keepRatio(3), sizeY: .fixedPx(10))
        #expect(wide.overlaySize(forCodeSize: Size(width: 80, height: 40)) == Size(width: 30, height: 10))
        let tall = try OverlayConfiguration(sizeX: .overlay(0.5), sizeY: .keepRatio(2))
        #expect(tall.overlaySize(forCodeSize: Size(width: 80, height: 40)) == Size(width: 40, height: 80))
        let pushed = try OverlayConfiguration(anchor: .bottomRight, offsetX: .keepRatio(0.5), offsetY: .keepRatio(-1), sizeX: .fixedPx(40), sizeY: .fixedPx(8))
        #expect(pushed.rectangle(around: code) == Rect(x: code.maxX + 20, y: code.maxY - 8, width: 40, height: 8))
    }

    @Test("keepRatio on both size axes is rejected when the configuration is built")
    func keepRatioOnBothAxes() {
        #expect { try OverlayConfiguration(sizeX: .keepRatio(1), sizeY: .keepRatio(2)) } throws: { error in
            (error as? OverlayError)?.code == .keepRatioOnBothAxes && "\(error)".contains("size.x")
        }
    }

    @Test("Non-finite, huge and non-positive-size values are rejected, naming the key",
          arguments: [
            (OverlayScale.none, OverlayScale.fixedPx(0), "size.x"), (.none, .overlay(-1), "size.x"),
            (.fixedPx(.nan), .none, "offset.x"), (.fixedPx(.infinity), .none, "offset.x"),
            (.fixedPx(1e308), .none, "offset.x"), (.overlay(-2e6), .none, "offset.x"),
            (.none, .overlay(1e300), "size.x"), (.none, .fixedPx(1e7), "size.x"),
          ] as [(OverlayScale, OverlayScale, String)])
    func invalidValues(offset: OverlayScale, size: OverlayScale, key: String) {
        #expect { try OverlayConfiguration(offsetX: offset, sizeX: size) } throws: { error in
            (error as? OverlayError)?.code == .invalidValue && "\(error)".contains(key)
        }
    }

    @Test("The default configuration covers the code exactly")
    func defaults() throws {
        #expect(OverlayConfiguration.default == (try OverlayConfiguration()))
        #expect(OverlayConfiguration.default.anchor == .center)
        #expect(OverlayConfiguration.default.rectangle(around: OverlayFixtures.codeRect) == OverlayFixtures.codeRect)
    }

    @Test("Anchor names parse case-insensitively with separators ignored")
    func anchorNames() {
        for anchor in OverlayAnchor.allCases { #expect(OverlayAnchor(name: anchor.rawValue) == anchor) }
        #expect(OverlayAnchor(name: "TOP-center") == .topCenter)
        #expect(OverlayAnchor(name: "bottom_right") == .bottomRight)
        #expect(OverlayAnchor(name: "middle") == nil)
    }
}
