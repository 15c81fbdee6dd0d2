public import BarcodeTracking

/// An error from reading or writing media: images, videos, image sequences.
///
/// ``BarcodeTracking/BarcodeError/libraryCode`` is FFmpeg's negative `AVERROR`
/// and ``BarcodeTracking/BarcodeError/libraryMessage`` the last error line FFmpeg
/// logged for the operation (its own logging is silenced).
public typealias SourceError = BarcodeError<SourceErrorDomain>

/// The domain of ``SourceError``.
public enum SourceErrorDomain: BarcodeErrorDomain {
    /// `"source"`.
    public static let name = "source"
    /// `"FFmpeg"`.
    public static let library: String? = "FFmpeg"
}

extension BarcodeError.Code where Domain == SourceErrorDomain {
    /// No file at the path, or no file matches an image-sequence pattern.
    public static var notFound: Self { Self("notFound") }

    /// The path names a directory or another non-regular file.
    public static var notAFile: Self { Self("notAFile") }

    /// The file has zero bytes.
    public static var emptyFile: Self { Self("emptyFile") }

    /// The file or its folder cannot be read or written (permissions, read-only disk, full disk).
    public static var ioFailed: Self { Self("ioFailed") }

    /// The contents are not an image or video FFmpeg can read.
    public static var unsupportedFormat: Self { Self("unsupportedFormat") }

    /// The file holds no video or image stream (e.g. audio only).
    public static var noVideoStream: Self { Self("noVideoStream") }

    /// This FFmpeg build has no decoder or encoder for the codec.
    public static var codecUnavailable: Self { Self("codecUnavailable") }

    /// The picture has more pixels than the configured limit.
    public static var imageTooLarge: Self { Self("imageTooLarge") }

    /// Nothing in the file could be decoded (a still image that is truncated or corrupt).
    public static var decodingFailed: Self { Self("decodingFailed") }

    /// Encoding or writing a video failed.
    public static var encodingFailed: Self { Self("encodingFailed") }

    /// An argument is unusable: unknown extension, wrong frame size, bad frame rate, finished writer.
    public static var invalidArgument: Self { Self("invalidArgument") }

    /// Memory ran out.
    public static var outOfMemory: Self { Self("outOfMemory") }

    /// Another FFmpeg failure; see ``SourceError/libraryCode`` and ``SourceError/libraryMessage``.
    public static var libraryFailure: Self { Self("libraryFailure") }
}
