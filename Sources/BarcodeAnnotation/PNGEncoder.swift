
/// A minimal PNG writer: 8-bit RGB, no filtering, the pixels as a zlib stream: stored
/// (uncompressed) deflate blocks by default, about 3 bytes per pixel, which suits plots; or
/// compressed by the system's zlib at a chosen level, for snapshots sent over the network.
public enum PNGEncoder {
    /// The PNG file bytes of `image` (one pixel per frame pixel). `compressionLevel` 0 stores the
    /// pixels uncompressed (fast, large); 1 (fastest) ... 9 (smallest) deflates them with zlib.
    public static func encode(_ image: RGBImage, compressionLevel: Int = 0) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header += bigEndian(UInt32(image.width)) + bigEndian(UInt32(image.height))
        header += [8, 2, 0, 0, 0]  // bit depth 8, colour type RGB, deflate, no filter method, no interlace
        chunk("IHDR", header, into: &out)
        var raw: [UInt8] = []
        raw.reserveCapacity((image.width * 3 + 1) * image.height)
        for y in 0..<image.height {
            raw.append(0)  // filter type None
            raw += image.pixels[(y * image.width * 3)..<((y + 1) * image.width * 3)]
        }
        let level = min(max(compressionLevel, 0), 9)
        chunk("IDAT", (level > 0 ? zlibDeflated(raw, level: level) : nil) ?? zlibStored(raw), into: &out)
        chunk("IEND", [], into: &out)
        return out
    }

    /// `data` as a zlib stream of stored deflate blocks (at most 65 535 bytes each).
    public static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let last: UInt8 = offset + length == data.count ? 1 : 0
            out.append(last)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[offset..<(offset + length)]
            offset += length
        } while offset < data.count
        out += bigEndian(adler32(data))
        return out
    }

    /// Adler-32 checksum of `data` (RFC 1950).
    public static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return (b << 16) | a
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// CRC-32 of `data` as PNG chunks use it (ISO 3309).
    public static func crc32(_ data: some Sequence<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in data { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    private static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        out += bigEndian(UInt32(data.count))
        out += typeBytes
        out += data
        out += bigEndian(crc32(typeBytes + data))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
