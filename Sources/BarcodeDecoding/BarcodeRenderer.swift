public import BarcodeTracking

/// Renders barcodes with zxing-cpp's writer, for synthetic scenes and tests.
public enum BarcodeRenderer {
    /// Renders `text` as `symbology` into a luma image (black modules 0, white 255).
    ///
    /// - Parameters:
    ///   - width: requested width in pixels; 0 lets the writer pick the natural size.
    ///   - height: requested height in pixels; 0 lets the writer pick.
    ///   - quietZone: quiet-zone width in pixels; `nil` for the writer's default.
    ///   - ecLevel: error-correction level as the writer takes it (0...8 for QR, etc.), `nil` for default.
    /// - Throws: ``DecodingError`` when the text cannot be encoded in that symbology
    ///   or the symbology cannot be written by zxing-cpp 1.4.
    public static func render(
        _ text: String, as symbology: Symbology, width: Int = 0, height: Int = 0,
        quietZone: Int? = nil, ecLevel: Int? = nil
    ) throws(DecodingError) -> LumaImage {
        guard width >= 0, height >= 0, width <= 16384, height <= 16384 else {
            throw DecodingError(.invalidArgument, "render size \(width)x\(height) is outside 0...16384")
        }
        return try ZXing.write(text, as: symbology, width: width, height: height, margin: quietZone, ecLevel: ecLevel)
    }
}

extension BarcodeRenderer {
    /// Renders an arbitrary byte payload (each byte written as-is, ISO-8859-1
    /// mode) as a 2-D symbology (QR, Data Matrix, Aztec, PDF417).
    public static func render(
        bytes: [UInt8], as symbology: Symbology, width: Int = 0, height: Int = 0, quietZone: Int? = nil
    ) throws(DecodingError) -> LumaImage {
        guard !bytes.contains(0) else {
            throw DecodingError(.unencodable, "byte payloads with NUL cannot be passed to zxing-cpp's writer")
        }
        let latin1 = String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        return try ZXing.write(latin1, as: symbology, width: width, height: height, margin: quietZone, ecLevel: nil, binary: true)
    }
}
