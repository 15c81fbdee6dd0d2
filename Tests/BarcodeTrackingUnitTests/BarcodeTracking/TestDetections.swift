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

/// A small deterministic generator (SplitMix64) for seeded randomized tests.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
