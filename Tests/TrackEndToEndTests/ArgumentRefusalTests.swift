import Foundation
import TestSupport
import Testing

/// An option that takes one value, given twice, was taken silently: only the last value counted (issue 58, item 6).
struct ArgumentRefusalTests {
    /// Every command path (`[]` for track itself, `["run"]`, `["scan"]`, …) with the options it
    /// takes one value for, from ArgumentParser's own description of the commands.
    static func singleValuedOptions() throws -> [(command: [String], option: String)] {
        let dump = try TrackProcess.run(["--experimental-dump-help"])
        let root = try #require(try jsonObject(dump.stdout)["command"] as? [String: Any])
        var found: [(command: [String], option: String)] = []
        func visit(_ command: [String: Any], path: [String]) {
            for argument in command["arguments"] as? [[String: Any]] ?? []
            where argument["kind"] as? String == "option" && argument["isRepeating"] as? Bool == false {
                let long = (argument["names"] as? [[String: Any]] ?? []).first { $0["kind"] as? String == "long" }
                if let name = long?["name"] as? String { found.append((path, "--" + name)) }
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                if let name = sub["commandName"] as? String { visit(sub, path: path + [name]) }
            }
        }
        visit(root, path: [])
        return found
    }

    @Test("Every option that takes one value, of every command, is refused with exit 64 naming it when given twice")
    func repeatedSingleValuedOptions() throws {
        let options = try Self.singleValuedOptions()
        let names = Set(options.map(\.option))
        for expected in ["--input", "--output", "--annotate", "--record", "--fps", "--seed", "--serve", "--format", "--frames", "--plot"] {
            #expect(names.contains(expected), "\(expected) missing from the options list")
        }
        for (command, option) in options {
            let run = try TrackProcess.run(command + [option, "first", option, "second"])
            #expect(run.status == 64, "\(command) \(option): \(run.status) \(run.stderr)")
            #expect(run.stderr.contains("\(option) was given 2 times"), "\(command) \(option): \(run.stderr)")
        }
    }

    @Test("A second --input is refused before anything is read, naming both files; the help says so")
    func secondInput() throws {
        let run = try TrackProcess.run(["--input", "a.mp4", "--input=b.mp4", "--format", "jsonl"])
        run.expectFailure(status: 64, mentioning: "--input was given 2 times ('a.mp4', 'b.mp4')")
        #expect(run.stdout.isEmpty, "nothing processed: \(run.stdout)")
        let help = try TrackProcess.run(["--help"])
        #expect(help.stdout.contains("repeating it (--input a.mp4"), "\(help.stdout)")
    }

    @Test("Repeatable options (--accept, --verify, --control, --photo) may still be given several times")
    func repeatableOptionsStayRepeatable() throws {
        let run = try TrackProcess.run(["--demo", "--frames", "2", "--format", "jsonl",
                                        "--accept", "^4", "--accept", "^L", "--verify", "1d:1/1", "--verify", "2d:1/1"])
        #expect(run.status == 0 || run.status == 1, "\(run.status) \(run.stderr)")
        #expect(!run.stderr.contains("was given"), "\(run.stderr)")
    }
}
