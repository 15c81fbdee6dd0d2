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
}
