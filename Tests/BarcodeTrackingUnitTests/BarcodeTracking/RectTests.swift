import Testing
import BarcodeTracking

struct RectTests {
    @Test("Intersection over union: 1 for the same rectangle, the overlap's share otherwise, 0 when apart or degenerate")
    func intersectionOverUnion() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.iou(a) == 1)
        #expect(a.iou(Rect(x: 5, y: 0, width: 10, height: 10)) == 50.0 / 150.0)
        #expect(a.iou(Rect(x: 20, y: 20, width: 5, height: 5)) == 0)
        #expect(Rect(x: 0, y: 0, width: 0, height: 0).iou(Rect(x: 0, y: 0, width: 0, height: 0)) == 0)
    }
}
