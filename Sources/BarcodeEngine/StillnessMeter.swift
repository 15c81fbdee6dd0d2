import BarcodeTracking

/// Tells a still view from a moving one, frame by frame, on the means of 8 × 8-pixel blocks
/// (``blockMeans(_:)``).
///
/// A fixed camera's view is still whenever nothing passes it: an empty dock, a pallet standing
/// while it is wrapped. Sensor noise moves a block's mean by a fraction of a grey level
/// (noise of 3 grey levels per pixel: about 0.5 on the mean of 32 pixels), while anything that
/// moves changes the blocks it crosses by tens of levels. The view counts as still when under
/// ``stillShare`` of its blocks changed by more than ``changeLevel`` since the previous frame; a
/// hand-held camera never is, so its frames keep the engine's usual schedule. While the view is
/// still, frames are compared with the first frame of the still spell, not the one before, so
/// that something creeping in a little each frame still ends the spell.
struct StillnessMeter: Sendable {
    /// Block side in frame pixels.
    static let block = 8
    /// A block whose mean moved by more than this many grey levels changed.
    static let changeLevel = 8
    /// The view is still while fewer than this share of its blocks changed.
    static let stillShare = 0.002

    /// The block means of the still spell's first frame, or of the previous frame while the view moves.
    private var means: LumaImage?
    /// The frame time (seconds) of the first frame of the current still spell.
    private(set) var stillSince: Double?
    /// Counts still spells: a new one starts at the first still frame after a moving one.
    private(set) var spell = 0

    /// Measures a frame by its ``blockMeans(_:)`` (the frame at `time`, seconds) against the
    /// still spell's first frame (the previous frame while the view moves). Returns how long
    /// (seconds) the view has been still, `nil` while it moves (and on the first frame, or after
    /// a change of frame size).
    mutating func measure(_ now: LumaImage, at time: Double) -> Double? {
        guard let before = means, before.width == now.width, before.height == now.height, now.width * now.height >= 16,
              Self.changedShare(before, now) < Self.stillShare else {
            (means, stillSince) = (now, nil)
            return nil
        }
        if stillSince == nil {
            stillSince = time
            spell += 1
        }
        return time - stillSince!
    }

    /// The mean of each whole 8 × 8-pixel block of `image` (one pixel per block, row-major),
    /// over every other row of the block (32 pixels). This runs on every frame (0.034 ms on a 720p
    /// frame), and half the rows read half the frame's memory; a change of a few
    /// rows still moves the mean (a single sampled row did not: glare washing out part of a
    /// code left a row across light modules as it was).
    static func blockMeans(_ image: LumaImage) -> LumaImage {
        let w = image.width / block, h = image.height / block
        guard w > 0, h > 0 else { return image }
        let stride = image.bytesPerRow
        let out = [UInt8](unsafeUninitializedCapacity: w * h) { target, count in
            count = w * h
            image.pixels.withUnsafeBytes { source in
                // Eight pixels at a time as one 64-bit word: its bytes summed in pairs into four
                // 16-bit lanes (at most 4 rows × 2 × 255 each), the lanes then added by one
                // multiplication: the same integer sums as pixel by pixel.
                let pairs: UInt64 = 0x00FF_00FF_00FF_00FF
                for y in 0..<h {
                    let out = target.baseAddress! + y * w
                    var row = source.baseAddress! + y * block * stride
                    for x in 0..<w {
                        var lanes: UInt64 = 0
                        for r in 0..<(block / 2) {
                            let word = row.loadUnaligned(fromByteOffset: 2 * r * stride, as: UInt64.self)
                            lanes &+= (word & pairs) &+ ((word >> 8) & pairs)
                        }
                        let sum = Int((lanes &* 0x0001_0001_0001_0001) >> 48)
                        out[x] = UInt8(truncatingIfNeeded: (sum + 16) >> 5)
                        row += block
                    }
                }
            }
        }
        // w, h ≥ 1 and the buffer is exactly w·h: the checks of init cannot fail.
        return (try? LumaImage(width: w, height: h, pixels: out)) ?? image
    }

    /// The share (0...1) of blocks whose means differ by more than ``changeLevel`` between two
    /// reductions of one size.
    static func changedShare(_ a: LumaImage, _ b: LumaImage) -> Double {
        var changed = 0
        a.pixels.withUnsafeBufferPointer { p in
            b.pixels.withUnsafeBufferPointer { q in
                for i in 0..<min(p.count, q.count) where abs(Int(p[i]) - Int(q[i])) > changeLevel { changed += 1 }
            }
        }
        return Double(changed) / Double(max(1, a.width * a.height))
    }
}
