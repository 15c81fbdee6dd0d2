public import BarcodeTracking

/// Encodes frames into a video file through FFmpeg; the container follows the
/// file name's extension:
///
/// | extension       | container   | codec                                                   |
/// |-----------------|-------------|---------------------------------------------------------|
/// | `.mp4`, `.mov`  | MP4 / QuickTime (index first, so a cut-off file still plays) | H.264 (libx264, CRF 18) if available, else MPEG-4 part 2 |
/// | `.mkv`          | Matroska    | as above                                                |
/// | `.avi`          | AVI         | MJPEG                                                   |
/// | `.y4m`          | YUV4MPEG2   | raw yuv420p, uncompressed                               |
///
/// Frames are luma images or RGB24 buffers of exactly ``width`` × ``height``
/// pixels. Times are seconds; they are placed on the grid of the frame rate
/// (`round(time × frameRate)`), a frame that lands on an occupied slot moves to
/// the next one. Y4M stores no times: its frames play at the frame rate.
/// Odd sizes are encoded one pixel larger, repeating the last row or column
/// (4:2:0 video needs even sizes).
///
/// Call ``finish()`` to complete the file; a writer released without it
/// finishes the file on a best-effort basis. Not thread-safe: one owner at a time.
public final class VideoWriter {
    /// The output path as given.
    public let path: String
    /// Frame width in pixels.
    public let width: Int
    /// Frame height in pixels.
    public let height: Int
    /// Frames per second of the output.
    public let frameRate: Double
    /// FFmpeg's encoder name in use, e.g. `"libx264"`, `"mpeg4"`, `"mjpeg"`, `"wrapped_avframe"` (raw Y4M).
    public var codecName: String { writer.codecName }
    /// Frames written so far.
    public private(set) var frameCount = 0

    private let writer: FFmpegWriter
    private let rate: (numerator: Int32, denominator: Int32)
    private var lastSlot: Int64?
    private var finished = false

    /// Whether `path` ends in an extension this writer has a container for (see the type's
    /// documentation; case-insensitive): to refuse a wrong name before any frame is processed.
    public static func supportsExtension(of path: String) -> Bool { FFmpegWriter.knowsExtension(of: path) }

    /// Creates (or replaces) the file at `path`.
    ///
    /// - Parameters:
    ///   - path: output file; the extension chooses the container (see the type's documentation).
    ///   - width: frame width in pixels, 1...16384.
    ///   - height: frame height in pixels, 1...16384.
    ///   - frameRate: frames per second, 0.01...1000; 29.97 and other NTSC rates are stored exactly (30000/1001).
    /// - Throws: ``SourceError`` with code `invalidArgument` (unknown extension, bad size or rate),
    ///   `notFound` (folder missing), `notAFile` (a directory has that name), `ioFailed`
    ///   (not writable), `codecUnavailable`.
    public init(path: String, width: Int, height: Int, frameRate: Double = 30) throws(SourceError) {
        guard frameRate.isFinite, frameRate >= 0.01, frameRate <= 1000 else {
            throw SourceError(.invalidArgument, "cannot write \(path): frame rate \(frameRate) is outside 0.01...1000",
                              path: path)
        }
        let rate = VideoWriter.fraction(frameRate)
        self.writer = try FFmpegWriter(path: path, width: width, height: height,
                                       rateNumerator: rate.numerator, rateDenominator: rate.denominator)
        self.rate = rate
        self.path = path
        self.width = width
        self.height = height
        self.frameRate = frameRate
    }

    deinit {
        if !finished { try? writer.finish() }
    }

    /// Appends a luma frame shown at `time` seconds.
    /// - Throws: ``SourceError`` `invalidArgument` when the size differs from the writer's,
    ///   the time is not finite or the writer is finished; `encodingFailed` or `ioFailed` when writing fails.
    public func append(_ image: LumaImage, time: Double) throws(SourceError) {
        try checkSize(image.width, image.height)
        try writer.write(pixels: image.pixels, stride: image.bytesPerRow, layout: .gray8, pts: try slot(for: time))
        frameCount += 1
    }

    /// Appends a frame at its own time (`frame.time`, seconds).
    public func append(_ frame: Frame) throws(SourceError) {
        try append(frame.image, time: frame.time)
    }

    /// Appends an RGB frame: `pixels` holds `width × height × 3` bytes, row by
    /// row from the top, R, G, B per pixel (RGB24, no padding), shown at `time` seconds.
    /// - Throws: ``SourceError`` `invalidArgument` for a wrong size or buffer length; see ``append(_:time:)``.
    public func appendRGB(width: Int, height: Int, pixels: [UInt8], time: Double) throws(SourceError) {
        try checkSize(width, height)
        guard pixels.count >= width * height * 3 else {
            throw SourceError(.invalidArgument,
                              "cannot write \(path): an RGB frame of \(width)x\(height) needs \(width * height * 3) "
                              + "bytes, got \(pixels.count)", path: path)
        }
        try writer.write(pixels: pixels, stride: width * 3, layout: .rgb24, pts: try slot(for: time))
        frameCount += 1
    }

    /// Flushes the encoder and completes the file. Later calls do nothing; appending afterwards throws.
    /// - Throws: ``SourceError`` `encodingFailed` or `ioFailed` when the end of the file cannot be written.
    public func finish() throws(SourceError) {
        guard !finished else { return }
        finished = true
        try writer.finish()
    }

    private func checkSize(_ width: Int, _ height: Int) throws(SourceError) {
        guard width == self.width, height == self.height else {
            throw SourceError(.invalidArgument,
                              "cannot write \(path): the frame is \(width)x\(height) but the video is "
                              + "\(self.width)x\(self.height) (scale or crop frames to the video's size)", path: path)
        }
        guard !finished else {
            throw SourceError(.invalidArgument, "cannot add frames to \(path): the video is already finished",
                              path: path)
        }
    }

    /// The frame-interval slot for `time`: rounded, and after the previous one.
    private func slot(for time: Double) throws(SourceError) -> Int64 {
        guard time.isFinite, abs(time) < 1e9 else {
            throw SourceError(.invalidArgument, "cannot write \(path): frame time \(time) is not a usable number of seconds",
                              path: path)
        }
        var slot = Int64((time * Double(rate.numerator) / Double(rate.denominator)).rounded())
        if let lastSlot, slot <= lastSlot { slot = lastSlot + 1 }
        lastSlot = slot
        return slot
    }

    /// `rate` as a fraction: whole numbers exactly, NTSC rates (n × 1000/1001) exactly, others to 1/1000.
    static func fraction(_ rate: Double) -> (numerator: Int32, denominator: Int32) {
        if rate == rate.rounded() { return (Int32(rate), 1) }
        let ntsc = rate * 1.001
        if abs(ntsc - ntsc.rounded()) < 0.0005 { return (Int32(ntsc.rounded()) * 1000, 1001) }
        var numerator = Int((rate * 1000).rounded()), denominator = 1000
        var a = numerator, b = denominator
        while b != 0 { (a, b) = (b, a % b) }
        numerator /= a
        denominator /= a
        return (Int32(numerator), Int32(denominator))
    }
}
