import Foundation
import TestSupport
import Testing

struct ScanCommandTests {
    let qr = SharedData.samples.appendingPathComponent("qrcode-2/1.png").path

    @Test("scan prints one JSON object per file with symbology, data and quad", .needsSharedData)
    func jsonLines() throws {
        let expected = try String(contentsOfFile: SharedData.samples.appendingPathComponent("qrcode-2/1.txt").path, encoding: .utf8)
        let run = try TrackProcess.run(["scan", "--format", "jsonl", qr])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try jsonObject(try #require(run.lines.first))
        #expect(Set(object.keys) == ["file", "codes"])
        #expect(object["file"] as? String == qr)
        let codes = try #require(object["codes"] as? [[String: Any]])
        let code = try #require(codes.first)
        #expect(code["symbology"] as? String == "qrcode")
        #expect(code["data"] as? String == expected)
        #expect(code["bytes"] == nil)
        let quad = try #require(code["quad"] as? [[Double]])
        #expect(quad.count == 4 && quad.allSatisfy { $0.count == 2 })
    }

    @Test("Binary payloads come out as base64 bytes without data", .needsSharedData)
    func binaryPayload() throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bin = SharedData.samples.appendingPathComponent("datamatrix-1")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: bin.path).first { $0.hasSuffix(".bin") })
        let image = bin.appendingPathComponent(name.replacingOccurrences(of: ".bin", with: ".png")).path
        let payload = try Data(contentsOf: bin.appendingPathComponent(name))
        let run = try TrackProcess.run(["scan", "--format", "jsonl", image])
        let object = try jsonObject(try #require(run.lines.first))
        let code = try #require((object["codes"] as? [[String: Any]])?.first)
        if String(data: payload, encoding: .utf8) == nil {
            #expect(code["data"] == nil)
            #expect(code["bytes"] as? String == payload.base64EncodedString())
        } else {
            #expect(code["data"] as? String == String(data: payload, encoding: .utf8))
        }
    }

    @Test("Exit status is 1 when no image holds a code", .needsSharedData)
    func noneFound() throws {
        let image = SharedData.samples.appendingPathComponent("falsepositives-1")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: image.path).sorted().first { $0.hasSuffix(".png") })
        let run = try TrackProcess.run(["scan", image.appendingPathComponent(name).path])
        #expect(run.status == 1)
        #expect(run.stdout.contains("no barcode found"))
    }

    @Test("Unreadable inputs are reported, the others still scanned, and the exit status is 2", .needsSharedData)
    func badInputs() throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        let text = dir.appendingPathComponent("notes.png")
        try Data("this is not an image\n".utf8).write(to: text)
        let empty = dir.appendingPathComponent("empty.png")
        #expect(fm.createFile(atPath: empty.path, contents: Data()))
        let truncated = dir.appendingPathComponent("truncated.png")
        let full = try Data(contentsOf: URL(fileURLWithPath: qr))
        try full.prefix(full.count / 3).write(to: truncated)
        let huge = dir.appendingPathComponent("huge.pgm")
        try Data("P5\n20000 20000\n255\n".utf8).write(to: huge)
        let missing = dir.appendingPathComponent("missing.png")
        let inputs = [text.path, empty.path, truncated.path, huge.path, missing.path, dir.path, qr]
        let run = try TrackProcess.run(["scan", "--format", "jsonl"] + inputs)
        #expect(run.status == 2)
        let objects = try run.lines.map(jsonObject)
        #expect(objects.count == inputs.count)
        for (object, input) in zip(objects, inputs) {
            #expect(object["file"] as? String == input)
            if input == qr {
                #expect(object["error"] == nil)
                #expect((object["codes"] as? [Any])?.count == 1)
            } else {
                let message = try #require(object["error"] as? String, "\(input) must report an error")
                #expect(!message.isEmpty)
                #expect((object["codes"] as? [Any])?.isEmpty == true)
            }
        }
    }

    @Test("An unknown symbology is rejected with the list of valid names")
    func unknownSymbology() throws {
        let run = try TrackProcess.run(["scan", "--symbologies", "ean13,bogus", qr])
        #expect(run.status == 64)
        #expect(run.stderr.contains("bogus"))
        #expect(run.stderr.contains("qrcode"))
    }

    @Test("A 1x1 image is read without error and holds no code")
    func tinyImage() throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let tiny = dir.appendingPathComponent("tiny.pgm")
        try Data("P5\n1 1\n255\n".utf8 + [0x80]).write(to: tiny)
        let run = try TrackProcess.run(["scan", "--format", "jsonl", tiny.path])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let object = try jsonObject(try #require(run.lines.first))
        #expect(object["error"] == nil)
    }
}
