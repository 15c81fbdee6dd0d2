public import BarcodeTracking

/// Encodes grey frames as JPEG files, with FFmpeg's MJPEG encoder (for MJPEG-over-HTTP
/// streams and stills). Keeps one encoder for the current frame size and makes a new
/// one when the size changes.
///
/// Not thread-safe: one owner at a time (the live view keeps it behind a lock).
public final class JPEGEncoder {
    /// JPEG quantiser scale, 1 (best, largest) ... 31 (smallest).
    public let quality: Int
    private var encoder: FFmpegJPEGEncoder?

    /// Creates an encoder; throws `SourceError` (`.invalidArgument`) when `quality` is not 1...31.
    public init(quality: Int = 5) throws(SourceError) {
        guard (1...31).contains(quality) else {
            throw SourceError(.invalidArgument, "JPEG quality must be 1...31 (1 best), not \(quality)")
        }
        self.quality = quality
    }

    /// The JPEG file bytes of `image` (frame pixels, 8-bit luma, shown as grey).
    /// Throws `SourceError` when FFmpeg has no MJPEG encoder or encoding fails.
    public func encode(_ image: LumaImage) throws(SourceError) -> [UInt8] {
        if encoder?.width != image.width || encoder?.height != image.height {
            encoder = nil
            encoder = try FFmpegJPEGEncoder(width: image.width, height: image.height, quality: quality)
        }
        return try encoder!.encode(image)
    }
}
