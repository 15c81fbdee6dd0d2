internal import CZlib

extension PNGEncoder {
    /// `data` as a zlib stream compressed at `level` (1 fastest ... 9 smallest) by the system's zlib,
    /// or `nil` when zlib fails (out of memory), so the caller can fall back to stored blocks.
    static func zlibDeflated(_ data: [UInt8], level: Int) -> [UInt8]? {
        var size = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { destination in
            data.withUnsafeBufferPointer { source in
                compress2(destination.baseAddress, &size, source.baseAddress, uLong(data.count), Int32(level))
            }
        }
        guard status == Z_OK else { return nil }
        out.removeSubrange(Int(size)...)
        return out
    }
}
