import Testing
import BarcodeTracking

struct OverlayPlannerTests {
    let reference: OverlayConfiguration

    init() throws {
        reference = try OverlayConfiguration(anchor: .topCenter, offsetY: .fixedPx(15), sizeX: .overlay(1.5), sizeY: .keepRatio(0.75))
    }

    @Test("A plan holds the overlay for the current and the predicted location with the delta time")
    func currentAndPredicted() {
        let now = Quadrilateral(OverlayFixtures.codeRect)
        let later = now.translated(by: Point(x: 12, y: -4))
        let plan = OverlayPlanner(configuration: reference).plan(for: OverlayFixtures.track(7, now, predicted: later, deltaTime: 0.04))
        #expect(plan.trackID == TrackID(rawValue: 7))
        #expect(plan.rect == Rect(x: 80, y: 95, width: 120, height: 90))
        #expect(plan.predictedRect == Rect(x: 92, y: 91, width: 120, height: 90))
        #expect(plan.deltaTime == 0.04)
        #expect(plan.oriented == nil && plan.predictedOriented == nil)
        #expect(plan.outline == Quadrilateral(plan.rect))
    }

    @Test("The animate-or-jump flag, rejection, decode state and track state are carried into the plan",
          arguments: [true, false])
    func flags(flag: Bool) {
        let track = OverlayFixtures.track(3, Quadrilateral(OverlayFixtures.codeRect), state: flag ? .tracked : .predictedOnly,
                                          decoded: flag, rejected: !flag, animate: flag)
        let plan = OverlayPlanner().plan(for: track)
        #expect(plan.shouldAnimate == flag)
        #expect(plan.isRejected == !flag)
        #expect(plan.isDecoded == flag)
        #expect(plan.state == (flag ? .tracked : .predictedOnly))
    }

    @Test("The oriented option adds overlays aligned with a rotated code")
    func oriented() throws {
        let quad = OverlayFixtures.rotated(OverlayFixtures.codeRect, by: 30)
        let predicted = quad.translated(by: Point(x: 5, y: 5))
        let planner = OverlayPlanner(configuration: reference, orientation: .oriented)
        let plan = planner.plan(for: OverlayFixtures.track(1, quad, predicted: predicted))
        let expected = reference.orientedQuadrilateral(around: quad)
        #expect(plan.oriented == expected)
        #expect(plan.outline == expected)
        #expect(OverlayFixtures.close(plan.predictedOriented!, expected.translated(by: Point(x: 5, y: 5))))
        #expect(plan.rect == reference.rectangle(around: quad.boundingBox))
    }

    @Test("With a view transform plans are in view points, fixedPx lengths included")
    func viewSpace() throws {
        // 640 × 480 frame shown at half size: every frame pixel is 0.5 view points.
        let transform = try ViewTransform(frameSize: Size(width: 640, height: 480), viewSize: Size(width: 320, height: 240))
        let planner = OverlayPlanner(configuration: reference, viewTransform: transform)
        let plan = planner.plan(for: OverlayFixtures.track(1, Quadrilateral(OverlayFixtures.codeRect)))
        // Code in view: (50, 100, 40 × 20) → 60 wide, 45 high, 15 points above.
        #expect(plan.rect == Rect(x: 40, y: 100 - 15 - 45, width: 60, height: 45))
    }

    @Test("Batch planning fills the caller's buffer in track order and reuses its storage")
    func batchReusesBuffer() {
        let tracks = (1...100).map { i in
            OverlayFixtures.track(i, Quadrilateral(Rect(x: Double(i) * 5, y: Double(i) * 3, width: 20, height: 10)))
        }
        let planner = OverlayPlanner(configuration: reference)
        var plans: [OverlayPlan] = []
        planner.plan(tracks, into: &plans)
        #expect(plans.map(\.trackID) == tracks.map(\.id))
        #expect(plans[41] == planner.plan(for: tracks[41]))
        let capacity = plans.capacity
        let storage = plans.withUnsafeBufferPointer { $0.baseAddress }
        planner.plan(Array(tracks.reversed()), into: &plans)
        #expect(plans.first?.trackID == TrackID(rawValue: 100))
        #expect(plans.capacity == capacity)
        #expect(plans.withUnsafeBufferPointer { $0.baseAddress } == storage)
    }
}
