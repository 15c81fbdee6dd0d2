/// One overlay an app created for a code: the app's own handle (its view,
/// label, layer…) and where it goes.
public struct Overlay<Handle> {
    /// The app's handle, passed back in every update and in the delete callback.
    public var handle: Handle
    /// Where the overlay goes relative to its code.
    public var configuration: OverlayConfiguration

    /// Creates an overlay with the default configuration (centred on the code, same size) unless given.
    public init(handle: Handle, configuration: OverlayConfiguration = .default) {
        self.handle = handle
        self.configuration = configuration
    }
}

extension Overlay: Sendable where Handle: Sendable {}

/// What the app's update callback wants done with an overlay.
public enum OverlayUpdateAction: Hashable, Sendable {
    /// Keep the overlay.
    case keep
    /// Remove the overlay now (its delete callback runs) and call create again
    /// for its code on the next cycle (next `process` call that lists the code).
    case invalidate
}
