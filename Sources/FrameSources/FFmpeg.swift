// The only Swift file that calls CFFmpegShim: it owns the C handles and turns
// the shim's status codes into `SourceError`s. Nothing here is public.
internal import CFFmpegShim
// Imported only for its module map's `link` lines (avformat, avcodec, swscale,
// avutil): its header is empty, the C shim is what calls FFmpeg.
internal import CFFmpeg
import BarcodeTracking

/// FFmpeg's version as its libraries report it at run time (`av_version_info`).
func ffmpegRuntimeVersion() -> String { String(cString: CFFmpegShim_version()) }

/// What an error happened during, for wording its message.
enum MediaOperation {
    case reading
    case writing
}

/// Reads C `char[N]` tuples as Swift strings.
private func string<T>(fromCString tuple: T) -> String {
    withUnsafeBytes(of: tuple) { raw in
        let bytes = raw.prefix(while: { $0 != 0 })
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension SourceError {
    /// Converts the shim's error record into a `SourceError` with advice.
    fileprivate init(_ error: CFFmpegShim_error, path: String, operation: MediaOperation, pixelLimit: Int = 0) {
        let detail = string(fromCString: error.message)
        let library = string(fromCString: error.library_message)
        let code: Code
        switch Int(error.status) {
        case CFFmpegShim_error_invalid_argument: code = .invalidArgument
        case CFFmpegShim_error_not_found: code = .notFound
        case CFFmpegShim_error_not_a_file: code = .notAFile
        case CFFmpegShim_error_empty_file: code = .emptyFile
        case CFFmpegShim_error_io: code = .ioFailed
        case CFFmpegShim_error_unsupported_format: code = .unsupportedFormat
        case CFFmpegShim_error_no_video_stream: code = .noVideoStream
        case CFFmpegShim_error_codec_unavailable: code = .codecUnavailable
        case CFFmpegShim_error_too_large: code = .imageTooLarge
        case CFFmpegShim_error_decode: code = .decodingFailed
        case CFFmpegShim_error_encode: code = .encodingFailed
        case CFFmpegShim_error_out_of_memory: code = .outOfMemory
        default: code = .libraryFailure
        }
        let message = SourceError.advice(
            for: code, path: path, detail: detail, operation: operation,
            size: (Int(error.width), Int(error.height)), pixelLimit: pixelLimit)
        self.init(code, message, path: path,
                  systemErrno: error.system_errno != 0 ? error.system_errno : nil,
                  libraryCode: error.averror != 0 ? error.averror : nil,
                  libraryMessage: library.isEmpty ? nil : library)
    }
}

/// A decoded picture: luma pixels and the stream's timestamp, if it had one.
struct DecodedPicture {
    var image: LumaImage
    /// Seconds from the stream's timestamps; `nil` when the stream has none.
    var time: Double?
}

/// Stream facts known after opening.
struct MediaInfo {
    var width: Int
    var height: Int
    var frameRate: Double?
    var announcedFrameCount: Int?
    var duration: Double?
    var formatName: String
    var codecName: String
    var isImageFormat: Bool
}

/// Owns one `CFFmpegShim_reader`. Not thread-safe; one owner at a time.
final class FFmpegReader {
    private var handle: OpaquePointer?
    let path: String
    let info: MediaInfo
    private let pixelLimit: Int
    /// The pictures' pixel arrays, used again once their frames are released.
    private var recycled = PixelBufferRing()
    /// Bytes of the last picture (the stream's size before the first): the size of the array
    /// the next one is decoded into.
    private var pictureSize: Int

    /// Opens the file or pattern with its exact bytes; `path` (for messages) is ``MediaPath/description``.
    init(path file: MediaPath, pixelLimit: Int) throws(SourceError) {
        var error = CFFmpegShim_error()
        let path = file.description
        let created = file.withCString { CFFmpegShim_reader_create($0, Int64(pixelLimit), &error) }
        guard let handle = created else {
            throw SourceError(error, path: path, operation: .reading, pixelLimit: pixelLimit)
        }
        var raw = CFFmpegShim_reader_info()
        CFFmpegShim_reader_get_info(handle, &raw)
        self.handle = handle
        self.path = path
        self.pixelLimit = pixelLimit
        self.pictureSize = max(0, Int(raw.width)) * max(0, Int(raw.height))
        self.info = MediaInfo(
            width: Int(raw.width), height: Int(raw.height),
            frameRate: raw.rate_numerator > 0 ? Double(raw.rate_numerator) / Double(raw.rate_denominator) : nil,
            announcedFrameCount: raw.announced_frame_count > 0 ? Int(raw.announced_frame_count) : nil,
            duration: raw.duration >= 0 ? raw.duration : nil,
            formatName: string(fromCString: raw.format_name),
            codecName: string(fromCString: raw.codec_name),
            isImageFormat: raw.is_image_format)
    }

    deinit { CFFmpegShim_reader_destroy(handle) }

    /// Converts every picture to grey with libswscale instead of a luma table checked against
    /// it (for tests that compare the two; the table is the default).
    func convertExactly() {
        if let handle { CFFmpegShim_reader_set_exact_conversion(handle, true) }
    }

    /// Whether pictures now go through the luma table (it matched libswscale on a whole frame).
    var convertsThroughTable: Bool { handle.map { CFFmpegShim_reader_uses_luma_table($0) } ?? false }

    /// Whether the table is computed (limited-range luma stretched, AVX2) rather than looked up.
    var computesTable: Bool { handle.map { CFFmpegShim_reader_computes_luma($0) } ?? false }

    /// The next picture; `nil` at the end of the stream or after `close()`.
    func next() throws(SourceError) -> DecodedPicture? {
        guard let handle else { return nil }
        var frame = CFFmpegShim_frame()
        var error = CFFmpegShim_error()
        var result: Int32 = 0
        // Decoded straight into the ring's next array when the picture is the size of the last
        // one (or the stream's) and the reader converts it itself (not libswscale), else copied
        // from the reader's buffer.
        let written = recycled.fill(count: pictureSize) { buffer in
            result = CFFmpegShim_reader_next_into(handle, &frame, buffer.baseAddress, buffer.count, &error)
            return result == 1 && frame.pixels == UnsafePointer(buffer.baseAddress)
        }
        if result == 0 { return nil }
        if result < 0 { throw SourceError(error, path: path, operation: .reading, pixelLimit: pixelLimit) }
        let count = Int(frame.stride) * Int(frame.height)
        pictureSize = count
        let pixels = written ?? recycled.copy(UnsafeBufferPointer(start: frame.pixels, count: count))
        do {
            let image = try LumaImage(width: Int(frame.width), height: Int(frame.height),
                                      bytesPerRow: Int(frame.stride), pixels: pixels)
            return DecodedPicture(image: image, time: frame.time.isNaN ? nil : frame.time)
        } catch {
            throw SourceError(.libraryFailure, "decoder returned an unusable picture from \(path): \(error.message)",
                              path: path)
        }
    }

    /// Packets/frames skipped as corrupt so far (cheaper than ``damage``: no message).
    var skippedCount: Int {
        guard let handle else { return 0 }
        var skipped: Int64 = 0
        CFFmpegShim_reader_damage(handle, &skipped, nil, nil, 0)
        return Int(skipped)
    }

    /// Packets/frames skipped as corrupt, whether reading stopped early, and a description.
    var damage: (skipped: Int, truncated: Bool, message: String) {
        guard let handle else { return (0, false, "") }
        var skipped: Int64 = 0
        var truncated = false
        var buffer = [CChar](repeating: 0, count: 512)
        CFFmpegShim_reader_damage(handle, &skipped, &truncated, &buffer, buffer.count)
        let message = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return (Int(skipped), truncated, message)
    }

    /// Releases the file; `next()` returns `nil` afterwards.
    func close() {
        CFFmpegShim_reader_destroy(handle)
        handle = nil
    }
}

/// The pixel layouts `FFmpegWriter.write` accepts.
enum WriterPixelLayout {
    case gray8
    case rgb24
}

/// Owns one `CFFmpegShim_writer`. Not thread-safe; one owner at a time.
final class FFmpegWriter {
    private var handle: OpaquePointer?
    let path: String
    let codecName: String

    init(path: String, width: Int, height: Int, rateNumerator: Int32, rateDenominator: Int32) throws(SourceError) {
        var error = CFFmpegShim_error()
        guard let handle = CFFmpegShim_writer_create(
            path, Int32(clamping: width), Int32(clamping: height), rateNumerator, rateDenominator, &error)
        else {
            throw SourceError(error, path: path, operation: .writing)
        }
        self.handle = handle
        self.path = path
        self.codecName = String(cString: CFFmpegShim_writer_codec_name(handle))
    }

    deinit { CFFmpegShim_writer_destroy(handle) }

    /// Whether the extension of `path` names a container the writer knows.
    static func knowsExtension(of path: String) -> Bool { CFFmpegShim_writer_knows_extension(path) }

    /// Encodes one frame; `pixels` holds `stride` bytes per row. `pts` counts frame intervals.
    func write(pixels: [UInt8], stride: Int, layout: WriterPixelLayout, pts: Int64) throws(SourceError) {
        guard let handle else {
            throw SourceError(.invalidArgument, "cannot add frames to \(path): the video is already finished",
                              path: path)
        }
        var error = CFFmpegShim_error()
        let shimLayout = Int32(layout == .rgb24 ? CFFmpegShim_pixels_rgb24 : CFFmpegShim_pixels_gray8)
        let status = pixels.withUnsafeBufferPointer { buffer in
            CFFmpegShim_writer_write(handle, buffer.baseAddress, Int32(clamping: stride), shimLayout, pts, &error)
        }
        if status != CFFmpegShim_ok { throw SourceError(error, path: path, operation: .writing) }
    }

    /// Flushes the encoder, writes the trailer and closes the file; later calls do nothing.
    func finish() throws(SourceError) {
        guard let handle else { return }
        var error = CFFmpegShim_error()
        let status = CFFmpegShim_writer_finish(handle, &error)
        CFFmpegShim_writer_destroy(handle)
        self.handle = nil
        if status != CFFmpegShim_ok { throw SourceError(error, path: path, operation: .writing) }
    }
}

/// Owns one `CFFmpegShim_jpeg_encoder`. Not thread-safe; one owner at a time.
final class FFmpegJPEGEncoder {
    private let handle: OpaquePointer
    let width: Int
    let height: Int
    /// Reused output buffer: a JPEG of a grey picture stays well below one byte per pixel.
    private var buffer: [UInt8]

    init(width: Int, height: Int, quality: Int) throws(SourceError) {
        var error = CFFmpegShim_error()
        guard let handle = CFFmpegShim_jpeg_encoder_create(Int32(clamping: width), Int32(clamping: height),
                                                           Int32(clamping: quality), &error) else {
            throw SourceError(error, path: "JPEG", operation: .writing)
        }
        self.handle = handle
        self.width = width
        self.height = height
        buffer = [UInt8](repeating: 0, count: width * height * 2 + 4096)
    }

    deinit { CFFmpegShim_jpeg_encoder_destroy(handle) }

    /// The JPEG file bytes of `image` (which must have this encoder's size).
    func encode(_ image: LumaImage) throws(SourceError) -> [UInt8] {
        var error = CFFmpegShim_error()
        var written = 0
        let capacity = buffer.count
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            buffer.withUnsafeMutableBufferPointer { output in
                CFFmpegShim_jpeg_encoder_encode(handle, pixels.baseAddress, Int32(clamping: image.bytesPerRow),
                                                output.baseAddress, capacity, &written, &error)
            }
        }
        if status != CFFmpegShim_ok { throw SourceError(error, path: "JPEG", operation: .writing) }
        return Array(buffer[0..<written])
    }
}

/// Decodes the first picture of `path` into packed RGB24 (3 bytes per pixel, no row padding).
func ffmpegReadRGB(path: String, pixelLimit: Int) throws(SourceError) -> (width: Int, height: Int, pixels: [UInt8]) {
    var error = CFFmpegShim_error()
    var pixels: UnsafeMutablePointer<UInt8>?
    var width: Int32 = 0, height: Int32 = 0
    let status = CFFmpegShim_image_read_rgb(path, Int64(pixelLimit), &pixels, &width, &height, &error)
    guard status == CFFmpegShim_ok, let pixels else { throw SourceError(error, path: path, operation: .reading, pixelLimit: pixelLimit) }
    defer { CFFmpegShim_image_free(pixels) }
    return (Int(width), Int(height), [UInt8](UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 3)))
}
