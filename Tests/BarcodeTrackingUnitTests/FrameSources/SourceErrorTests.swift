import Foundation
import FrameSources
import Testing

struct SourceErrorTests {
    @Test("The description adds FFmpeg's own words once, and only when there are some")
    func description() {
        let plain = SourceError(.notFound, "cannot open a.png: no such file", path: "a.png", systemErrno: 2)
        #expect(plain.description == "cannot open a.png: no such file")
        let withLibrary = SourceError(.unsupportedFormat, "cannot read a.mp4: not media", path: "a.mp4",
                                      libraryCode: -1094995529, libraryMessage: "moov atom not found")
        #expect(withLibrary.description == "cannot read a.mp4: not media [FFmpeg: moov atom not found]")
        let repeated = SourceError(.decodingFailed, "broken: moov atom not found", libraryMessage: "moov atom not found")
        #expect(repeated.description == "broken: moov atom not found")
    }

    @Test("Codes compare by name and print their name")
    func codes() {
        #expect(SourceError.Code.notFound == .notFound)
        #expect(SourceError.Code.notFound != .notAFile)
        #expect(SourceError.Code.imageTooLarge.description == "imageTooLarge")
    }
}
