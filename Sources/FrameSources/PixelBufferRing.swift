/// Pixel arrays handed out for decoded pictures, used again once their pictures are gone.
///
/// A 720p luma plane is 0.9 MB; a fresh array per frame is a fresh mapping (the program
/// keeps large blocks in mappings of their own, see `AllocatorSettings` in track) whose
/// 230 pages the kernel faults in and zeroes, then unmaps, on every frame. Here each
/// picture's array is kept in a ring; when its turn comes again and every picture made
/// from it has been released, its storage is filled again in place. An array still held
/// (a frame in flight, the engine's previous frame) is left to its holder and the slot
/// gets new storage, so correctness never depends on how long consumers keep frames.
struct PixelBufferRing {
    private var slots: [[UInt8]]
    private var next = 0

    /// A ring of `count` arrays (more than the frames a pipeline holds at once).
    init(count: Int = 8) {
        slots = Array(repeating: [], count: max(1, count))
    }

    /// An array of `count` bytes that `write` fills in place (the decoder writes a picture
    /// straight into it: no copy), in reused storage when the slot's last picture has been
    /// released (a slot still held costs a copy of its old array, which `write` then
    /// overwrites); `nil` when `write` returns false (it wrote no picture there).
    mutating func fill(count: Int, _ write: (UnsafeMutableBufferPointer<UInt8>) -> Bool) -> [UInt8]? {
        defer { next = (next + 1) % slots.count }
        var array = slots[next]
        slots[next] = []
        if array.count != count {
            array.removeAll(keepingCapacity: true)
            array.append(contentsOf: repeatElement(0, count: count))
        }
        let written = array.withUnsafeMutableBufferPointer { write($0) }
        slots[next] = array
        return written ? array : nil
    }

    /// An array holding a copy of `pixels`, in reused storage when the slot's last
    /// picture has been released.
    mutating func copy(_ pixels: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        defer { next = (next + 1) % slots.count }
        var array = slots[next]
        slots[next] = []
        // Unique: empties in place, capacity kept. Shared: a new buffer, the holder's untouched.
        array.removeAll(keepingCapacity: true)
        array.append(contentsOf: pixels)
        slots[next] = array
        return array
    }
}
