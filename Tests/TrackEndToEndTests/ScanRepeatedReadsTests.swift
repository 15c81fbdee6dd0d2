import BarcodeTracking
import Foundation
import FrameSources
import TestSupport
import Testing

/// `track scan` reports one physical 1-D code once, however many bands of it zxing-cpp read
/// (issue 58 item 1), and keeps two identical labels apart.
struct ScanRepeatedReadsTests {
    /// The codes `track scan --format jsonl` found in `file`.
    static func codes(_ file: String) throws -> [[String: Any]] {
        let run = try TrackProcess.run(["scan", "--format", "jsonl", file])
        #expect(run.status == 0, "\(run.stderr)")
        let line = try #require(run.lines.first)
        return try #require(try jsonObject(line)["codes"] as? [[String: Any]])
    }

    /// The bounding box of a JSON quad, frame pixels.
    static func box(_ code: [String: Any]) throws -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let quad = try #require(code["quad"] as? [[Double]])
        let xs = quad.map { $0[0] }, ys = quad.map { $0[1] }
        return (xs.min()!, ys.min()!, xs.max()!, ys.max()!)
    }

    @Test("A 1-D label read on several bands is one result whose quad covers all of them",
          .needsSharedData, arguments: [("ean13-1/10.png", "8480010001136"), ("rss14-1/4.png", "0120012345678909"),
                                        ("code128-2/25.png", "31001171800000017989625355702636")])
    func bandsMerge(sample: String, payload: String) throws {
        let codes = try Self.codes(SharedData.samples.appendingPathComponent(sample).path)
        let matching = codes.filter { $0["data"] as? String == payload }
        #expect(matching.count == 1, "\(codes)")
        // Each of these labels was read on bands spread over most of its bars' height.
        let box = try Self.box(try #require(matching.first))
        let image = try ImageFile.load(path: SharedData.samples.appendingPathComponent(sample).path)
        #expect(box.maxY - box.minY >= 0.2 * Double(image.height), "\(box) in \(image.width)x\(image.height)")
    }

    @Test("Two identical labels side by side, or one above the other, stay two results", .needsSharedData,
          arguments: [true, false])
    func identicalLabelsStayTwo(sideBySide: Bool) throws {
        let dir = try TemporaryFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let photo = try ImageFile.load(path: SharedData.samples.appendingPathComponent("ean13-1/10.png").path)
        // Side by side, the second copy sits a third of the photo lower: zxing-cpp 1.4 reads one
        // code per row, so on rows crossing both labels it would never see the second. Its rows
        // still share the first label's rows, with the bands' edges touching.
        let shift = photo.height / 3
        let width = sideBySide ? 2 * photo.width : photo.width
        let height = sideBySide ? photo.height + shift : 2 * photo.height
        var pixels = [UInt8](repeating: 255, count: width * height)
        for copy in 0..<2 {
            let (dx, dy) = sideBySide ? (copy * photo.width, copy * shift) : (0, copy * photo.height)
            for y in 0..<photo.height {
                for x in 0..<photo.width { pixels[(y + dy) * width + x + dx] = photo[x, y] }
            }
        }
        let file = dir.appendingPathComponent("twice.pgm")
        try Data(UniformImages.pgmHeader(width: width, height: height) + pixels).write(to: file)
        let codes = try Self.codes(file.path).filter { $0["data"] as? String == "8480010001136" }
        #expect(codes.count == 2, "\(codes)")
        let boxes = try codes.map(Self.box).sorted { sideBySide ? $0.minX < $1.minX : $0.minY < $1.minY }
        if boxes.count == 2 {
            // Each result covers its own copy only.
            #expect(sideBySide ? boxes[0].maxX <= Double(photo.width) : boxes[0].maxY <= Double(photo.height))
            #expect(sideBySide ? boxes[1].minX >= Double(photo.width) : boxes[1].minY >= Double(photo.height))
        }
    }
}
