/// Which rectangle of the code the overlay is placed around.
public enum OverlayOrientation: String, Hashable, Sendable, CaseIterable {
    /// Around the code's enclosing axis-aligned rectangle (the reference rule). `OverlayPlan.oriented` is `nil`.
    case axisAligned
    /// Also around the rectangle aligned with the code's own axes; fills `OverlayPlan.oriented`.
    case oriented
}
