@testable import BarcodeDecoding
import BarcodeTracking
import Foundation
import FrameSources
import Testing
import TestSupport

/// zxing-cpp 1.4 takes an Aztec symbol's padding for a binary shift and appends bytes from past
/// the end of its data (uninitialised memory); the facade cuts them off and says so (issue 58 item 4).
struct AztecOverrunTests {
    /// Packs a string of `0`/`1` into bytes, most significant bit first, padding the last with zeros.
    static func pack(_ bits: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for (index, bit) in bits.enumerated() {
            if index % 8 == 0 { bytes.append(0) }
            if bit == "1" { bytes[bytes.count - 1] |= 0x80 >> UInt8(index % 8) }
        }
        return bytes
    }

    @Test("A binary shift in the padding that claims more bytes than remain is found, with its length")
    func paddingShiftFound() {
        // Upper mode "A" (2), a binary shift of one byte 0x41, then the pad bits: 11111 (B/S) 11111 (31 bytes).
        let bits = "00010" + "11111" + "00001" + "01000001" + "11111" + "11111" + "111111"
        #expect(AztecOverrun.bytesPastEnd(Self.pack(bits)) == 31)
    }

    @Test("Content that ends within its bits, in any mode, is left alone")
    func cleanEndsUntouched() {
        // Upper "AB", then digit latch (30) and digits 1 2 (0011 0100), pad 1111 (U/S) with too few bits after it.
        #expect(AztecOverrun.bytesPastEnd(Self.pack("00010" + "00011" + "11110" + "0011" + "0100" + "1111")) == nil)
        // A binary shift of two bytes that fit exactly.
        #expect(AztecOverrun.bytesPastEnd(Self.pack("11111" + "00010" + "0100000101000010")) == nil)
        // Lower latch (28), "ab", a punctuation shift, and too few bits left for its code (24 bits in all).
        #expect(AztecOverrun.bytesPastEnd(Self.pack("11100" + "00010" + "00011" + "00000" + "0000")) == nil)
    }

    @Test("padding_bs.png reads as exactly the bytes of its .txt, the same after other reads, with a warning",
          .needsSharedData, arguments: [false, true])
    func samplePayloadIsExact(isolated: Bool) throws {
        let folder = SharedData.samples.appendingPathComponent("aztec-1")
        let expected = try [UInt8](Data(contentsOf: folder.appendingPathComponent("padding_bs.txt")))
        let image = try ImageFile.load(path: folder.appendingPathComponent("padding_bs.png").path)
        var options = DecoderOptions.thorough
        if isolated { options.isolation = try ReadIsolation() }
        let reader = try BarcodeReader(options: options)
        // What was read before changed the appended bytes; read other codes in between.
        let other = try ImageFile.load(path: SharedData.samples.appendingPathComponent("qrcode-2/1.png").path)
        for _ in 0..<2 {
            let report = try reader.read(image)
            let aztec = report.detections.compactMap(\.barcode).filter { $0.symbology == .aztec }
            #expect(aztec.count == 1)
            #expect(aztec.first?.bytes == expected, "\(aztec.first?.bytes.count ?? 0) bytes, \(expected.count) expected")
            #expect(report.warnings.contains { $0.contains("Aztec") && $0.contains("31 bytes") }, "\(report.warnings)")
            _ = try reader.read(other)
        }
    }
}
