@testable import FrameSources
import Testing

@Suite("Pixel buffer ring")
struct PixelBufferRingTests {
    private func address(_ array: [UInt8]) -> UnsafeRawPointer? { array.withUnsafeBytes { $0.baseAddress } }

    @Test("A slot whose picture was released is filled again in place; one still held keeps its pixels")
    func reusesOnlyReleasedStorage() {
        var ring = PixelBufferRing(count: 2)
        let first: [UInt8] = [1, 2, 3, 4], second: [UInt8] = [5, 6, 7, 8], third: [UInt8] = [9, 10, 11, 12]
        var storage: UnsafeRawPointer?
        do {
            let released = first.withUnsafeBufferPointer { ring.copy($0) }
            storage = address(released)
            #expect(released == first)
        }
        _ = second.withUnsafeBufferPointer { ring.copy($0) }
        // The first slot's turn again; its picture is gone: same storage, new pixels.
        let again = third.withUnsafeBufferPointer { ring.copy($0) }
        #expect(again == third && address(again) == storage)
        // Held by a consumer (a frame in flight): the slot gets new storage, the holder keeps its pixels.
        let held = again
        _ = first.withUnsafeBufferPointer { ring.copy($0) }
        let next = second.withUnsafeBufferPointer { ring.copy($0) }
        #expect(held == third && next == second && address(next) != address(held))
    }
}
