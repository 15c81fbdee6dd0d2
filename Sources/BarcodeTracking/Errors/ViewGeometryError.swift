/// An error about view geometry: a frame or view size that cannot be mapped.
public typealias ViewGeometryError = BarcodeError<ViewGeometryErrorDomain>

/// The domain of ``ViewGeometryError``.
public enum ViewGeometryErrorDomain: BarcodeErrorDomain {
    /// `"viewGeometry"`.
    public static let name = "viewGeometry"
}

extension BarcodeError.Code where Domain == ViewGeometryErrorDomain {
    /// A frame or view size is zero, negative or not finite.
    public static var invalidSize: Self { Self("invalidSize") }

    /// A rotation other than 0, 90, 180 or 270 degrees.
    public static var invalidRotation: Self { Self("invalidRotation") }
}
