import TestSupport
import Testing

/// What a newcomer reads first: `track --help`.
struct HelpTests {
    @Test("track --help lists the default command's options (input, session, output) as well as the subcommands")
    func helpListsRunOptions() throws {
        let outcome = try TrackProcess.run(["--help"])
        #expect(outcome.status == 0)
        for text in ["SUBCOMMANDS:", "bench", "--demo", "--device", "--input", "--expect", "--margins", "--format", "--overlay", "--serve"] {
            #expect(outcome.stdout.contains(text), "missing \(text)")
        }
    }
}
