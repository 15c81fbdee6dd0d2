import BarcodeTracking

/// A square code of side `size` frame pixels centred on `center`, corners in the code's own order.
func square(at center: Point, size: Double = 40, labelShift: Int = 0) -> Quadrilateral {
    let h = size / 2
    return Quadrilateral(
        topLeft: Point(x: center.x - h, y: center.y - h), topRight: Point(x: center.x + h, y: center.y - h),
        bottomRight: Point(x: center.x + h, y: center.y + h), bottomLeft: Point(x: center.x - h, y: center.y + h)
    ).rotatedLabels(by: labelShift)
}

/// A decoded detection of `text` (Code 128 unless told) at `center`.
func code(_ text: String, at center: Point, size: Double = 40, symbology: Symbology = .code128, labelShift: Int = 0) -> Detection {
    Detection(barcode: Barcode(symbology: symbology, data: text, bytes: Array(text.utf8),
                               location: square(at: center, size: size, labelShift: labelShift)))
}

/// A located-only detection at `center`.
func located(at center: Point, size: Double = 40) -> Detection {
    Detection(location: square(at: center, size: size))
}

/// A decoded detection of `text` as `symbology` at the quad with these corners (frame pixels:
/// top-left, top-right, bottom-right, bottom-left in the code's own order), as a trace printed them.
func code(_ text: String, as symbology: Symbology, corners: [(Double, Double)]) -> Detection {
    let p = corners.map { Point(x: $0.0, y: $0.1) }
    let quad = Quadrilateral(topLeft: p[0], topRight: p[1], bottomRight: p[2], bottomLeft: p[3])
    return Detection(barcode: Barcode(symbology: symbology, data: text, bytes: Array(text.utf8), location: quad))
}
