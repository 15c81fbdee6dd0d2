@testable import track
import Testing
import TrackBench

/// The whole-file line of `track bench --input`.
struct BenchWholeFileTests {
    @Test("The whole-file verdict says faster or slower by the ratio of the two medians")
    func verdict() {
        let faster = BenchWholeFileTiming(engineSeconds: 2, everyFrameSeconds: 3, runs: 3).lines(input: "/tmp/clip.mp4")
        #expect(faster.contains("track --input clip.mp4, medians of 3 runs"))
        #expect(faster.contains("engine 2.00 s, --decode-every-frame 3.00 s: the engine 1.50× faster"))
        let slower = BenchWholeFileTiming(engineSeconds: 1.6, everyFrameSeconds: 1.45, runs: 3).lines(input: "clip.mp4")
        #expect(slower.contains("engine 1.60 s, --decode-every-frame 1.45 s: the engine 1.10× slower"))
        #expect(!slower.contains("faster"))
    }
}
