public import BarcodeTracking

/// An error from the decoder or the barcode writer.
public typealias DecodingError = BarcodeError<DecodingErrorDomain>

/// The domain of ``DecodingError``.
public enum DecodingErrorDomain: BarcodeErrorDomain {
    /// `"decoding"`.
    public static let name = "decoding"
    /// `"zxing-cpp"`.
    public static let library: String? = "zxing-cpp"
}

extension BarcodeError.Code where Domain == DecodingErrorDomain {
    /// An argument was out of range (empty image, bad option value).
    public static var invalidArgument: Self { Self("invalidArgument") }

    /// zxing-cpp reported an internal failure.
    public static var library: Self { Self("library") }

    /// Memory ran out.
    public static var outOfMemory: Self { Self("outOfMemory") }

    /// The writer cannot encode this text in this symbology.
    public static var unencodable: Self { Self("unencodable") }

    /// The symbology cannot be read or written by this zxing-cpp.
    public static var unsupportedSymbology: Self { Self("unsupportedSymbology") }
}
