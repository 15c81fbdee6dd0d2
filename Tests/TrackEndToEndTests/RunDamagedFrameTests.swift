import Foundation
import SeededRandom
import TestSupport
import Testing

/// A frame damaged in the middle of a video is skipped, keeps its number and is named (issue 58, item 7).
struct RunDamagedFrameTests {
    /// SplitMix64: the same bytes on every machine, so the damage is the same in every run.
    struct SeededBytes {
        var state: UInt64
        mutating func next() -> UInt8 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return UInt8(truncatingIfNeeded: z ^ (z >> 31))
        }
    }

    static let frameCount = 60

    /// The demo clip (H.264 MP4 where libx264 is installed) with `count` seeded random bytes
    /// written over its middle.
    static func damagedClip(in dir: URL, count: Int = 4000, seed: UInt64) throws -> String {
        let path = dir.appendingPathComponent("damaged.mp4").path
        try DemoClip.write(try DemoClip.scene(frames: frameCount), frames: frameCount, to: path)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var random = SeededBytes(state: seed)
        let start = bytes.count / 2
        for index in start..<min(bytes.count, start + count) { bytes[index] = random.next() }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("Frames skipped as damaged keep their numbers, the later frames are not renumbered, and each is named with its time on standard error")
    func damagedFramesKeepTheirNumbers() throws {
        try TemporaryFiles.withDirectory { dir in
            let path = try Self.damagedClip(in: dir, seed: 58)
            let run = try TrackProcess.run(["--input", path, "--format", "jsonl"])
            let summary = try jsonObject(try #require(run.lines.last))
            let skipped = try #require(summary["skipped"] as? Int)
            #expect(skipped >= 1, "the damage must cost a frame for this test to mean anything: \(run.stderr)")
            let numbers = try run.objects(ofType: "frame").compactMap { $0["frame"] as? Int }
            let times = try run.objects(ofType: "frame").compactMap { $0["time"] as? Double }
            #expect(numbers.last == Self.frameCount, "the last frame keeps its number: \(numbers)")
            #expect(zip(numbers, times).allSatisfy { number, time in abs(time - Double(number - 1) / 30) < 0.002 },
                    "numbers follow the timestamps at 30 fps")
            let missing = Set(1...Self.frameCount).subtracting(numbers).sorted()
            #expect(!missing.isEmpty)
            let named = run.stderr.matches(of: /frame (\d+) \((\d+\.\d{3}) s\) skipped: damaged/).map { (Int($0.output.1)!, Double($0.output.2)!) }
            #expect(named.map(\.0) == missing, "every missing number named, in order: \(run.stderr)")
            for (number, time) in named { #expect(abs(time - Double(number - 1) / 30) < 0.002, "frame \(number) at \(time) s") }
        }
    }
}
