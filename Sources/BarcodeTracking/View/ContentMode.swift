/// How frame pixels fill a view: scaled, cropped or letterboxed.
public enum ContentMode: String, CaseIterable, Hashable, Sendable, Codable {
    /// Uniform scale so the frame covers the whole view; the overflow is cropped (centred).
    case aspectFill
    /// Uniform scale so the whole frame fits; the rest of the view is empty (centred).
    case aspectFit
    /// Independent scales on x and y so the frame exactly covers the view.
    case stretch
}
