import Testing
import BarcodeTracking
@testable import track
import TrackArguments

struct OverlaySpecificationTests {
    @Test("The issue's example spec parses into the reference configuration")
    func referenceSpec() throws {
        let spec = try OverlaySpecification(parsing: "anchor=topCenter,offset.y=fixedPx:15,size.x=overlay:1.5,size.y=keepRatio:0.75")
        let expected = try OverlayConfiguration(anchor: .topCenter, offsetY: .fixedPx(15), sizeX: .overlay(1.5), sizeY: .keepRatio(0.75))
        #expect(spec.configuration == expected)
        #expect(spec.expiry == .default)
        #expect(spec.configuration.rectangle(around: Rect(x: 100, y: 200, width: 80, height: 40)) == Rect(x: 80, y: 95, width: 120, height: 90))
    }

    @Test("Every key is read, with spaces and case tolerated and missing keys left at their defaults")
    func allKeys() throws {
        let spec = try OverlaySpecification(parsing: " anchor = bottom-left , offset.x=overlay:-0.5, OFFSET.Y=keepRatio:2,size.x=fixedpx:30,size.y=none,expiry=2.5s ")
        #expect(spec.configuration == (try OverlayConfiguration(
            anchor: .bottomLeft, offsetX: .overlay(-0.5), offsetY: .keepRatio(2), sizeX: .fixedPx(30), sizeY: .none)))
        #expect(spec.expiry.seconds == 2.5)
        let minimal = try OverlaySpecification(parsing: "expiry=0.5")
        #expect(minimal.configuration == .default)
        #expect(minimal.expiry.seconds == 0.5)
    }

    @Test("The description parses back to the same specification")
    func roundTrip() throws {
        let spec = try OverlaySpecification(parsing: "anchor=centerRight,offset.x=fixedPx:-3,size.y=keepRatio:0.5,expiry=4")
        #expect(try OverlaySpecification(parsing: spec.description) == spec)
    }

    @Test("Bad specs are rejected with an error naming the bad key or value",
          arguments: [
            ("", OverlayError.Code.malformedSpec, "empty"),
            ("anchor", .malformedSpec, "key=value"),
            ("colour=red", .unknownKey, "colour"),
            ("anchor=middle", .malformedSpec, "middle"),
            ("size.x=huge:2", .malformedSpec, "size.x"),
            ("offset.y=fixedPx", .malformedSpec, "offset.y"),
            ("offset.y=fixedPx:abc", .malformedSpec, "offset.y"),
            ("size.y=overlay:nan", .malformedSpec, "size.y"),
            ("size.x=keepRatio:1,size.y=keepRatio:1", .keepRatioOnBothAxes, "keepRatio"),
            ("size.x=fixedPx:-4", .invalidValue, "size.x"),
            ("expiry=soon", .malformedSpec, "expiry"),
            ("expiry=0.4", .expiryOutOfRange, "expiry"),
            ("expiry=5.5", .expiryOutOfRange, "expiry"),
            ("anchor=center,anchor=topLeft", .malformedSpec, "anchor"),
            ("anchor=center,,size.x=none", .malformedSpec, "key=value"),
          ] as [(String, OverlayError.Code, String)])
    func badSpecs(text: String, code: OverlayError.Code, mention: String) {
        #expect { try OverlaySpecification(parsing: text) } throws: { error in
            guard let error = error as? OverlayError else { return false }
            return error.code == code && error.message.contains(mention)
        }
    }
}
