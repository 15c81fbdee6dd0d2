import BarcodeTracking
import Testing

struct BarcodeErrorTests {
    @Test("every part's error has the same shape: code, message, path, errno, the wrapped library's words")
    func oneShape() {
        let error = TrackingError(.invalidFrameTime, "frame time went backwards", path: "clip.mp4", systemErrno: 5,
                                  libraryCode: -1, libraryMessage: "went backwards")
        #expect(error.code == .invalidFrameTime)
        #expect(error.code.name == "invalidFrameTime")
        #expect(error.domain == "tracking")
        #expect(error.path == "clip.mp4")
        #expect(error.systemErrno == 5)
        // The library's words are not repeated when the message already holds them.
        #expect(error.description == "frame time went backwards")
        #expect(FrameError(.invalidSize, "bad", libraryMessage: "zero width").description == "bad [library: zero width]")
        #expect(OverlayError(.unknownKey, "x").domain == "overlay")
        #expect(ViewGeometryError(.invalidRotation, "x").domain == "viewGeometry")
    }

    @Test("codes are extensible and compare by name within a domain")
    func extensibleCodes() {
        let custom = FrameError.Code("aCodeFromANewerLibrary")
        #expect(custom != .invalidSize)
        #expect(FrameError.Code("invalidSize") == .invalidSize)
        #expect(FrameError(custom, "m").code.description == "aCodeFromANewerLibrary")
    }
}
