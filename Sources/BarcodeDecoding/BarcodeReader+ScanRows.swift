package import BarcodeTracking

extension BarcodeReader {
    /// Whether a 1-D symbology of ``options`` decodes on any single row of `rows`, an
    /// image made of the rows another read's zxing-cpp 1-D pass looks at (one row of
    /// `rows` for each, top to bottom): zxing-cpp reads every row of an image 15 rows tall,
    /// from the middle out as it reads a frame's 15 rows, and reports a symbol here
    /// already when one row decodes (not two). `false` means that pass of the frame finds
    /// no 1-D code. Always read in this process, 2-D symbologies and the pyramid left out.
    package func decodesLinear(onAnyRowOf rows: LumaImage) throws(DecodingError) -> Bool {
        var probe = options
        // No symbologies named means every one zxing-cpp reads; add-ons are read with their code.
        let wanted = options.symbologies.isEmpty ? Set(Self.readableSymbologies) : options.symbologies
        probe.symbologies = wanted.filter { $0.isLinear && !$0.isAddOn }
        guard !probe.symbologies.isEmpty else { return false }
        probe.tryDownscale = false
        probe.maxSymbols = 1
        return try !ZXing.read(rows, region: nil, options: probe, minLineCount: 1).symbols.isEmpty
    }
}
