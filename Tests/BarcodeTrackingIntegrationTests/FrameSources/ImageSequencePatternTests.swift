import Foundation
import TestSupport
import Testing
import BarcodeTracking
import FrameSources

/// Image-sequence patterns (`frames/%05d.png`) that match nothing are errors, never sources of zero frames.
struct ImageSequencePatternTests {
    /// A folder with two numbered PGM frames, 00001.pgm and 00002.pgm.
    private func withSequence(_ body: (URL) throws -> Void) throws {
        let directory = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for index in 1...2 {
            try TemporaryFiles.write(TestImages.pgm(width: 2, height: 1, pixels: [UInt8(index), 9]),
                                  to: String(format: "%05d.pgm", index), in: directory)
        }
        try body(directory)
    }

    @Test("A pattern without a %d (seq/%s.pgm) is an error naming it, not zero frames read from the folder",
          arguments: ["%s.pgm", "%05d-%05d.pgm", "%x.pgm", "%.pgm"])
    func patternWithoutNumberIsAnError(pattern: String) throws {
        try withSequence { directory in
            let path = directory.appendingPathComponent(pattern).path
            let error = #expect(throws: SourceError.self) { try MediaFileSource(path: path) }
            #expect(error?.code == .invalidArgument)
            #expect(error?.message.contains(path) == true)
            #expect(error?.message.contains("%05d") == true, "says what a pattern looks like")
        }
    }

    @Test("A %d pattern that matches no file names the files it looked for")
    func patternMatchingNothingSaysWhatItLookedFor() throws {
        try withSequence { directory in
            let path = directory.appendingPathComponent("%05d.png").path
            let error = #expect(throws: SourceError.self) { try MediaFileSource(path: path) }
            #expect(error?.code == .notFound)
            let message = error?.message ?? ""
            #expect(message.contains(path))
            #expect(message.contains(directory.appendingPathComponent("00000.png").path))
            #expect(message.contains(directory.appendingPathComponent("00004.png").path))
        }
    }

    @Test("Patterns FFmpeg expands still read every frame: %05d, %5d, %d with a literal %%")
    func validPatternsRead() throws {
        try withSequence { directory in
            for pattern in ["%05d.pgm", "%5d.pgm"] {
                let source = try MediaFileSource(path: directory.appendingPathComponent(pattern).path)
                var count = 0
                while try source.nextFrame() != nil { count += 1 }
                #expect(count == 2, "\(pattern)")
            }
            try TemporaryFiles.write(TestImages.pgm(width: 1, height: 1, pixels: [7]), to: "50%-1.pgm", in: directory)
            let literal = try MediaFileSource(path: directory.appendingPathComponent("50%%-%d.pgm").path)
            #expect(try literal.nextFrame()?.image.pixels == [7])
        }
    }
}
