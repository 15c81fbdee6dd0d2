public import BarcodeTracking

/// A pallet checked against the manifest.
public struct ManifestCheck: Sendable, Hashable {
    /// A payload with a count: how many labels of it are meant.
    public struct Line: Sendable, Hashable {
        /// The payload (as the manifest writes it for `correct` and `missing`, as read for `unexpected`).
        public var payload: String
        /// The symbology, when known.
        public var symbology: Symbology?
        /// How many labels.
        public var quantity: Int

        /// Creates a line.
        public init(payload: String, symbology: Symbology?, quantity: Int) {
            self.payload = payload
            self.symbology = symbology
            self.quantity = quantity
        }
    }

    /// The manifest's pallet reference this pallet was checked against, when the manifest names pallets
    /// and one matched (by an SSCC on the pallet equal to the reference, else by the most codes in common).
    public var reference: String?
    /// Codes read that the manifest expects.
    public var correct: [Line]
    /// Codes read that the manifest does not expect (or more labels of one than it expects).
    public var unexpected: [Line]
    /// Codes expected and not read: of the matched pallet when the manifest names pallets,
    /// else everything the shift has not yet seen.
    public var missing: [Line]

    /// Whether the pallet matches exactly: nothing unexpected, nothing missing.
    public var isExact: Bool { unexpected.isEmpty && missing.isEmpty }
}

/// Checks pallet after pallet against a ``Manifest``; keeps what the shift has seen.
public struct ManifestChecker: Sendable {
    /// The manifest.
    public let manifest: Manifest
    /// Labels of each entry the shift has not yet seen (by entry index), when the manifest names no pallets.
    private var remaining: [Int]

    /// A checker at the start of a shift.
    public init(manifest: Manifest) {
        self.manifest = manifest
        self.remaining = manifest.entries.map(\.quantity)
    }

    /// Checks one pallet's codes and, for a manifest without pallets, counts them as seen.
    public mutating func check(_ codes: [Barcode]) -> ManifestCheck {
        if manifest.namesPallets {
            let reference = palletReference(for: codes)
            let indices = manifest.entries.indices.filter { reference != nil && manifest.entries[$0].pallet == reference }
            var counts = Dictionary(uniqueKeysWithValues: indices.map { ($0, manifest.entries[$0].quantity) })
            // The pallet's own SSCC label, when it is the reference, is correct without an entry of its own.
            let ownLabel = reference.map { GS1Key(payload: $0) }.flatMap { $0.kind == .sscc ? $0 : nil }
            let contents = codes.filter { ownLabel == nil || GS1Key(barcode: $0) != ownLabel }
            var check = Self.match(contents, entries: indices, remaining: &counts, in: manifest)
            if let reference, contents.count < codes.count {
                check.correct.insert(ManifestCheck.Line(payload: reference, symbology: nil, quantity: codes.count - contents.count), at: 0)
            }
            check.reference = reference
            check.missing = indices.compactMap { index in counts[index, default: 0] > 0 ? line(index, counts[index]!) : nil }
            return check
        }
        let all = Array(manifest.entries.indices)
        var counts = Dictionary(uniqueKeysWithValues: all.map { ($0, remaining[$0]) })
        var check = Self.match(codes, entries: all, remaining: &counts, in: manifest)
        for index in all { remaining[index] = counts[index, default: 0] }
        check.missing = all.compactMap { remaining[$0] > 0 ? line($0, remaining[$0]) : nil }
        return check
    }

    /// The manifest pallet a physical pallet is: the one whose reference is an SSCC read on it,
    /// else the one with the most labels in common (the first on a tie), else none.
    func palletReference(for codes: [Barcode]) -> String? {
        let keys = codes.map(GS1Key.init(barcode:))
        let references = manifest.palletReferences
        if let bySSCC = references.first(where: { reference in
            let key = GS1Key(payload: reference)
            return key.kind == .sscc && keys.contains(key)
        }) {
            return bySSCC
        }
        var best: (reference: String, common: Int)?
        for reference in references {
            let indices = manifest.entries.indices.filter { manifest.entries[$0].pallet == reference }
            var counts = Dictionary(uniqueKeysWithValues: indices.map { ($0, manifest.entries[$0].quantity) })
            let common = Self.match(codes, entries: indices, remaining: &counts, in: manifest).correct.reduce(0) { $0 + $1.quantity }
            if common > (best?.common ?? 0) { best = (reference, common) }
        }
        return best?.reference
    }

    private func line(_ index: Int, _ quantity: Int) -> ManifestCheck.Line {
        let entry = manifest.entries[index]
        return ManifestCheck.Line(payload: entry.payload, symbology: entry.symbology, quantity: quantity)
    }

    /// Takes each code off the first entry (of `entries`) that still wants it; what no entry wants is unexpected.
    private static func match(_ codes: [Barcode], entries: [Int], remaining: inout [Int: Int],
                              in manifest: Manifest) -> ManifestCheck {
        var correct: [Int: Int] = [:]
        var unexpected: [ManifestCheck.Line] = []
        for code in codes {
            let key = GS1Key(barcode: code)
            let wanting = entries.first { index in
                remaining[index, default: 0] > 0 && manifest.entries[index].matches(code, key: key)
            }
            if let wanting {
                remaining[wanting, default: 0] -= 1
                correct[wanting, default: 0] += 1
            } else {
                let payload = code.data ?? GS1Key(barcode: code).value
                if let at = unexpected.firstIndex(where: { $0.payload == payload && $0.symbology == code.symbology }) {
                    unexpected[at].quantity += 1
                } else {
                    unexpected.append(ManifestCheck.Line(payload: payload, symbology: code.symbology, quantity: 1))
                }
            }
        }
        let correctLines = entries.compactMap { index -> ManifestCheck.Line? in
            guard let quantity = correct[index] else { return nil }
            let entry = manifest.entries[index]
            return ManifestCheck.Line(payload: entry.payload, symbology: entry.symbology, quantity: quantity)
        }
        return ManifestCheck(reference: nil, correct: correctLines, unexpected: unexpected, missing: [])
    }
}
