/// An error about a frame or image: its size, its buffer, its contents.
public struct FrameError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is; extensible.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        /// Width or height is zero, negative or absurdly large.
        public static let invalidSize = Code(name: "invalidSize")
        /// The pixel buffer does not match the stated geometry.
        public static let wrongBufferSize = Code(name: "wrongBufferSize")
        /// A frame's size differs from the stream's.
        public static let sizeChanged = Code(name: "sizeChanged")
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
