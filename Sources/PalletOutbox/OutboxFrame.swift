/// One record as it lies in a segment file: a fixed header, the key, the payload.
///
/// ```
/// offset  size  field
///      0     4  magic "OBX1"
///      4     4  CRC-32 (IEEE) of bytes 8 ..< end of payload, little-endian
///      8     8  sequence number, little-endian
///     16     8  append time, milliseconds since 1970, little-endian
///     24     2  key length K, little-endian
///     26     4  payload length P, little-endian
///     30     K  key (UTF-8; the pallet's UUID, sent as Idempotency-Key)
///   30+K     P  payload (the record's JSON)
/// ```
///
/// A frame whose magic, lengths or checksum do not hold ends the segment: it is the torn tail of a
/// write that a crash interrupted (or damage), and nothing after it is trusted.
enum OutboxFrame {
    static let magic: [UInt8] = Array("OBX1".utf8)
    static let headerSize = 30
    /// Payloads above this are refused: a pallet record is kilobytes; this bounds what a damaged
    /// length field can make the reader allocate.
    static let maxPayload = 16 << 20

    static func encode(sequence: UInt64, time: UInt64, key: [UInt8], payload: [UInt8]) -> [UInt8] {
        var bytes = magic
        bytes.reserveCapacity(headerSize + key.count + payload.count)
        bytes += [0, 0, 0, 0]
        append(sequence, to: &bytes)
        append(time, to: &bytes)
        append(UInt64(key.count), size: 2, to: &bytes)
        append(UInt64(payload.count), size: 4, to: &bytes)
        bytes += key
        bytes += payload
        let checksum = CRC32.checksum(bytes[8...])
        for index in 0..<4 { bytes[4 + index] = UInt8(truncatingIfNeeded: checksum >> (8 * index)) }
        return bytes
    }

    struct Decoded {
        var sequence: UInt64
        var time: UInt64
        var key: [UInt8]
        var payload: [UInt8]
        /// Bytes the frame takes in the file.
        var size: Int
    }

    /// The frame at `offset` of `bytes`, or `nil` when none is whole and intact there.
    static func decode(_ bytes: [UInt8], at offset: Int) -> Decoded? {
        guard bytes.count - offset >= headerSize, Array(bytes[offset..<offset + 4]) == magic else { return nil }
        let keyCount = Int(read(bytes, offset + 24, size: 2))
        let payloadCount = Int(read(bytes, offset + 26, size: 4))
        guard payloadCount <= maxPayload else { return nil }
        let end = offset + headerSize + keyCount + payloadCount
        guard end <= bytes.count else { return nil }
        guard CRC32.checksum(bytes[(offset + 8)..<end]) == UInt32(read(bytes, offset + 4, size: 4)) else { return nil }
        let keyStart = offset + headerSize
        return Decoded(sequence: read(bytes, offset + 8, size: 8), time: read(bytes, offset + 16, size: 8),
                       key: Array(bytes[keyStart..<keyStart + keyCount]),
                       payload: Array(bytes[(keyStart + keyCount)..<end]), size: end - offset)
    }

    static func append(_ value: UInt64, size: Int = 8, to bytes: inout [UInt8]) {
        for index in 0..<size { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }

    static func read(_ bytes: [UInt8], _ offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<size { value |= UInt64(bytes[offset + index]) << (8 * index) }
        return value
    }
}

/// CRC-32 (IEEE 802.3, the polynomial of zlib and PNG), table-driven.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func checksum<Bytes: Collection>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
