/// zxing-cpp 1.4's Aztec decoder reads past the end of a symbol's data. Padding is all ones,
/// and in the upper, lower and mixed modes `11111` is a binary shift: when ten or more pad bits
/// follow the data, 1.4 takes them as a binary shift of up to 31 bytes and appends that many
/// bytes from beyond the end of its bit buffer, memory it never wrote (valgrind memcheck: a
/// conditional jump on uninitialised heap from `ZXing::Aztec::Decode`). The payload then ends
/// in bytes that differ from run to run. Later zxing-cpp stops when the bits run out.
///
/// This walks the data bits zxing-cpp reports (its `rawBytes`) through the Aztec modes and
/// finds a binary shift whose bytes run past them.
enum AztecOverrun {
    private enum Mode { case upper, lower, mixed, digit, punct }

    /// How many bytes zxing-cpp 1.4 appended from beyond the end of `data` (an Aztec symbol's
    /// corrected data bits, packed, most significant first): the length of a binary shift that
    /// claims more bytes than bits remain; `nil` when the content ends within the bits.
    static func bytesPastEnd(_ data: [UInt8]) -> Int? {
        let end = data.count * 8
        var index = 0
        func read(_ count: Int) -> Int {
            var value = 0
            for bit in index..<index + count { value = value << 1 | Int(data[bit >> 3] >> (7 - UInt8(bit & 7)) & 1) }
            index += count
            return value
        }
        var latch = Mode.upper
        var shift: Mode?
        while true {
            let mode = shift ?? latch
            shift = nil
            let size = mode == .digit ? 4 : 5
            guard end - index >= size else { return nil }
            let code = read(size)
            switch mode {
            case .punct:
                if code == 0 {                        // FLG(n): FNC1, or an ECI of n digits
                    guard end - index >= 3 else { return nil }
                    let n = read(3)
                    if (1...6).contains(n) {
                        guard end - index >= 4 * n else { return nil }
                        index += 4 * n
                    }
                } else if code == 31 {
                    latch = .upper
                }
            case .digit:
                switch code {
                case 0: shift = .punct
                case 14: latch = .upper
                case 15: shift = .upper
                default: break
                }
            case .upper, .lower, .mixed:
                switch (mode, code) {
                case (_, 0): shift = .punct
                case (_, 31):                         // binary shift: 5-bit length, 0 = 11-bit length + 31
                    guard end - index >= 5 else { return nil }
                    var length = read(5)
                    if length == 0 {
                        guard end - index >= 11 else { return nil }
                        length = read(11) + 31
                    }
                    if end - index < 8 * length { return length }
                    index += 8 * length
                case (.upper, 28), (.mixed, 28): latch = .lower
                case (.lower, 28): shift = .upper
                case (_, 29): latch = mode == .mixed ? .upper : .mixed
                case (.mixed, 30): latch = .punct
                case (_, 30): latch = .digit
                default: break
                }
            }
        }
    }

    /// `symbol` without the bytes 1.4 appended from past the end of its data (`rawBytes`), and
    /// the warning that says so; `nil` for the symbol when its text cannot be cut to match
    /// (an ECI that maps bytes to text other than one to one), with the warning that says why.
    static func repaired(_ symbol: RawSymbol, rawBytes: [UInt8]) -> (symbol: RawSymbol?, warning: String?) {
        guard symbol.symbology == .aztec, !symbol.isLocatedOnly, let extra = bytesPastEnd(rawBytes) else {
            return (symbol, nil)
        }
        let scalars = symbol.text.unicodeScalars
        guard extra <= symbol.bytes.count, scalars.count == symbol.bytes.count else {
            return (nil, "an Aztec code was left out: zxing-cpp 1.4 read \(extra) bytes past the end of its data (padding taken for a binary shift), and its text could not be cut back to the symbol's own bytes")
        }
        var repaired = symbol
        repaired.bytes.removeLast(extra)
        repaired.text = String(String.UnicodeScalarView(scalars.dropLast(extra)))
        return (repaired, "an Aztec code's last \(extra) bytes were dropped: zxing-cpp 1.4 read them from past the end of the symbol's data (padding taken for a binary shift)")
    }
}
