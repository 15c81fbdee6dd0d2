import Testing
@testable import track

struct EffortTests {
    @Test("--effort sets how often the engine searches the whole frame: 6, 3 (default) or every frame")
    func wholeFrameIntervals() throws {
        #expect(EngineEffort.allCases.map(\.wholeFrameInterval) == [6, 3, 1])
        #expect(try Run.parse(["--demo"]).session.effort == .balanced)
        #expect(try Run.parse(["--demo", "--effort", "thorough"]).session.effort == .thorough)
    }
}
