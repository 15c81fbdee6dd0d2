/// An error from the decoder or the barcode writer.
public struct DecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is; extensible.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        /// An argument was out of range (empty image, bad option value).
        public static let invalidArgument = Code(name: "invalidArgument")
        /// zxing-cpp reported an internal failure.
        public static let library = Code(name: "library")
        /// Memory ran out.
        public static let outOfMemory = Code(name: "outOfMemory")
        /// The writer cannot encode this text in this symbology.
        public static let unencodable = Code(name: "unencodable")
        /// The symbology cannot be read or written by this zxing-cpp.
        public static let unsupportedSymbology = Code(name: "unsupportedSymbology")
        public var description: String { name }
    }

    /// The kind of problem.
    public var code: Code
    /// What was wrong and what to do, for people.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
