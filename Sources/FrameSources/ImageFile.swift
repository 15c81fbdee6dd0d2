public import BarcodeTracking

/// Loads still images as 8-bit luma through FFmpeg (libavformat's image
/// demuxers, libavcodec, libswscale).
///
/// Reads every image format FFmpeg decodes, among them PNG, JPEG, WebP,
/// PGM/PPM, TIFF and BMP. Colour is converted to luma (BT.601 weights);
/// limited-range YUV is stretched to 0...255. Alpha is ignored. Given a video,
/// it returns the first frame.
public enum ImageFile {
    /// The default largest picture accepted: 100 megapixels (e.g. 10000x10000).
    ///
    /// Larger pictures are refused with ``SourceError/Code/imageTooLarge``
    /// before their pixel buffers are allocated, so a forged header such as
    /// 20000x20000 cannot exhaust memory.
    public static let defaultPixelLimit = 100_000_000

    /// Reads the image at `path` as an 8-bit luma image, in frame pixels
    /// (origin top left, y down). Tightly packed: `bytesPerRow == width`.
    ///
    /// - Parameters:
    ///   - path: a file path, absolute or relative to the current directory.
    ///   - pixelLimit: the largest `width * height` accepted.
    /// - Throws: ``SourceError`` with code `notFound`, `notAFile`, `emptyFile`,
    ///   `ioFailed`, `unsupportedFormat`, `noVideoStream`, `imageTooLarge`,
    ///   `decodingFailed` (truncated or corrupt data) or `invalidArgument`.
    public static func load(path: String, pixelLimit: Int = defaultPixelLimit) throws(SourceError) -> LumaImage {
        try load(file: MediaPath(path), pixelLimit: pixelLimit)
    }

    /// Reads the image at `file` (its exact bytes: the name need not be valid UTF-8) as
    /// ``load(path:pixelLimit:)`` does; messages print the name with ``MediaPath/description``.
    public static func load(file: MediaPath, pixelLimit: Int = defaultPixelLimit) throws(SourceError) -> LumaImage {
        let path = file.description
        guard pixelLimit > 0 else {
            throw SourceError(.invalidArgument, "the pixel limit must be positive, got \(pixelLimit)", path: path)
        }
        let reader = try FFmpegReader(path: file, pixelLimit: pixelLimit)
        defer { reader.close() }
        if let picture = try reader.next() { return picture.image }
        let damage = reader.damage
        let detail = damage.message.isEmpty ? "no picture could be decoded" : damage.message
        throw SourceError(
            .decodingFailed,
            "cannot decode \(path): \(detail) (the file is truncated or corrupt; export or copy it again)",
            path: path)
    }

    /// Loads the first picture of a still image in colour: packed RGB, 3 bytes per pixel
    /// (red, green, blue), rows without padding, `width * height * 3` bytes. For checking rendered
    /// pictures (screenshots, snapshots) by colour; tracking reads luma with ``load(path:pixelLimit:)``.
    /// - Throws: ``SourceError`` as ``load(path:pixelLimit:)`` does.
    public static func loadRGB(path: String, pixelLimit: Int = defaultPixelLimit) throws(SourceError)
        -> (width: Int, height: Int, pixels: [UInt8]) {
        guard pixelLimit > 0 else {
            throw SourceError(.invalidArgument, "the pixel limit must be positive, got \(pixelLimit)", path: path)
        }
        return try ffmpegReadRGB(path: path, pixelLimit: pixelLimit)
    }
}
