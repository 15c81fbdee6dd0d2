// TEMPORARY until the media branch lands its SourceError.
public struct SourceError: Error, Sendable {
    public struct Code: Hashable, Sendable { let name: String; public static let invalidArgument = Code(name: "invalidArgument") }
    public var code: Code
    public var message: String
    public init(_ code: Code, _ message: String) { self.code = code; self.message = message }
}
