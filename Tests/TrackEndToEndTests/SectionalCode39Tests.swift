import BarcodeDecoding
import BarcodeTracking
import Foundation
import FrameSources
import TestSupport
import Testing

/// `track --sectional-code39`: a Code 39 label about 2.7 times wider than the view, read
/// as the camera pans along it.
struct SectionalCode39Tests {
    static let payload = "SECTIONAL-CODE39-PALLET-0042-LONG-LABEL"

    /// A 640x240 clip panning 40 px a frame from the label's left end to its right end.
    static func panClip(in dir: URL) throws -> String {
        let label = try BarcodeRenderer.render(payload, as: .code39, width: (payload.count + 2) * 13 * 3 + 60, height: 100, quietZone: 30)
        let path = dir.appendingPathComponent("pan.y4m").path
        try VideoFiles.write(to: path, width: 640, height: 240) { writer in
            for (index, x0) in stride(from: 0, through: label.width - 640, by: 40).enumerated() {
                var frame = try LumaImage(width: 640, height: 240)
                for y in 0..<label.height {
                    for x in 0..<640 { frame.pixels[(70 + y) * frame.bytesPerRow + x] = label.pixels[y * label.bytesPerRow + x0 + x] }
                }
                try writer.append(frame, time: Double(index) / 30)
            }
        }
        return path
    }

    @Test("The stitched payload is recognized exactly once; without the option the label is never read")
    func panAlongLongLabel() throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Self.panClip(in: dir)
        let run = try TrackProcess.run(["--input", path, "--format", "jsonl", "--sectional-code39"])
        #expect(run.status == 0, "\(run.stderr)")
        let recognized = try run.objects(ofType: "recognized")
        #expect(recognized.compactMap { $0["data"] as? String } == [Self.payload])
        #expect(recognized.first?["symbology"] as? String == "code39")
        let summary = try jsonObject(try #require(run.lines.last))
        #expect((summary["codes"] as? [[String: Any]])?.compactMap { $0["data"] as? String } == [Self.payload])

        let plain = try TrackProcess.run(["--input", path, "--format", "jsonl"])
        #expect(plain.status == 1, "zxing-cpp alone never sees both ends of the label")
    }

    @Test("--sectional-code39 with symbologies that leave out Code 39 exits 64 naming the option")
    func needsCode39() throws {
        let run = try TrackProcess.run(["--demo", "--frames", "1", "--sectional-code39", "--symbologies", "qrcode"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--sectional-code39"))
    }
}
