/// Very large pictures that cost almost nothing to make: one grey level everywhere, for the
/// tests of pictures near the pixel limit (100 megapixels).
public enum UniformImages {
    /// An 8-bit greyscale PNG of `width` x `height` pixels, all `grey`. The image data is
    /// compressed by hand (fixed-Huffman deflate, each row a filter byte, one literal and
    /// repeats of it), so 10000x10000 takes about 0.6 MB and well under a second to make.
    public static func png(width: Int, height: Int, grey: UInt8) -> [UInt8] {
        precondition(width >= 4 && height >= 1)
        var bits = BitWriter()
        bits.write(1, count: 1)  // final block
        bits.write(1, count: 2)  // fixed Huffman codes
        for _ in 0..<height {
            bits.literal(0)      // filter: none
            bits.literal(grey)
            var left = width - 1 // the rest of the row repeats the byte before it (distance 1)
            while left > 0 {
                if left < 3 {
                    for _ in 0..<left { bits.literal(grey) }
                    break
                }
                // Keep at least 3 for the last match (lengths start at 3).
                let length = left > 258 && left - 258 < 3 ? left - 3 : min(left, 258)
                bits.match(length: length)
                left -= length
            }
        }
        bits.endOfBlock()
        var zlib: [UInt8] = [0x78, 0x01]
        zlib += bits.bytes
        zlib += bigEndian(adler32(width: width, height: height, grey: grey))

        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 0, 0, 0, 0]  // 8 bits, greyscale, deflate, standard filters, no interlace
        chunk("IHDR", header, into: &out)
        chunk("IDAT", zlib, into: &out)
        chunk("IEND", [], into: &out)
        return out
    }

    /// A binary PGM (P5) header for `width` x `height` 8-bit pixels; the pixel bytes follow it.
    /// Write the header and extend the file to `header.count + width * height` bytes with
    /// `truncate`: the file is then sparse (all black) and takes no disk space.
    public static func pgmHeader(width: Int, height: Int) -> [UInt8] {
        Array("P5\n\(width) \(height)\n255\n".utf8)
    }

    /// Adler-32 of the PNG's filtered rows, in closed form per row (a byte-by-byte sum of 100 MB
    /// would take seconds in a debug build).
    private static func adler32(width: Int, height: Int, grey: UInt8) -> UInt32 {
        let modulus: UInt64 = 65521
        var a: UInt64 = 1, b: UInt64 = 0
        let length = UInt64(width + 1), v = UInt64(grey), w = UInt64(width)
        let rowSum = (v * w) % modulus
        let rowWeighted = (v * ((w * (w + 1) / 2) % modulus)) % modulus
        for _ in 0..<height {
            // A row [0, v, v, ..., v]: b gains length * a plus the weighted sum of its bytes.
            b = (b + (length % modulus) * a + rowWeighted) % modulus
            a = (a + rowSum) % modulus
        }
        return UInt32(b << 16 | a)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    private static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) {
        let typed = Array(type.utf8) + data
        out += bigEndian(UInt32(data.count))
        out += typed
        out += bigEndian(crc32(typed))
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}

/// Deflate's bit order: values least significant bit first, Huffman codes most significant first.
private struct BitWriter {
    var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    /// Lengths 3...258 as deflate's length symbols 257...285: (base, extra bits).
    private static let lengths: [(base: Int, extra: Int)] = [
        (3, 0), (4, 0), (5, 0), (6, 0), (7, 0), (8, 0), (9, 0), (10, 0), (11, 1), (13, 1), (15, 1), (17, 1),
        (19, 2), (23, 2), (27, 2), (31, 2), (35, 3), (43, 3), (51, 3), (59, 3), (67, 4), (83, 4), (99, 4),
        (115, 4), (131, 5), (163, 5), (195, 5), (227, 5), (258, 0),
    ]

    mutating func write(_ value: UInt32, count bitCount: Int) {
        buffer |= UInt64(value) << UInt64(count)
        count += bitCount
        while count >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
        }
    }

    /// A Huffman code: its bits from the most significant.
    mutating func code(_ code: UInt32, length: Int) {
        var reversed: UInt32 = 0
        for bit in 0..<length where code & (1 << UInt32(length - 1 - bit)) != 0 { reversed |= 1 << UInt32(bit) }
        write(reversed, count: length)
    }

    /// A fixed-Huffman literal/length symbol.
    mutating func symbol(_ symbol: Int) {
        switch symbol {
        case 0...143: code(UInt32(0x30 + symbol), length: 8)
        case 144...255: code(UInt32(0x190 + symbol - 144), length: 9)
        case 256...279: code(UInt32(symbol - 256), length: 7)
        default: code(UInt32(0xC0 + symbol - 280), length: 8)
        }
    }

    mutating func literal(_ byte: UInt8) { symbol(Int(byte)) }

    /// A copy of the previous byte, `length` (3...258) times.
    mutating func match(length: Int) {
        let index = Self.lengths.lastIndex { $0.base <= length }!
        let (base, extra) = Self.lengths[index]
        symbol(257 + index)
        if extra > 0 { write(UInt32(length - base), count: extra) }
        code(0, length: 5)  // distance code 0: distance 1, no extra bits
    }

    mutating func endOfBlock() {
        symbol(256)
        if count > 0 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer = 0
            count = 0
        }
    }
}
