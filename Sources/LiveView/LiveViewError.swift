/// A problem of the live view: bad settings, or a server that could not start.
public struct LiveViewError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem (extensible: match with `==`, not an exhaustive switch).
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        /// A setting is out of range or unsafe (see ``LiveViewConfiguration/validated()``).
        public static let invalidConfiguration = Code(name: "invalidConfiguration")
        /// The server could not listen (address in use, not an address of this machine, …).
        public static let cannotListen = Code(name: "cannotListen")
        /// A frame could not be encoded for the stream.
        public static let encodingFailed = Code(name: "encodingFailed")
        /// The name, e.g. `cannotListen`.
        public var description: String { name }
    }

    /// What kind of problem.
    public var code: Code
    /// What was wrong and what to do, for people.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
