import BarcodeTracking
import Testing
@testable import TrackBench

/// The bench's located-only figures on a hand-made sequence.
struct BenchLocatedOnlyTests {
    @Test("Lead time counts frames from a track's first measurement to its decode; outlines on no code are stray")
    func handMade() {
        // A at x 0 and B at x 100 in all five frames.
        let truth = BenchFixtures.twoStillCodes(frames: 5)
        func track(_ id: Int, _ payload: String?, _ x: Double) -> BenchReportedTrack { BenchFixtures.track(id, payload, x: x) }
        // Track 7 outlines A from frame 0 and decodes it in frame 3; B is decoded at once in
        // frame 1; track 9 outlines empty background at x 300 in frames 0 and 1.
        let reported: [[BenchReportedTrack]] = (0..<5).map { f in
            var tracks = [track(7, f >= 3 ? "A" : nil, 0)]
            if f >= 1 { tracks.append(track(8, "B", 100)) }
            if f <= 1 { tracks.append(track(9, nil, 300)) }
            return tracks
        }
        let located = BenchLocatedOnly(BenchSequence(truth: truth, reported: reported))
        #expect(located.leadFrames == [0, 3], "B (first decoded, frame 1) at once, A three frames after its outline")
        #expect(located.locatedPairs == 5)  // track 7 in frames 0-2, track 9 in frames 0-1
        #expect(located.strayPairs == 2)
        #expect(located.summary == "mean 1.5 max 3 (1 of 2 earlier)")
    }
}
