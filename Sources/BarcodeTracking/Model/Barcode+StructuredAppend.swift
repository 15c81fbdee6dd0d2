extension Barcode {
    /// Joins the symbols of one complete structured-append sequence into one
    /// barcode, in sequence order.
    ///
    /// Returns `nil` unless `parts` hold every index of one sequence exactly
    /// once (same id, same symbology, count known or all indices contiguous
    /// from 0). The merged code's location is the first part's.
    public static func mergingStructuredAppend(_ parts: [Barcode]) -> Barcode? {
        let sequenced = parts.filter { $0.structuredAppend != nil }
        guard let first = sequenced.first, let info = first.structuredAppend else { return nil }
        let same = sequenced.filter { $0.structuredAppend?.id == info.id && $0.symbology == first.symbology }
        let ordered = same.sorted { $0.structuredAppend!.index < $1.structuredAppend!.index }
        let indices = ordered.map { $0.structuredAppend!.index }
        guard indices == Array(0..<ordered.count) else { return nil }
        if let count = info.count, count != ordered.count { return nil }
        var merged = first
        merged.bytes = ordered.flatMap(\.bytes)
        let texts = ordered.compactMap(\.data)
        merged.data = texts.count == ordered.count ? texts.joined() : String(validating: merged.bytes, as: UTF8.self)
        merged.structuredAppend = nil
        return merged
    }
}
