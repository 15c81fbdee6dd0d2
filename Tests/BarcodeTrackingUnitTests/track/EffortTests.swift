import Testing
import BarcodeEngine
@testable import track

struct EffortTests {
    @Test("--effort sets how often the engine searches the whole frame: 6, 3 (default) or every frame")
    func wholeFrameIntervals() throws {
        #expect(TrackingEngineEffort.allCases.map(\.wholeFrameInterval) == [6, 3, 1])
        // While nothing is tracked: every 2nd frame for fast, every frame otherwise.
        #expect(TrackingEngineEffort.allCases.map(\.idleWholeFrameInterval) == [2, 1, 1])
        #expect(TrackingEngineEffort.allCases.map { Engine.configuration(effort: $0).idleWholeFrameInterval } == [2, 1, 1])
        // While the view is steady: twice as seldom, but thorough searches every frame.
        #expect(TrackingEngineEffort.allCases.map { Engine.configuration(effort: $0).relaxedWholeFrameInterval } == [12, 6, 1])
        // Every other whole-frame search at half size, but for thorough.
        #expect(TrackingEngineEffort.allCases.map { Engine.configuration(effort: $0).fullResolutionWholeFrameInterval } == [2, 2, 1])
        #expect(try Run.parse(["--demo"]).session.effort == nil)  // the engine's default: balanced
        #expect(try Run.parse(["--demo", "--effort", "thorough"]).session.effort == .thorough)
    }
}
