import Foundation
import Glibc
import TestSupport
import Testing

/// `track`'s zxing-cpp reads in reader processes: `--read-isolation pdf417` (the default), `all` and `none`.
struct ReadIsolationCommandTests {
    /// The reader processes of `pid`: its children started as `--zxing-read-worker`.
    static func readerProcesses(of pid: Int32) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        let children = tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { Int32($0) }
        }
        return children.filter { child in
            let arguments = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(child)/cmdline"))) ?? Data()
            return arguments.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == "--zxing-read-worker" }
        }
    }

    @Test("Reads in reader processes give the same output line for line as reads in track's own process",
          .needsSharedData)
    func sameOutput() throws {
        let clip = SharedData.video.appendingPathComponent("boofcv-microqr.mp4").path
        let arguments = ["--input", clip, "--frames", "40", "--format", "jsonl"]
        let isolated = try TrackProcess.run(arguments + ["--read-isolation", "all"])
        let inProcess = try TrackProcess.run(arguments + ["--read-isolation", "none"])
        let byDefault = try TrackProcess.run(arguments)
        #expect(isolated.status == 0 && inProcess.status == 0, "\(isolated.stderr) \(inProcess.stderr)")
        #expect(try !isolated.objects(ofType: "recognized").isEmpty)
        #expect(isolated.lines == inProcess.lines)
        #expect(byDefault.lines == inProcess.lines)
        #expect(try isolated.objects(ofType: "frame").count == 40)
        #expect(try jsonObject(try #require(isolated.lines.last))["type"] as? String == "summary")
    }

    @Test("A zxing-reader beside track that cannot serve (another build's) is replaced by track itself, said once; nothing is lost",
          .needsSharedData)
    func brokenReaderProgram() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reader-program-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let track = directory.appendingPathComponent("track")
        try FileManager.default.copyItem(at: TrackProcess.executable, to: track)
        // An executable that exits at once, as another build's reader does (status 65) or one missing its libraries (127).
        try FileManager.default.copyItem(at: URL(fileURLWithPath: "/usr/bin/false"), to: directory.appendingPathComponent("zxing-reader"))
        let clip = SharedData.video.appendingPathComponent("boofcv-microqr.mp4").path
        let arguments = ["--input", clip, "--frames", "20", "--format", "jsonl", "--read-isolation", "all"]
        let fallback = try TrackProcess.launch(track, arguments)
        let usual = try TrackProcess.run(arguments)
        #expect(fallback.status == 0 && usual.status == 0, "\(fallback.stderr)")
        let notice = "zxing-reader did not serve reads (exited with status 1"
        #expect(fallback.stderr.components(separatedBy: notice).count == 2, "said once: \(fallback.stderr)")
        #expect(try fallback.objects(ofType: "recognized").map { $0["data"] as? String } == usual.objects(ofType: "recognized").map { $0["data"] as? String })
        #expect(try !usual.objects(ofType: "recognized").isEmpty)
    }

    @Test("--read-isolation refuses what it does not know, naming the choices")
    func refused() throws {
        let run = try TrackProcess.run(["--demo", "--frames", "1", "--read-isolation", "pdf418"])
        run.expectFailure(status: 64, mentioning: "--read-isolation")
    }

    @Test("Reader processes end when track is killed, even with SIGKILL")
    func readersEndWithTrack() throws {
        let (process, output) = try TrackProcess.start(["--demo", "--frames", "100000", "--format", "jsonl"])
        _ = TrackProcess.firstLine(of: output)
        let readers = Self.readerProcesses(of: process.processIdentifier)
        #expect(!readers.isEmpty, "track reads what may contain PDF417 in reader processes by default")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let deadline = Date().addingTimeInterval(5)
        while readers.contains(where: { FileManager.default.fileExists(atPath: "/proc/\($0)") }), Date() < deadline { usleep(10_000) }
        #expect(readers.allSatisfy { !FileManager.default.fileExists(atPath: "/proc/\($0)") }, "left behind: \(readers)")
    }

    @Test("A reader process that stops answering costs its read: the run goes on, and says so in the frame line and on standard error")
    func stuckReader() throws {
        let process = Process()
        process.executableURL = TrackProcess.executable
        process.arguments = ["--demo", "--frames", "100000", "--format", "jsonl"]
        process.currentDirectoryURL = SharedData.packageRoot
        let (output, errors) = (Pipe(), Pipe())
        (process.standardOutput, process.standardError) = (output, errors)
        try process.run()
        var data = TrackProcess.firstLine(of: output)
        let readers = Self.readerProcesses(of: process.processIdentifier)
        #expect(!readers.isEmpty)
        // Stopped, a reader never answers: a zxing-cpp read that loops for ever, as seen from track.
        for reader in readers { kill(reader, SIGSTOP) }
        let lost = "did not finish reading"
        let deadline = Date().addingTimeInterval(60)
        while !String(decoding: data, as: UTF8.self).contains(lost), Date() < deadline {
            data += output.fileHandleForReading.availableData
        }
        // Frames after the lost read are processed again (by new reader processes).
        let framesBefore = String(decoding: data, as: UTF8.self).components(separatedBy: "\"type\":\"frame\"").count
        var more = Data()
        while String(decoding: more, as: UTF8.self).components(separatedBy: "\"type\":\"frame\"").count < 30, Date() < deadline {
            more += output.fileHandleForReading.availableData
        }
        kill(process.processIdentifier, SIGTERM)
        data += more + output.fileHandleForReading.readDataToEndOfFile()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        let warned = try lines.map(jsonObject).filter { ($0["warnings"] as? [String])?.contains { $0.contains(lost) } == true }
        #expect(!warned.isEmpty && framesBefore > 1, "a frame line names the lost read")
        #expect(stderr.contains("warning: zxing-cpp \(lost)"), "\(stderr)")
        #expect(try jsonObject(try #require(lines.last))["type"] as? String == "summary")
        // A stopped reader that track never asked again stays stopped (it cannot see track end): cleaned up here.
        let survivors = readers.filter { FileManager.default.fileExists(atPath: "/proc/\($0)") }
        for reader in survivors { kill(reader, SIGKILL) }
        #expect(survivors.count < readers.count, "track killed the stuck reader it waited for")
    }

    @Test("--read-isolation none starts no reader process")
    func inProcess() throws {
        let (process, output) = try TrackProcess.start(["--demo", "--frames", "100000", "--format", "jsonl", "--read-isolation", "none"])
        _ = TrackProcess.firstLine(of: output)
        #expect(Self.readerProcesses(of: process.processIdentifier).isEmpty)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
    }
}
