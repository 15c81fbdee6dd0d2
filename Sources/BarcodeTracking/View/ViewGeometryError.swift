/// An error about view geometry: a frame or view size that cannot be mapped.
public struct ViewGeometryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is; extensible.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        /// A frame or view size is zero, negative or not finite.
        public static let invalidSize = Code(name: "invalidSize")
        /// A rotation other than 0, 90, 180 or 270 degrees.
        public static let invalidRotation = Code(name: "invalidRotation")
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
