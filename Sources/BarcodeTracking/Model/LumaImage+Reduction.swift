extension LumaImage {
    /// The image shrunk by the whole `factor` (≥ 1), each output pixel the mean of the
    /// `factor` × `factor` block of input pixels it covers; the right and bottom pixels
    /// that do not fill a block are dropped. Output pixel (x, y) covers input pixels
    /// `factor·x ..< factor·(x + 1)` by `factor·y ..< factor·(y + 1)`, so a point at
    /// (x, y) in the output lies at (`factor`·x, `factor`·y) in this image. `self` when
    /// `factor` is 1 or the image is smaller than one block.
    public func reduced(by factor: Int) -> LumaImage {
        let w = width / max(1, factor), h = height / max(1, factor)
        guard factor > 1, w > 0, h > 0 else { return self }
        let area = factor * factor, stride = bytesPerRow
        let out = [UInt8](unsafeUninitializedCapacity: w * h) { target, count in
            count = w * h  // every pixel is written below
            pixels.withUnsafeBufferPointer { source in
                if factor == 2 {
                    // The engine's case, once per whole-frame search at half size: two rows at a time.
                    for y in 0..<h {
                        let top = source.baseAddress! + 2 * y * stride, bottom = top + stride
                        let row = target.baseAddress! + y * w
                        for x in 0..<w {
                            let sum = Int(top[2 * x]) + Int(top[2 * x + 1]) + Int(bottom[2 * x]) + Int(bottom[2 * x + 1])
                            row[x] = UInt8(truncatingIfNeeded: (sum + 2) >> 2)
                        }
                    }
                    return
                }
                // Other factors (the stillness meter's 8 on every frame): each output row's sums are
                // gathered row by row through pointers, then divided once per output pixel.
                var sums = [Int](repeating: 0, count: w)
                sums.withUnsafeMutableBufferPointer { sums in
                    for y in 0..<h {
                        for x in 0..<w { sums[x] = 0 }
                        for dy in 0..<factor {
                            let row = source.baseAddress! + (y * factor + dy) * stride
                            for x in 0..<w {
                                let block = row + x * factor
                                var sum = 0
                                for dx in 0..<factor { sum &+= Int(block[dx]) }
                                sums[x] &+= sum
                            }
                        }
                        let out = target.baseAddress! + y * w
                        for x in 0..<w { out[x] = UInt8(truncatingIfNeeded: (sums[x] + area / 2) / area) }
                    }
                }
            }
        }
        // w, h ≥ 1 and the buffer is exactly w·h: the checks of init cannot fail.
        return (try? LumaImage(width: w, height: h, pixels: out)) ?? self
    }
}
