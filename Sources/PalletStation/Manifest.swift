public import BarcodeTracking

/// What a shipment should hold: the codes expected, how many of each, and on which
/// pallet when the shipment notice says so.
///
/// Read from a file with ``init(contentsOf:)`` (CSV with a header, or JSON lines) or
/// built from ``Entry`` values. Lines of one key on one pallet are summed.
public struct Manifest: Sendable, Hashable {
    /// One expected code.
    public struct Entry: Sendable, Hashable {
        /// The payload as written in the shipment notice.
        public var payload: String
        /// The symbology it must be read in, or `nil` for any. Only checked for payloads
        /// that are not GS1 keys: an SSCC or GTIN is the same item whatever carries it.
        public var symbology: Symbology?
        /// How many labels carry it (at least 1). Default 1.
        public var quantity: Int
        /// The pallet (or shipment) reference it belongs to, or `nil` when the manifest
        /// does not split the shipment into pallets.
        public var pallet: String?

        /// Creates an entry.
        public init(payload: String, symbology: Symbology? = nil, quantity: Int = 1, pallet: String? = nil) {
            self.payload = payload
            self.symbology = symbology
            self.quantity = quantity
            self.pallet = pallet
        }

        /// The entry's matching key (see ``GS1Key``).
        public var key: GS1Key { GS1Key(payload: payload) }

        /// Whether a read `code` (whose key is `key`) is this entry: the same key, in the entry's
        /// symbology for payloads that are not GS1 keys; or a UPC-E written as its 8 printed digits
        /// (a UPC-E's key is its expanded GTIN, while 8 digits alone are keyed as an EAN-8).
        func matches(_ code: Barcode, key: GS1Key) -> Bool {
            if code.symbology == .upcE, symbology == nil || symbology == .upcE, let printed = code.data,
               payload.trimmingSpaces == printed {
                return true
            }
            return self.key == key && (key.kind != .text || symbology == nil || symbology == code.symbology)
        }
    }

    /// The entries in file order, lines of one key, symbology and pallet merged.
    public private(set) var entries: [Entry]

    /// Whether the entries name pallets; then each pallet record is checked against one
    /// pallet of the manifest, else against what the shift still expects.
    public var namesPallets: Bool { entries.contains { $0.pallet != nil } }

    /// The pallet references in order of first appearance.
    public var palletReferences: [String] {
        var seen = Set<String>()
        return entries.compactMap(\.pallet).filter { seen.insert($0).inserted }
    }

    /// A manifest of `entries`; throws ``StationError`` (``BarcodeError/Code-swift.struct/badManifest``)
    /// when a quantity is below 1, a payload is empty, or some entries name a pallet and others do not.
    public init(entries: [Entry]) throws {
        var merged: [Entry] = []
        var index: [MergeKey: Int] = [:]
        for (number, entry) in entries.enumerated() {
            try Self.check(entry, against: entries.first, where: "entry \(number + 1)")
            let key = MergeKey(key: entry.key, symbology: entry.symbology, pallet: entry.pallet)
            if let at = index[key] {
                merged[at].quantity += entry.quantity
            } else {
                index[key] = merged.count
                merged.append(entry)
            }
        }
        self.entries = merged
    }

    static func check(_ entry: Entry, against first: Entry?, where place: String) throws {
        guard !entry.payload.trimmingSpaces.isEmpty else {
            throw StationError(.badManifest, "\(place): the payload is empty; give every line a payload")
        }
        guard entry.quantity >= 1 else {
            throw StationError(.badManifest, "\(place): quantity \(entry.quantity) is not a whole number of at least 1")
        }
        if let first, (first.pallet == nil) != (entry.pallet == nil) {
            throw StationError(.badManifest,
                               "\(place): \(entry.pallet == nil ? "no pallet, while the first line names one" : "names a pallet, while the first line does not"); give every line a pallet or none")
        }
    }

    private struct MergeKey: Hashable {
        var key: GS1Key
        var symbology: Symbology?
        var pallet: String?
    }
}
