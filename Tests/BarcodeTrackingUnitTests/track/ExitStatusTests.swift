import Foundation
import FrameSources
import Testing
@testable import track

struct ExitStatusTests {
    @Test("every camera code has its own documented exit status, 20...29, clear of 0-5 and signal statuses")
    func cameraStatuses() {
        let statuses = CameraError.Code.all.map(ExitStatus.camera)
        #expect(statuses == Array(20...29))
        #expect(ExitStatus.camera(.busy) == 22)
        #expect(ExitStatus.camera(CameraError.Code("aCodeFromANewerLibrary")) == 29)
    }

    @Test("track run's help lists every camera status 20...29 that its range announces, with a meaning for each")
    func helpListsEveryCameraStatus() throws {
        let discussion = Run.configuration.discussion.replacingOccurrences(of: "\n", with: " ")
        let match = try #require(discussion.firstMatch(of: /20-29 camera problems \(([^)]*)\)/), "\(discussion)")
        let listed = match.output.1.matches(of: /[a-z][a-z\/ ]* (\d\d)/).compactMap { Int32($0.output.1) }
        #expect(listed == CameraError.Code.all.map(ExitStatus.camera), "\(match.output.1)")
    }
}
