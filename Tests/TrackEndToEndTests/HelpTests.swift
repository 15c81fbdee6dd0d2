import Foundation
import TestSupport
import Testing

/// What a newcomer reads first: `track --help`, and what a bug report quotes: `track --version`.
struct HelpTests {
    @Test("track --help lists the default command's options (input, session, output) as well as the subcommands")
    func helpListsRunOptions() throws {
        let outcome = try TrackProcess.run(["--help"])
        #expect(outcome.status == 0)
        for text in ["SUBCOMMANDS:", "bench", "--demo", "--device", "--input", "--expect", "--margins", "--format", "--overlay", "--serve"] {
            #expect(outcome.stdout.contains(text), "missing \(text)")
        }
    }

    @Test("track --version prints one line: the package's version, the zxing-cpp version pkg-config reports, and FFmpeg's")
    func versionNamesTheLibraries() throws {
        let outcome = try TrackProcess.run(["--version"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.lines.count == 1, "\(outcome.stdout)")
        let line = try #require(outcome.lines.first)
        let match = try #require(line.wholeMatch(of: /track (\d+\.\d+\.\d+) \(zxing-cpp ([^,]+), FFmpeg (.+)\)/), "\(line)")
        let pkgConfig = try TrackProcess.launch(URL(fileURLWithPath: "/usr/bin/pkg-config"), ["--modversion", "zxing"])
        #expect(String(match.output.2) == pkgConfig.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(match.output.3.first?.isNumber == true, "FFmpeg's version: \(match.output.3)")
    }
}
