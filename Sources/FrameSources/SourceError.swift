/// An error from reading or writing media: images, videos, image sequences.
///
/// Modelled on swift-nio's `FileSystemError`: an extensible ``Code``, a
/// message that says what was wrong and what to do, the path involved, and
/// the underlying `errno` and FFmpeg `AVERROR` code where there is one.
public struct SourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is; extensible (compare with `==`, do not switch exhaustively).
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String

        /// No file at the path, or no file matches an image-sequence pattern.
        public static let notFound = Code(name: "notFound")
        /// The path names a directory or another non-regular file.
        public static let notAFile = Code(name: "notAFile")
        /// The file has zero bytes.
        public static let emptyFile = Code(name: "emptyFile")
        /// The file or its folder cannot be read or written (permissions, read-only disk, full disk).
        public static let ioFailed = Code(name: "ioFailed")
        /// The contents are not an image or video FFmpeg can read.
        public static let unsupportedFormat = Code(name: "unsupportedFormat")
        /// The file holds no video or image stream (e.g. audio only).
        public static let noVideoStream = Code(name: "noVideoStream")
        /// This FFmpeg build has no decoder or encoder for the codec.
        public static let codecUnavailable = Code(name: "codecUnavailable")
        /// The picture has more pixels than the configured limit.
        public static let imageTooLarge = Code(name: "imageTooLarge")
        /// Nothing in the file could be decoded (a still image that is truncated or corrupt).
        public static let decodingFailed = Code(name: "decodingFailed")
        /// Encoding or writing a video failed.
        public static let encodingFailed = Code(name: "encodingFailed")
        /// An argument is unusable: unknown extension, wrong frame size, bad frame rate, finished writer.
        public static let invalidArgument = Code(name: "invalidArgument")
        /// Memory ran out.
        public static let outOfMemory = Code(name: "outOfMemory")
        /// Another FFmpeg failure; see ``SourceError/libraryCode`` and ``SourceError/libraryMessage``.
        public static let libraryFailure = Code(name: "libraryFailure")

        /// The code's name, e.g. `notFound`.
        public var description: String { name }
    }

    /// The kind of problem.
    public var code: Code
    /// What was wrong and what to do, for people.
    public var message: String
    /// The file, pattern or output path involved, when there is one.
    public var path: String?
    /// The underlying `errno` value (e.g. 2 for ENOENT), when the system reported one.
    public var systemErrno: Int32?
    /// The FFmpeg return code (a negative `AVERROR`), when FFmpeg reported one.
    public var libraryCode: Int32?
    /// The last error line FFmpeg logged for this operation, when there was one.
    /// FFmpeg's own logging is silenced; this is where its words end up.
    public var libraryMessage: String?

    /// Creates an error.
    public init(_ code: Code, _ message: String, path: String? = nil, systemErrno: Int32? = nil,
                libraryCode: Int32? = nil, libraryMessage: String? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.systemErrno = systemErrno
        self.libraryCode = libraryCode
        self.libraryMessage = libraryMessage
    }

    /// The message, followed by FFmpeg's own words when it gave any.
    public var description: String {
        guard let libraryMessage, !libraryMessage.isEmpty, !message.contains(libraryMessage) else { return message }
        return "\(message) [FFmpeg: \(libraryMessage)]"
    }
}
