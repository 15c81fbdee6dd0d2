@testable import FrameSources
import Foundation
import Testing
import TestSupport

/// Grey from YUV through the luma table (the default) and through libswscale for every picture.
struct GreyConversionTests {
    /// Whether this CPU has AVX2 (`/proc/cpuinfo`).
    static var hasAVX2: Bool {
        (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.split(separator: "\n")
            .first { $0.hasPrefix("flags") }?.split(separator: " ").contains("avx2") ?? false
    }

    @Test("Every frame of the real clips is the same grey through the luma table as through libswscale",
          .needsSharedData, arguments: [
              "boofcv-aztec.mp4", // yuv444p, limited range: the table stretches 16...235
              "boofcv-microqr.mp4", // yuvj420p, full range
          ])
    func tableMatchesSwscale(clip: String) throws {
        let path = MediaPath(SharedData.video.appendingPathComponent(clip).path)
        let table = try FFmpegReader(path: path, pixelLimit: 1 << 26)
        let exact = try FFmpegReader(path: path, pixelLimit: 1 << 26)
        exact.convertExactly()
        var frames = 0
        while let picture = try table.next() {
            let reference = try #require(try exact.next())
            #expect(picture.image == reference.image, "frame \(frames)")
            frames += 1
        }
        #expect(try exact.next() == nil && frames > 200)
        #expect(table.convertsThroughTable && !exact.convertsThroughTable)
        // The limited-range clip's table is computed 32 pixels at a time where the CPU can
        // (`avx2` in /proc/cpuinfo); the full-range one is a copy.
        if clip == "boofcv-aztec.mp4", Self.hasAVX2 { #expect(table.computesTable) }
        if clip == "boofcv-microqr.mp4" { #expect(!table.computesTable) }
    }
}
