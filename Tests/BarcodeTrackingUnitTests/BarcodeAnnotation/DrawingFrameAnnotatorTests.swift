import Testing
import BarcodeAnnotation
import BarcodeTracking

struct FrameAnnotatorTests {
    let frame: LumaImage
    let code = Rect(x: 50, y: 50, width: 60, height: 40)

    init() throws {
        frame = try LumaImage(width: 200, height: 200, filledWith: 100)
    }

    func annotate(_ track: TrackedBarcode, overlays: [OverlayPlan] = []) -> RGBImage {
        FrameAnnotator().annotated(frame, tracks: [track], overlays: overlays)
    }

    @Test("Decoded codes are filled translucently and outlined in the decoded colour")
    func decoded() {
        let image = annotate(OverlayFixtures.track(7, Quadrilateral(code)))
        // 30 % green (30, 200, 60) over grey 100.
        #expect(image[80, 70] == RGBColor(red: 79, green: 130, blue: 88))
        #expect(image[50, 70] == .green && image[80, 90] == .green)
        #expect(image[150, 150] == RGBColor(gray: 100))
    }

    @Test("Located-only codes get an outline only")
    func locatedOnly() {
        let image = annotate(OverlayFixtures.track(7, Quadrilateral(code), decoded: false))
        #expect(image[80, 70] == RGBColor(gray: 100))
        #expect(image[50, 70] == .yellow && image[109, 70] == .yellow)
    }

    @Test("Rejected codes use the rejected colour whether decoded or not", arguments: [true, false])
    func rejected(decoded: Bool) {
        let image = annotate(OverlayFixtures.track(7, Quadrilateral(code), decoded: decoded, rejected: true))
        #expect(image[50, 70] == .red)
        #expect((image[80, 70] == RGBColor(gray: 100)) == !decoded)
    }

    @Test("Predicted-only codes are drawn fainter and lost codes not at all")
    func predictedAndLost() {
        let predicted = annotate(OverlayFixtures.track(7, Quadrilateral(code), state: .predictedOnly, decoded: false))
        #expect(predicted[50, 70] == RGBColor(red: 175, green: 155, blue: 60))
        let lost = annotate(OverlayFixtures.track(7, Quadrilateral(code), state: .lost))
        #expect(lost == RGBImage(frame))
    }

    @Test("Overlay plans are outlined in the overlay colour, rejected ones in the rejected colour")
    func overlays() throws {
        let config = try OverlayConfiguration(anchor: .bottomCenter, offsetY: .fixedPx(10), sizeY: .fixedPx(30))
        let planner = OverlayPlanner(configuration: config)
        let track = OverlayFixtures.track(7, Quadrilateral(code))
        let plan = planner.plan(for: track)
        #expect(plan.rect == Rect(x: 50, y: 100, width: 60, height: 30))
        let image = annotate(track, overlays: [plan])
        #expect(image[50, 115] == .magenta && image[80, 130] == .magenta)
        #expect(image[80, 115] == RGBColor(gray: 100))
        var rejectedPlan = plan
        rejectedPlan.isRejected = true
        #expect(annotate(track, overlays: [rejectedPlan])[50, 115] == .red)
        let oriented = OverlayPlanner(configuration: config, orientation: .oriented)
            .plan(for: OverlayFixtures.track(7, OverlayFixtures.rotated(code, by: 90)))
        let turned = annotate(OverlayFixtures.track(7, OverlayFixtures.rotated(code, by: 90)), overlays: [oriented])
        // Turned 90° clockwise about (80, 70), the code's bottom faces left: the overlay spans x 20...50, y 40...100.
        #expect(turned[20, 70] == .magenta && turned[35, 40] == .magenta)
        #expect(turned[35, 70] == RGBColor(gray: 100))
    }

    @Test("Track IDs are written above the code, or below it at the top edge")
    func labels() {
        let image = annotate(OverlayFixtures.track(7, Quadrilateral(code)))
        // ID "7" at scale 2 with 2 px padding: box 14 × 18 at (50, 32).
        #expect(image[51, 33] == .green)
        let box = (50..<64).flatMap { x in (32..<50).map { y in image[x, y] } }
        #expect(box.contains(.white))
        let atTop = annotate(OverlayFixtures.track(7, Quadrilateral(Rect(x: 50, y: 0, width: 60, height: 40))))
        #expect(atTop[51, 41] == .green)
        let unlabeled = FrameAnnotator(style: AnnotationStyle(showsTrackIDs: false)).annotated(frame, tracks: [OverlayFixtures.track(7, Quadrilateral(code))])
        #expect(unlabeled[51, 33] == RGBColor(gray: 100))
    }

    @Test("Guides show the scan area, the point of interest and the selection")
    func guides() throws {
        var image = RGBImage(frame)
        let annotator = FrameAnnotator()
        annotator.drawGuides(on: &image, scanArea: Rect(x: 20, y: 20, width: 160, height: 160),
                             pointOfInterest: Point(x: 100, y: 100), selectionRadius: 30)
        #expect(image[20, 60] == .cyan && image[100, 179] == .cyan)
        #expect(image[100, 100] == .cyan && image[106, 100] == .cyan)
        #expect(image[130, 100] == .cyan && image[100, 70] == .cyan && image[121, 121] == .cyan)
        #expect(image[115, 115] == RGBColor(gray: 100))
        var boxed = RGBImage(frame)
        annotator.drawGuides(on: &boxed, scanArea: Rect(x: 0, y: 0, width: 200, height: 200),
                             pointOfInterest: Point(x: 100, y: 100), selectionRectangle: Rect(x: 60, y: 80, width: 80, height: 40))
        #expect(boxed[60, 100] == .cyan && boxed[100, 120] == .cyan)
        #expect(boxed[130, 100] == RGBColor(gray: 100))
    }
}
