import Synchronization

/// A flag set once, read from any thread.
public final class Flag: Sendable {
    private let value = Mutex(false)
    /// A flag not set.
    public init() {}
    /// Whether ``set()`` was called.
    public var isSet: Bool { value.withLock { $0 } }
    /// Sets the flag.
    public func set() { value.withLock { $0 = true } }
}
