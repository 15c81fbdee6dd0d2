import BarcodeDecoding
import BarcodeTracking

extension TrackingEngine {
    /// The Code 39 characters in view: rows every 8 frame pixels across `bounds` are
    /// read (``Code39Sections``); the text read on the most rows wins (at least two,
    /// so that one row's misread does not count), the longer one on a tie.
    static func code39Section(in image: LumaImage, bounds: Rect) -> (section: Code39Sections.Section, rows: ClosedRange<Int>)? {
        var seen: [String: (section: Code39Sections.Section, rows: [Int])] = [:]
        let x0 = Int(bounds.x), x1 = Int(bounds.maxX)
        for y in stride(from: Int(bounds.y) + 4, to: Int(bounds.maxY), by: 8) {
            guard let section = Code39Sections.read(image, row: y, from: x0, to: x1, minimumCharacters: 4) else { continue }
            seen[section.text, default: (section, [])].rows.append(y)
        }
        guard let best = seen.values.filter({ $0.rows.count >= 2 })
            .max(by: { ($0.rows.count, $0.section.text.count) < ($1.rows.count, $1.section.text.count) }) else { return nil }
        return (best.section, best.rows.min()!...best.rows.max()!)
    }

    /// The payload `section` reads: a payload stitched before that contains it (a fresh
    /// reading that agrees with it, as the camera keeps panning), or the payload the
    /// stitcher completes with it; `nil` while the code is incomplete.
    func stitch(_ section: Code39Sections.Section) -> String? {
        state.withLock { state in
            if let known = state.code39.stitched.first(where: { ("*" + $0 + "*").contains(section.text) }) { return known }
            guard let payload = state.code39.stitcher.add(section.text), !payload.isEmpty else { return nil }
            state.code39.stitched.insert(payload)
            return payload
        }
    }
}
