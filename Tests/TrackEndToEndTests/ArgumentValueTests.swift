import Foundation
import TestSupport
import Testing

/// Values that used to be taken silently, or refused with a message that did not name them (issue 58, item 8).
struct ArgumentValueTests {
    @Test("A negative number is taken as the option's value and refused naming the value and the allowed range", arguments: [
        (["--demo", "--fps", "-1"], "--fps must be a positive frame rate up to 1000, not -1"),
        (["--demo", "--fps=-1"], "--fps must be a positive frame rate up to 1000, not -1"),
        (["--demo", "--shake", "-1"], "--shake must be 0...50 pixels, not -1"),
        (["--demo", "--blur", "-2"], "--blur must be 0...200 pixels, not -2"),
        (["--demo", "--seed", "-1"], "--seed must be a whole number 0...18446744073709551615, not '-1'"),
        (["--demo", "--codes", "-1"], "--codes must be 0...1000, not -1"),
        (["--demo", "--radius", "-5"], "--radius must be 0 or more pixels, not -5"),
        (["--demo", "--max-codes-per-frame", "-1"], "--max-codes-per-frame must be 1...255, not -1"),
        (["--device", "/dev/video0", "--buffers", "-1"], "--buffers must be 2...32, not -1"),
        (["bench", "--frames", "-1"], "--frames must be at least 1, not -1"),
    ])
    func negativeNumbers(arguments: [String], mention: String) throws {
        let run = try TrackProcess.run(arguments)
        run.expectFailure(status: 64, mentioning: mention)
        #expect(!run.stderr.contains("Missing value"), "\(run.stderr)")
    }

    @Test("An unknown symbology before the colon of --accept or --reject is refused naming it and listing the valid names",
          arguments: ["--accept", "--reject"])
    func unknownSymbologyInPayloadRule(option: String) throws {
        let run = try TrackProcess.run(["--demo", "--frames", "2", option, "nosuchsym:abc"])
        run.expectFailure(status: 64, mentioning: "unknown symbology 'nosuchsym'")
        #expect(run.stderr.contains("ean13") && run.stderr.contains("qrcode"), "\(run.stderr)")
    }

    @Test("A colon after regular-expression syntax, or escaped, leaves the argument a payload pattern")
    func colonInsidePattern() throws {
        for pattern in ["^LOT:", "(?i)lot:", "https\\://"] {
            let run = try TrackProcess.run(["--demo", "--frames", "2", "--reject", pattern])
            #expect(run.status != 64, "\(pattern): \(run.stderr)")
        }
    }

    @Test("--annotate or --record with an extension no video container has exits 64 before any frame",
          arguments: ["--annotate", "--record"])
    func videoOutputExtension(option: String) throws {
        try TemporaryFiles.withDirectory { dir in
            let run = try TrackProcess.run(["--demo", "--frames", "2", "--format", "jsonl", option, "out.txt"], in: dir)
            run.expectFailure(status: 64, mentioning: "\(option) writes a video")
            #expect(run.stderr.contains(".mp4") && run.stderr.contains("out.txt"), "\(run.stderr)")
            #expect(run.stdout.isEmpty, "no frame processed: \(run.stdout)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.txt").path))
        }
    }
}
