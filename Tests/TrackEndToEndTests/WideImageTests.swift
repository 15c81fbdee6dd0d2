import BarcodeDecoding
import BarcodeTracking
import Foundation
import TestSupport
import Testing

/// An image with a side over 65,536 pixels but far under the pixel limit is read like any other,
/// in reader processes as in this one (issue 58 item 2).
struct WideImageTests {
    /// A white 70,000 x 80 PGM with an EAN-13 drawn at x = 40,000.
    static func wideImage(in dir: URL) throws -> URL {
        let code = try BarcodeRenderer.render("4006381333931", as: .ean13, width: 400, height: 60, quietZone: 20)
        let width = 70_000, height = 80
        var pixels = [UInt8](repeating: 255, count: width * height)
        for y in 0..<min(code.height, height - 10) {
            for x in 0..<code.width { pixels[(y + 10) * width + 40_000 + x] = code[x, y] }
        }
        let file = dir.appendingPathComponent("wide.pgm")
        try Data(UniformImages.pgmHeader(width: width, height: height) + pixels).write(to: file)
        return file
    }

    @Test("track scan reads a 70,000-pixel-wide image, in a reader process and in its own",
          arguments: ["pdf417", "all", "none"])
    func scanWide(isolation: String) throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.wideImage(in: dir)
        let run = try TrackProcess.run(["scan", "--format", "jsonl", "--read-isolation", isolation, file.path])
        #expect(run.status == 0, "\(run.stderr)")
        let codes = try jsonObject(try #require(run.lines.first))["codes"] as? [[String: Any]]
        #expect(codes?.first?["data"] as? String == "4006381333931", "\(run.stdout) \(run.stderr)")
    }

    @Test("track --input recognizes the code of a 70,000-pixel-wide image")
    func inputWide() throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.wideImage(in: dir)
        let run = try TrackProcess.run(["--input", file.path, "--format", "jsonl", "--verify", "1/1",
                                        "--read-isolation", "all"])
        #expect(run.status == 0, "\(run.stderr)")
        let recognized = try run.objects(ofType: "recognized")
        #expect(recognized.map { $0["data"] as? String } == ["4006381333931"], "\(run.stdout) \(run.stderr)")
    }
}
