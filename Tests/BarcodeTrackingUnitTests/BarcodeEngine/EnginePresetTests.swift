import BarcodeDecoding
import BarcodeEngine
@testable import BarcodeTracking
import Testing

/// The engine's presets live in the library, so that an embedder's camera and `track --device` behave alike.
struct EnginePresetTests {
    @Test("the balanced effort is the default configuration; fast and thorough change only the whole-frame schedule")
    func effortPresets() {
        let defaults = TrackingEngineConfiguration()
        let balanced = TrackingEngineConfiguration(effort: .balanced)
        #expect(balanced.wholeFrameInterval == defaults.wholeFrameInterval)
        #expect(balanced.relaxedWholeFrameInterval == defaults.relaxedWholeFrameInterval)
        #expect(balanced.idleWholeFrameInterval == defaults.idleWholeFrameInterval)
        #expect(balanced.fullResolutionWholeFrameInterval == defaults.fullResolutionWholeFrameInterval)
        #expect(balanced.lostWholeFrameAtFullResolution == defaults.lostWholeFrameAtFullResolution)
        let fast = TrackingEngineConfiguration(effort: .fast), thorough = TrackingEngineConfiguration(effort: .thorough)
        #expect([fast.wholeFrameInterval, thorough.wholeFrameInterval] == [6, 1])
        #expect(fast.lostWholeFrameAtFullResolution == false && thorough.lostWholeFrameAtFullResolution)
        #expect(fast.candidateRegionsPerFrame == defaults.candidateRegionsPerFrame)
    }

    @Test("a live source at 30 fps gets a 25 ms budget per frame and stops waiting for reads at 30 ms; a bad rate sets none")
    func liveSourceSettings() {
        var configuration = TrackingEngineConfiguration()
        configuration.adaptToLiveSource(frameRate: 30)
        #expect(abs((configuration.frameTimeBudget ?? 0) - 0.025) < 1e-12)
        #expect(abs((configuration.lateReadTime ?? 0) - 0.030) < 1e-12)
        for bad in [0, -5, .nan, .infinity] {
            configuration.adaptToLiveSource(frameRate: bad)
            #expect(configuration.frameTimeBudget == nil && configuration.lateReadTime == nil)
        }
    }

    @Test("FrameProcessor's engine initializer gives a live source the live settings, a file none, and keeps a budget the caller set")
    func frameProcessorAppliesLiveSettings() throws {
        func engineSettings(live: Bool, frameRate: Double?, engine: TrackingEngineConfiguration = .init()) throws -> TrackingEngineConfiguration? {
            let processor = try FrameProcessor(source: RatedSource(isLive: live, nominalFrameRate: frameRate), session: ScanSession(), engine: engine)
            return (processor.detector as? TrackingEngine)?.configuration
        }
        #expect(try engineSettings(live: true, frameRate: 20)?.frameTimeBudget == 0.0375)
        #expect(try engineSettings(live: true, frameRate: nil)?.frameTimeBudget == nil)
        #expect(try engineSettings(live: false, frameRate: 20)?.frameTimeBudget == nil)
        var own = TrackingEngineConfiguration()
        own.frameTimeBudget = 0.1
        let kept = try engineSettings(live: true, frameRate: 20, engine: own)
        #expect(kept?.frameTimeBudget == 0.1 && kept?.lateReadTime == nil)
    }
}

/// A source with no frames that says whether it is live and at what rate.
private final class RatedSource: FrameSource {
    let name = "rated"
    let isLive: Bool
    let nominalFrameRate: Double?
    let damagedFrameCount = 0

    init(isLive: Bool, nominalFrameRate: Double?) {
        self.isLive = isLive
        self.nominalFrameRate = nominalFrameRate
    }

    func nextFrame() throws -> Frame? { nil }
    func close() {}
}
