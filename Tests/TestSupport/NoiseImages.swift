public import BarcodeTracking

/// Pictures of seeded random bytes, for checking image arithmetic against pixel-by-pixel sums.
public enum NoiseImages {
    /// A `width` × `height` image in rows of `bytesPerRow` bytes, every byte (padding too) drawn
    /// from a linear congruential generator seeded with `seed`: the same picture for the same seed.
    public static func image(width: Int, height: Int, bytesPerRow: Int, seed: UInt64) throws -> LumaImage {
        var state = seed
        let pixels: [UInt8] = (0..<(bytesPerRow * height)).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        return try LumaImage(width: width, height: height, bytesPerRow: bytesPerRow, pixels: pixels)
    }
}
