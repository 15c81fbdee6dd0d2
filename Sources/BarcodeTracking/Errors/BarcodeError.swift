/// The part of the library an error comes from. Each part names its own
/// ``BarcodeError/Code-swift.struct`` values; the error itself is the same
/// type everywhere (see ``BarcodeError``).
public protocol BarcodeErrorDomain: Sendable {
    /// The part's name, e.g. `"camera"`.
    static var name: String { get }
    /// The third-party library whose words ``BarcodeError/libraryMessage`` carries,
    /// e.g. `"FFmpeg"`; `nil` when the part wraps none.
    static var library: String? { get }
}

extension BarcodeErrorDomain {
    /// No third-party library by default.
    public static var library: String? { nil }
}

/// Every error the library throws: one shape for all of its parts, told apart by
/// `Domain` (``DecodingError``, ``TrackingError``, ``FrameError``, ``OverlayError``,
/// ``ViewGeometryError``, and in `FrameSources` `SourceError` and `CameraError`).
///
/// Modelled on swift-nio's `FileSystemError`: an extensible ``Code-swift.struct``
/// (compare with `==`; do not switch exhaustively), a message for people that
/// says what was wrong and what to do, and where there is one the path, the
/// system's `errno` and the wrapped library's own code and words. Exit statuses
/// are not the library's business: the `track` command maps codes to them.
public struct BarcodeError<Domain: BarcodeErrorDomain>: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is; extensible. Each domain declares its codes as
    /// static members (e.g. `CameraError.Code.busy`).
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, e.g. `"busy"`: stable, for logs and scripts.
        public let name: String

        /// A code named `name`.
        public init(_ name: String) { self.name = name }

        /// The code's name.
        public var description: String { name }
    }

    /// The kind of problem.
    public var code: Code
    /// What was wrong and what to do, for people.
    public var message: String
    /// The file, pattern, device or output path involved, when there is one.
    public var path: String?
    /// The underlying `errno` value (e.g. 2 for ENOENT), when the system reported one.
    public var systemErrno: Int32?
    /// The wrapped library's return code (e.g. a negative FFmpeg `AVERROR`), when it reported one.
    public var libraryCode: Int32?
    /// The wrapped library's own words about the failure (e.g. FFmpeg's last log
    /// line, a zxing-cpp warning), when there were any.
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

    /// The part of the library the error comes from, e.g. `"camera"`.
    public var domain: String { Domain.name }

    /// The message, followed by the wrapped library's words when it gave any
    /// that the message does not already hold.
    public var description: String {
        guard let libraryMessage, !libraryMessage.isEmpty, !message.contains(libraryMessage) else { return message }
        return "\(message) [\(Domain.library ?? "library"): \(libraryMessage)]"
    }
}
