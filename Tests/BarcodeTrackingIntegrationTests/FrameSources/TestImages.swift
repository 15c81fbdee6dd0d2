import Foundation
import BarcodeTracking

/// Image files and frames built in memory for the FrameSources tests.
enum TestImages {
    /// Width and height from a PNG's IHDR chunk.
    static func pngSize(_ bytes: [UInt8]) -> (Int, Int) {
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    /// Width and height from a JPEG's start-of-frame segment.
    static func jpegSize(_ bytes: [UInt8]) -> (Int, Int)? {
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { index += 1; continue }
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
                return (width, height)
            }
            index += 2 + length
        }
        return nil
    }

    /// A binary PGM (P5) file.
    static func pgm(width: Int, height: Int, pixels: [UInt8]) -> [UInt8] {
        Array("P5\n\(width) \(height)\n255\n".utf8) + pixels
    }

    /// A PNG whose IHDR claims `width` x `height` (8-bit grey), followed by a
    /// tiny IDAT and IEND: a forged header, valid CRCs.
    static func pngHeader(width: Int, height: Int) -> [UInt8] {
        func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be32(data.count) + body + be32(Int(crc32(body)))
        }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let ihdr = be32(width) + be32(height) + [8, 0, 0, 0, 0]
        // zlib stream of a few zero bytes: the start of the first row.
        let idat: [UInt8] = [0x78, 0x9C, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]
        return signature + chunk("IHDR", ihdr) + chunk("IDAT", idat) + chunk("IEND", [])
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A 24-bit uncompressed BMP (bottom-up rows, BGR, rows padded to 4 bytes).
    static func bmp(width: Int, height: Int, grey: (Int, Int) -> UInt8) -> [UInt8] {
        func le32(_ value: Int) -> [UInt8] { [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: value >> $0) } }
        func le16(_ value: Int) -> [UInt8] { [0, 8].map { UInt8(truncatingIfNeeded: value >> $0) } }
        let rowBytes = (width * 3 + 3) / 4 * 4
        var pixels: [UInt8] = []
        for y in (0..<height).reversed() {
            var row: [UInt8] = []
            for x in 0..<width { let g = grey(x, y); row += [g, g, g] }
            pixels += row + [UInt8](repeating: 0, count: rowBytes - row.count)
        }
        let header = Array("BM".utf8) + le32(54 + pixels.count) + le32(0) + le32(54)
        let info = le32(40) + le32(width) + le32(height) + le16(1) + le16(24) + le32(0) + le32(pixels.count)
            + le32(2835) + le32(2835) + le32(0) + le32(0)
        return header + info + pixels
    }

    /// An uncompressed 8-bit greyscale little-endian TIFF, one strip.
    static func tiff(width: Int, height: Int, pixels: [UInt8]) -> [UInt8] {
        func le32(_ value: Int) -> [UInt8] { [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: value >> $0) } }
        func le16(_ value: Int) -> [UInt8] { [0, 8].map { UInt8(truncatingIfNeeded: value >> $0) } }
        let entries: [(tag: Int, type: Int, value: Int)] = [
            (256, 3, width), (257, 3, height), (258, 3, 8), (259, 3, 1), (262, 3, 1),
            (273, 4, 0), (277, 3, 1), (278, 3, height), (279, 4, width * height),
        ]
        let dataOffset = 8 + 2 + 12 * entries.count + 4
        var bytes = Array("II".utf8) + le16(42) + le32(8) + le16(entries.count)
        for entry in entries {
            let value = entry.tag == 273 ? dataOffset : entry.value
            bytes += le16(entry.tag) + le16(entry.type) + le32(1) + (entry.type == 3 ? le16(value) + [0, 0] : le32(value))
        }
        return bytes + le32(0) + pixels
    }

    /// A synthetic frame: grey background with a dark rectangle that moves
    /// 4 pixels right and 2 down per frame, and a bright square fixed at the right.
    static func movingRectangles(frame index: Int, width: Int = 160, height: Int = 120) -> LumaImage {
        var image = try! LumaImage(width: width, height: height, filledWith: 128)
        let left = 10 + 4 * index, top = 20 + 2 * index
        for y in top..<min(top + 30, height) { for x in left..<min(left + 40, width) { image[x, y] = 20 } }
        for y in 10..<40 { for x in (width - 40)..<(width - 10) { image[x, y] = 235 } }
        return image
    }

    /// Mean absolute difference between two images of the same size.
    static func meanDifference(_ a: LumaImage, _ b: LumaImage) -> Double {
        var total = 0
        for y in 0..<a.height { for x in 0..<a.width { total += abs(Int(a[x, y]) - Int(b[x, y])) } }
        return Double(total) / Double(a.width * a.height)
    }
}
