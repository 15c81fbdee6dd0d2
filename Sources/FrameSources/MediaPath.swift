/// A file path or image-sequence pattern as the operating system stores it: bytes, which need
/// not be valid UTF-8.
///
/// Linux file names are any bytes but `/` and NUL; a name written in Latin-1 or cut in the middle
/// of a character is not valid UTF-8 and cannot be held by a Swift `String` without changing it
/// (invalid bytes become U+FFFD). `MediaPath` keeps the bytes, so such a file can still be opened,
/// and ``description`` prints it safely: valid UTF-8 as it is, every other byte as `\xNN`, control
/// characters escaped (`\n`, `\t`, `\x1B`), so a name cannot garble a terminal or a log line.
///
/// The readers take one: ``ImageFile/load(file:pixelLimit:)``, ``MediaFileSource/init(file:options:)``
/// and, in SyntheticScenes, `PhotoScene(photoFiles:configuration:)`; their `path: String` forms
/// convert with ``init(_:)``, as does a string literal.
public struct MediaPath: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path's bytes, without a terminating NUL.
    public let bytes: [UInt8]

    /// The path spelled by `path` (its UTF-8 bytes).
    public init(_ path: String) { bytes = Array(path.utf8) }

    /// The path spelled by `value`.
    public init(stringLiteral value: String) { self.init(value) }

    /// The path made of `bytes` exactly, e.g. a command-line argument as the kernel passed it.
    ///
    /// - Throws: ``SourceError`` with code `invalidArgument` when `bytes` holds a NUL byte, which
    ///   no path can contain.
    public init(bytes: some Sequence<UInt8>) throws(SourceError) {
        let bytes = Array(bytes)
        self.bytes = bytes
        if bytes.contains(0) {
            throw SourceError(.invalidArgument,
                              "the path \(self) holds a NUL byte, which no file name can contain; check how it was built",
                              path: description)
        }
    }

    /// Whether the bytes are valid UTF-8 (then ``string`` is exactly the path).
    public var isValidUTF8: Bool { String(validating: bytes, as: UTF8.self) != nil }

    /// The path as a `String`: exact when ``isValidUTF8``, otherwise with U+FFFD for each invalid
    /// sequence (for display only; open the file through the `MediaPath`).
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// The path for people: valid UTF-8 unchanged, other bytes as `\xNN`, control characters
    /// escaped, a backslash doubled only where it would otherwise read as an escape.
    public var description: String {
        var out = ""
        var index = 0
        while index < bytes.count {
            let length = Self.sequenceLength(bytes, at: index)
            if length == 0 {
                out += Self.hex(bytes[index])
                index += 1
                continue
            }
            let scalarBytes = bytes[index..<index + length]
            let text = String(decoding: scalarBytes, as: UTF8.self)
            let scalar = text.unicodeScalars.first!
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\\" where index + 1 < bytes.count && (bytes[index + 1] == UInt8(ascii: "x")
                                                        || bytes[index + 1] == UInt8(ascii: "\\")):
                out += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
                    out += scalarBytes.map(Self.hex).joined()
                } else {
                    out += text
                }
            }
            index += length
        }
        return out
    }

    /// Calls `body` with the path as a NUL-terminated C string of the exact bytes.
    func withCString<Result, Failure: Error>(_ body: (UnsafePointer<CChar>) throws(Failure) -> Result) throws(Failure) -> Result {
        var terminated = bytes.map { CChar(bitPattern: $0) }
        terminated.append(0)
        return try terminated.withUnsafeBufferPointer { (buffer) throws(Failure) -> Result in try body(buffer.baseAddress!) }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "\\x\(digits[Int(byte >> 4)])\(digits[Int(byte & 0xF)])"
    }

    /// The length of the valid UTF-8 sequence starting at `index`, or 0 when it is not one.
    private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        return String(validating: bytes[index..<index + length], as: UTF8.self) != nil ? length : 0
    }
}
