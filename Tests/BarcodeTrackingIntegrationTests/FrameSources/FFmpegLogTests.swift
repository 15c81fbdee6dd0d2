import Foundation
import FrameSources
import Testing
import TestSupport

/// `FFmpegLog.capture()`: the application's opt-in that puts FFmpeg's own words into `SourceError`.
struct FFmpegLogTests {
    @Test("With FFmpeg's log captured, a file FFmpeg rejects carries FFmpeg's own error line", .needsSharedData)
    func capturedLibraryMessage() throws {
        FFmpegLog.capture()
        // The start of a real MP4 whose index (moov atom) sits at its end.
        let head = try Array(Data(contentsOf: SharedData.video.appendingPathComponent("boofcv-microqr.mp4")).prefix(3000))
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cut = try TemporaryFiles.write(head, to: "cut.mp4", in: directory)
        let error = #expect(throws: SourceError.self) { try MediaFileSource(path: cut) }
        #expect(error?.libraryMessage?.contains("moov atom not found") == true, "\(String(describing: error))")
    }
}
