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

extension PixelBufferRingTests {
    @Test("A picture written in place goes into the slot's storage once released, never into one a consumer holds")
    func fillsInPlace() {
        var ring = PixelBufferRing(count: 2)
        func write(_ values: [UInt8]) -> (UnsafeMutableBufferPointer<UInt8>) -> Bool {
            { buffer in
                guard buffer.count == values.count else { return false }
                for (index, value) in values.enumerated() { buffer[index] = value }
                return true
            }
        }
        var storage: UnsafeRawPointer?
        do {
            let released = ring.fill(count: 3, write([1, 2, 3]))
            storage = released.flatMap(address)
            #expect(released == [1, 2, 3])
        }
        #expect(ring.fill(count: 3, write([4, 5, 6])) == [4, 5, 6])
        // The first slot's turn again, its picture gone: the same storage, written over.
        let again = ring.fill(count: 3, write([7, 8, 9]))
        #expect(again == [7, 8, 9] && again.flatMap(address) == storage)
        // Held by a consumer: the holder keeps its pixels, the new picture gets storage of its own.
        let held = again
        _ = ring.fill(count: 3, write([1, 1, 1]))
        let next = ring.fill(count: 3, write([2, 2, 2]))
        #expect(held == [7, 8, 9] && next == [2, 2, 2] && next.flatMap(address) != held.flatMap(address))
        // A picture of another size: the array is resized; a writer that declines gives nil.
        #expect(ring.fill(count: 4, write([1, 2, 3, 4])) == [1, 2, 3, 4])
        #expect(ring.fill(count: 2, { _ in false }) == nil)
    }
}
