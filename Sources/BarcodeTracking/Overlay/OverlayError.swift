/// An error about overlay settings: a configuration, an expiry length or a `--overlay` spec.
///
/// Thrown when the value is built, never in the middle of a frame.
public struct OverlayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is; extensible.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        /// `keepRatio` was given for both size axes, so neither axis has a length to keep a ratio to.
        public static let keepRatioOnBothAxes = Code(name: "keepRatioOnBothAxes")
        /// A scale value is not finite, or a size is not positive.
        public static let invalidValue = Code(name: "invalidValue")
        /// The expiry length is outside 0.5...5.0 seconds.
        public static let expiryOutOfRange = Code(name: "expiryOutOfRange")
        /// A `--overlay` spec names an unknown key.
        public static let unknownKey = Code(name: "unknownKey")
        /// A `--overlay` spec gives a value that cannot be parsed.
        public static let malformedSpec = Code(name: "malformedSpec")
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
