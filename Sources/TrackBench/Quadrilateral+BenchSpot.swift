import BarcodeTracking

extension Quadrilateral {
    /// Whether this quad and `other` (both frame pixels) lie on one spot, as the bench scores
    /// a report against a code or a read against the truth: either holds the other's centre,
    /// with no margin (the engine's `isSameCode(as:partialRead:)` grows the quad by one).
    func sharesSpot(with other: Quadrilateral) -> Bool {
        contains(other.center) || other.contains(center)
    }
}
