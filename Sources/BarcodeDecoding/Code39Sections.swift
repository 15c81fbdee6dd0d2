public import BarcodeTracking

/// Reads the whole Code 39 characters visible in one image row, even when the
/// symbol's start or stop character is out of view: the part a camera sees of a
/// label too long for the frame. zxing-cpp needs both ends to read a Code 39; the
/// characters in between are self-contained (nine elements, three of them wide,
/// then a gap), so each one can be read on its own. Sections are stitched into the
/// full payload by ``Code39Stitcher``.
public enum Code39Sections {
    /// The characters read on one row, in reading order (left to right), `*` for the
    /// start or stop character where it is in view.
    public struct Section: Hashable, Sendable {
        /// The characters, e.g. `*PALLET-0` (start in view) or `ET-0042`.
        public var text: String
        /// Where they are on the row, frame pixels: from the first bar of the first
        /// character to the last bar of the last.
        public var start: Int, end: Int
    }

    /// Characters in `0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%*` order, and their
    /// element patterns (9 bits, first element most significant, 1 = wide; ISO/IEC 16388).
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%*")
    static let patterns: [Int] = [
        0x034, 0x121, 0x061, 0x160, 0x031, 0x130, 0x070, 0x025, 0x124, 0x064,
        0x109, 0x049, 0x148, 0x019, 0x118, 0x058, 0x00D, 0x10C, 0x04C, 0x01C,
        0x103, 0x043, 0x142, 0x013, 0x112, 0x052, 0x007, 0x106, 0x046, 0x016,
        0x181, 0x0C1, 0x1C0, 0x091, 0x190, 0x0D0, 0x085, 0x184, 0x0C4, 0x0A8,
        0x0A2, 0x08A, 0x02A, 0x094,
    ]
    static let characterForPattern: [Int: Character] = Dictionary(uniqueKeysWithValues: zip(patterns, alphabet))

    /// The longest run of whole characters on row `y` of `image` between `x0` and `x1`
    /// (frame pixels), at least `minimumCharacters` long, or `nil`. Dark elements are
    /// bars; the row is split at the midpoint between its darkest and lightest pixel.
    public static func read(_ image: LumaImage, row y: Int, from x0: Int = 0, to x1: Int? = nil,
                            minimumCharacters: Int = 3) -> Section? {
        guard y >= 0, y < image.height else { return nil }
        let end = min(image.width, x1 ?? image.width), begin = max(0, x0)
        guard end - begin >= 20 else { return nil }
        let base = y * image.bytesPerRow
        var low = UInt8.max, high = UInt8.min
        for x in begin..<end {
            low = min(low, image.pixels[base + x])
            high = max(high, image.pixels[base + x])
        }
        guard Int(high) - Int(low) >= 40 else { return nil }
        let threshold = (Int(low) + Int(high)) / 2
        // Runs of dark (bar) and light (space) pixels; the first and last are cut by the
        // row's ends, so they are not elements.
        var runs: [(bar: Bool, start: Int, length: Int)] = []
        for x in begin..<end {
            let bar = Int(image.pixels[base + x]) < threshold
            if let last = runs.last, last.bar == bar { runs[runs.count - 1].length += 1 } else { runs.append((bar, x, 1)) }
        }
        guard runs.count > 2 else { return nil }
        runs.removeFirst()
        runs.removeLast()
        guard let wide = wideThreshold(runs.map(\.length)) else { return nil }
        var best: Section?
        // A character starts with a bar; try every bar as the first one.
        for first in runs.indices where runs[first].bar {
            var index = first, text = "", startX = runs[first].start, endX = startX
            while index + 9 <= runs.count {
                var pattern = 0, wideCount = 0
                for k in 0..<9 {
                    let isWide = Double(runs[index + k].length) > wide
                    pattern = pattern << 1 | (isWide ? 1 : 0)
                    if isWide { wideCount += 1 }
                }
                guard wideCount == 3, let character = characterForPattern[pattern] else { break }
                if text.isEmpty { startX = runs[index].start }
                text.append(character)
                endX = runs[index + 8].start + runs[index + 8].length
                // The gap between characters: a space narrower than a character.
                if index + 9 < runs.count, Double(runs[index + 9].length) > 3 * wide { break }
                index += 10
            }
            if text.count >= minimumCharacters, text.count > best?.text.count ?? 0 {
                best = Section(text: text, start: startX, end: endX)
            }
        }
        return best
    }

    /// The length (pixels) between narrow and wide elements: two-means on `lengths`.
    static func wideThreshold(_ lengths: [Int]) -> Double? {
        guard let shortest = lengths.min(), let longest = lengths.max(), longest > shortest else { return nil }
        var narrow = Double(shortest), wide = Double(longest)
        for _ in 0..<8 {
            let split = (narrow + wide) / 2
            let n = lengths.filter { Double($0) <= split }, w = lengths.filter { Double($0) > split }
            guard !n.isEmpty, !w.isEmpty else { return nil }
            narrow = Double(n.reduce(0, +)) / Double(n.count)
            wide = Double(w.reduce(0, +)) / Double(w.count)
        }
        // Code 39 wide elements are 2 to 3 times the narrow ones.
        guard wide >= 1.6 * narrow else { return nil }
        return (narrow + wide) / 2
    }
}

/// Joins overlapping Code 39 sections, read as the camera pans along a long label,
/// into the full payload. Feed sections in the order the frames came; the payload
/// is returned once both the start and the stop character have been joined in.
public struct Code39Stitcher: Sendable {
    /// Characters two sections must share (in the same order) to be joined.
    public let minimumOverlap: Int
    /// What has been joined so far (`*` where the start or stop was seen).
    public private(set) var joined = ""

    /// Creates a stitcher; sections join when they share `minimumOverlap` characters (default 4).
    public init(minimumOverlap: Int = 4) {
        self.minimumOverlap = max(2, minimumOverlap)
    }

    /// Adds one section's text; returns the payload (without `*`) when it completes the
    /// code, and starts over. A section that shares nothing with what was joined
    /// replaces it only when it holds the start or stop character (a new code).
    public mutating func add(_ section: String) -> String? {
        if joined.isEmpty {
            joined = section
        } else if let merged = Self.merge(joined, section, minimumOverlap: minimumOverlap) {
            joined = merged
        } else if section.first == "*" || section.last == "*" {
            joined = section
        }
        guard joined.count >= 3, joined.first == "*", joined.last == "*" else { return nil }
        let payload = String(joined.dropFirst().dropLast())
        joined = ""
        return payload.contains("*") ? nil : payload
    }

    /// `a` and `b` joined on their longest overlap of at least `minimumOverlap`
    /// characters (either may come first, or one may hold the other), or `nil`.
    static func merge(_ a: String, _ b: String, minimumOverlap: Int) -> String? {
        if a.contains(b) { return a }
        if b.contains(a) { return b }
        let x = Array(a), y = Array(b)
        for k in stride(from: min(x.count, y.count) - 1, through: minimumOverlap, by: -1) {
            if x.suffix(k).elementsEqual(y.prefix(k)) { return a + String(y.dropFirst(k)) }
            if y.suffix(k).elementsEqual(x.prefix(k)) { return b + String(x.dropFirst(k)) }
        }
        return nil
    }
}
