import BarcodeTracking

/// The pallet in progress as a live view shows it: its codes so far, each marked against the
/// manifest, its count against the expected one, and what the manifest still misses.
public struct PalletProgress: Sendable, Hashable {
    /// A code of the pallet and how it stands against the manifest.
    public struct Code: Sendable, Hashable {
        /// The code.
        public var code: PalletCode
        /// `true` when the manifest expects it, `false` when it does not (or not that many of it),
        /// `nil` without a manifest.
        public var isExpected: Bool?
    }

    /// The number the pallet will be recorded under.
    public var number: Int
    /// When it began (seconds, source clock).
    public var start: Double
    /// Its codes so far, in the order recognized.
    public var codes: [Code]
    /// The expected count, when one was set.
    public var expectedCount: Int?
    /// The manifest check as if the pallet closed now, without counting it as seen; `nil` without a manifest.
    public var manifest: ManifestCheck?

    /// The count so far against ``expectedCount``; `nil` when none was set.
    public var countStatus: PalletRecord.CountStatus? {
        guard let expectedCount else { return nil }
        return codes.count == expectedCount ? .complete : codes.count < expectedCount ? .short : .over
    }
}

extension PalletStation {
    /// The pallet in progress as it stands, or `nil` when none is open. Checks it against the
    /// manifest on a copy of the checker, so the shift's record of what it has seen is unchanged.
    public var progress: PalletProgress? {
        guard let current else { return nil }
        var preview = checker
        let check = preview?.check(current.codes.map(\.barcode))
        // The checker takes codes in order, so of several labels with one payload the last ones
        // are the unexpected extra labels.
        var unexpected = check?.unexpected ?? []
        var marked: [PalletProgress.Code] = []
        for code in current.codes.reversed() {
            var isExpected: Bool?
            if check != nil {
                let payload = code.barcode.data ?? GS1Key(barcode: code.barcode).value
                if let at = unexpected.firstIndex(where: { $0.payload == payload && $0.symbology == code.barcode.symbology && $0.quantity > 0 }) {
                    unexpected[at].quantity -= 1
                    isExpected = false
                } else {
                    isExpected = true
                }
            }
            marked.append(PalletProgress.Code(code: code, isExpected: isExpected))
        }
        return PalletProgress(number: current.number, start: current.start, codes: marked.reversed(),
                              expectedCount: configuration.expectedCount, manifest: check)
    }
}
