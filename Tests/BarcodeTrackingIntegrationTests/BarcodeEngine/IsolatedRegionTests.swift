@testable import BarcodeDecoding
@testable import BarcodeEngine
import BarcodeTracking
import Testing
import TestSupport

/// With PDF417 read in reader processes (`track`'s default isolation), the frame's first
/// code-like region is read for PDF417 there too: the region reads in this process leave it out.
struct IsolatedRegionTests {
    /// An engine reading PDF417 in reader processes, where nothing but code-like regions
    /// looks for new codes after the first frame.
    static func engine(regions: Int, times: EngineJobTimes) throws -> TrackingEngine {
        var options = DecoderOptions.video
        options.isolation = try ReadIsolation(symbologies: [.pdf417], command: [TrackProcess.executable.path])
        var configuration = LinearRowsTests.quietDiscovery(linearRowsTime: 0)
        configuration.candidateRegionsPerFrame = regions
        return try TrackingEngine(options: options, configuration: configuration, jobTimes: times)
    }

    @Test("A PDF417 coming into view beside a tracked QR code is read in its first frame, in a reader process")
    func pdf417InItsFirstFrame() throws {
        let qr = ("MATRIX-1", Symbology.qrCode, x: 100, y: 100), pdf417 = ("STACKED-417", Symbology.pdf417, x: 700, y: 300)
        let frames = [try LinearRowsTests.frame(1, [qr]), try LinearRowsTests.frame(2, [qr]), try LinearRowsTests.frame(3, [qr, pdf417])]
        func measured(regions: Int) throws -> ([[String]], EngineJobTimes) {
            let times = EngineJobTimes()
            return (try LinearRowsTests.measured(frames, by: try Self.engine(regions: regions, times: times)), times)
        }
        let (seen, times) = try measured(regions: 8)
        #expect(seen[0] == ["MATRIX-1"])
        #expect(seen[2] == ["MATRIX-1", "STACKED-417"])
        #expect((times.snapshot[.isolatedRegion]?.jobs ?? 0) >= 1)
        // The control: without code-like regions nothing reads frame 3 for a new code.
        let (without, withoutTimes) = try measured(regions: 0)
        #expect(without[2] == ["MATRIX-1"])
        #expect(withoutTimes.snapshot[.isolatedRegion] == nil)
    }
}
