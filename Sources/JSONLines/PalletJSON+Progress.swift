package import PalletStation

extension PalletJSON {
    /// The body of the live view's `palletProgress` event: the pallet in progress of `station`, or
    /// `{"station":…,"pallet":null}` when none is open. One JSON object, without a newline:
    /// - `station`: the station's name;
    /// - `pallet`: the number the pallet will be recorded under (`null`: none open);
    /// - `start`: when it began (seconds, source clock);
    /// - `count`, `expected` (or `null`), `status` (`complete`, `short`, `over`, or `null` without `--expect`):
    ///   its codes so far against the expected count;
    /// - `codes`: `id`, `symbology`, the payload as in `recognized` lines (`data` or `bytes`), and `manifest`:
    ///   `correct`, `unexpected` (not in the manifest, or more labels of it than it lists) or `null` without one;
    /// - `manifest`: `null` without one, else `reference` (the manifest's pallet, if it names pallets) and
    ///   `missing` (`payload`, `symbology`, `quantity`: expected and not read yet, as the `pallet` line would say now).
    package static func progress(_ progress: PalletProgress?, station: String) -> String {
        var object = JSONObject()
        object.add("station", .string(station))
        guard let progress else {
            object.add("pallet", .null)
            return object.text
        }
        object.add("pallet", .int(progress.number))
        object.add("start", .number(progress.start, decimals: 3))
        object.add("count", .int(progress.codes.count))
        object.add("expected", progress.expectedCount.map { .int($0) } ?? .null)
        object.add("status", progress.countStatus.map { .string($0.rawValue) } ?? .null)
        object.add("codes", .array(progress.codes.map { marked in
            var code = JSONObject()
            code.add("id", .int(marked.code.trackID.rawValue))
            BarcodeJSON.addPayload(of: marked.code.barcode, to: &code)
            code.add("manifest", marked.isExpected.map { .string($0 ? "correct" : "unexpected") } ?? .null)
            return .object(code)
        }))
        object.add("manifest", progress.manifest.map { check in
            var manifest = JSONObject()
            manifest.add("reference", check.reference.map { .string($0) } ?? .null)
            manifest.add("missing", .array(check.missing.map { line in
                var entry = JSONObject()
                entry.add("payload", .string(line.payload))
                entry.add("symbology", line.symbology.map { .string($0.rawValue) } ?? .null)
                entry.add("quantity", .int(line.quantity))
                return .object(entry)
            }))
            return .object(manifest)
        } ?? .null)
        return object.text
    }
}
