import BarcodeDecoding
@testable import BarcodeEngine
import BarcodeTracking
import Foundation
import FrameSources
import Testing
import TestSupport

/// Slanted 2-D codes read upright (``RectifiedCode``): the real Aztec clip, whose two
/// symbols zxing-cpp 1.4 misses at a slant.
@Suite(.needsSharedData)
struct UprightReadTests {
    static let clip = SharedData.video.appendingPathComponent("boofcv-aztec.mp4").path

    /// Frame `number` (from 1) of the Aztec clip.
    static func frame(_ number: Int) throws -> Frame {
        let source = try MediaFileSource(path: clip)
        defer { source.close() }
        for _ in 1..<number { _ = try source.nextFrame() }
        return try #require(try source.nextFrame())
    }

    /// zxing-cpp 3.1's corners (frame pixels) of the symbol `text` in frame `number`,
    /// from the committed reference of the clip.
    static func referenceQuad(frame number: Int, text: String) throws -> Quadrilateral {
        let path = SharedData.packageRoot.appendingPathComponent("Benchmarks/reference/boofcv-aztec.jsonl")
        for line in try String(contentsOf: path, encoding: .utf8).split(separator: "\n").dropFirst() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard object["frame"] as? Int == number, object["text"] as? String == text,
                  let c = object["corners"] as? [Double] else { continue }
            return Quadrilateral(topLeft: Point(x: c[0], y: c[1]), topRight: Point(x: c[2], y: c[3]),
                                 bottomRight: Point(x: c[4], y: c[5]), bottomLeft: Point(x: c[6], y: c[7]))
        }
        throw BenchReferenceMissing(frame: number)
    }

    struct BenchReferenceMissing: Error { var frame: Int }

    /// The video options for Aztec alone.
    static var aztec: DecoderOptions {
        var options = DecoderOptions.video
        options.symbologies = [.aztec]
        return options
    }

    @Test("A slanted Aztec symbol zxing-cpp 1.4 misses in its window is read upright from the quad of 15 frames earlier, and mapped back onto it")
    func slantedSymbol() throws {
        let reader = try BarcodeReader(options: Self.aztec)
        let image = try Self.frame(400).image
        let now = try Self.referenceQuad(frame: 400, text: "https://boofcv.org")
        let before = try Self.referenceQuad(frame: 385, text: "https://boofcv.org")
        #expect(now.slant >= TrackingEngine.uprightSlant)
        let box = now.boundingBox
        let window = Rect(x: box.x - box.width / 4, y: box.y - box.height / 4, width: box.width * 1.5, height: box.height * 1.5)
        #expect(try reader.read(image, region: window).detections.compactMap(\.barcode).isEmpty, "read as it is")
        let side = Int(before.corners.map { $0.distance(to: before.center) }.max()! * 1.5)
        let upright = try #require(RectifiedCode(image, quad: before, side: side, border: side / 4))
        let read = try #require(try reader.read(upright.image).detections.compactMap(\.barcode).first)
        #expect(read.data == "https://boofcv.org")
        let mapped = upright.inFrame(read.location)
        #expect(now.contains(mapped.center) && mapped.contains(now.center))
        #expect(mapped.center.distance(to: now.center) < 10, "\(mapped) against \(now)")
    }

    @Test("Upright reads learn a smaller square: a read at one step of the ladder tries the next smaller one next; a step too small misses, the full size reads the code in the same call, and the code goes one step back up")
    func reducedUprightSquares() throws {
        let engine = try TrackingEngine(options: Self.aztec)
        let image = try Self.frame(400).image
        let text = "https://boofcv.org"
        let quad = try Self.referenceQuad(frame: 400, text: text)
        let barcode = Barcode(symbology: .aztec, data: text, bytes: Array(text.utf8), location: quad)
        let track = TrackedBarcode(id: TrackID(rawValue: 1), barcode: barcode, location: quad, predictedLocation: quad,
                                   deltaTimeForPrediction: 1.0 / 30, velocity: .zero, shouldAnimateFromPreviousToNextState: true,
                                   firstSeen: 0, lastSeen: 0, framesSeen: 5, state: .tracked)
        let side = RectifiedCode.side(of: quad)
        #expect(side >= 200, "the symbol is \(side) pixels wide")
        var warnings: [String] = []
        func read(_ memory: TrackingEngine.TrackMemory?) throws -> (found: Quadrilateral?, memory: TrackingEngine.TrackMemory?) {
            let result = try engine.readUpright(track, barcode: barcode, image: image, memory: memory, warnings: &warnings)
            return (result?.0?.barcode?.location, result?.1)
        }
        // The first read is made at full size; the next at 0.7 of it.
        let full = try read(nil)
        let found = try #require(full.found)
        #expect(found.center.distance(to: quad.center) < 10)
        let learned = try #require(full.memory)
        #expect(learned.uprightStep == 1 && learned.uprightMissed == nil)
        let reduced = try read(learned)
        let reducedFound = try #require(reduced.found, "the symbol read from 0.7 of its size")
        #expect(reducedFound.center.distance(to: quad.center) < 10)
        #expect(reduced.memory?.uprightStep == 2, "a read at 0.7 tries 0.5 next")
        // A quarter of its size (about 60 pixels for a symbol of dozens of modules) misses;
        // the full size reads it all the same, and the quarter is not tried again for a while.
        var tooSmall = learned
        tooSmall.uprightStep = 4
        let fallback = try read(tooSmall)
        #expect(try #require(fallback.found).center.distance(to: quad.center) < 10)
        let after = try #require(fallback.memory)
        #expect(after.uprightStep == 3)
        #expect(after.uprightMissed?.step == 4 && after.uprightMissed?.side == side && after.uprightMissed?.reads == 0)
        // The missed step caps the ladder: a read at the step above it does not go on to it.
        var above = after
        above.uprightStep = 3
        let next = try #require(try read(above).memory)
        #expect(next.uprightStep <= 3, "never on to the step that missed")
        #expect(warnings.isEmpty, "\(warnings)")
    }

    @Test("The engine keeps the slanted symbol decoded where it used to lose it for good (frames 350-450)")
    func engineKeepsSlantedSymbol() throws {
        let engine = try TrackingEngine(options: DecoderOptions.video)
        let session = try ScanSession()
        let source = try MediaFileSource(path: Self.clip)
        defer { source.close() }
        var frames = 0, kept = 0
        while frames < 450, let frame = try source.nextFrame() {
            frames += 1
            _ = try session.step(frame, using: engine, number: frames)
            guard frames >= 350 else { continue }
            if session.trackedCodes.values.contains(where: { $0.state == .tracked && $0.barcode?.data == "https://boofcv.org" }) {
                kept += 1
            }
        }
        // Before upright reads the engine lost it at frame 347 and found it again at 640.
        #expect(frames == 450 && kept >= 90, "\(kept) of 101 frames")
    }
}
