public import BarcodeTracking

extension RGBImage {
    /// Draws `text` with the built-in `BitmapFont`, its top-left corner at `origin` (frame pixels),
    /// each font pixel drawn as a `scale`×`scale` block. Parts outside the image are clipped.
    public mutating func drawText(_ text: String, at origin: Point, color: RGBColor, scale: Int = 1, opacity: Double = 1) {
        guard origin.x.isFinite, origin.y.isFinite, abs(origin.x) < 1e9, abs(origin.y) < 1e9 else { return }
        let s = Swift.max(1, scale)
        let x0 = Int(origin.x.rounded(.down)), y0 = Int(origin.y.rounded(.down))
        for (index, character) in text.enumerated() {
            let rows = BitmapFont.rows(for: character)
            let gx = x0 + index * BitmapFont.advance * s
            for (row, bits) in rows.enumerated() {
                for column in 0..<BitmapFont.glyphWidth where bits & (0x10 >> UInt8(column)) != 0 {
                    for dy in 0..<s {
                        for dx in 0..<s {
                            blend(x: gx + column * s + dx, y: y0 + row * s + dy, color: color, opacity: opacity)
                        }
                    }
                }
            }
        }
    }
}
