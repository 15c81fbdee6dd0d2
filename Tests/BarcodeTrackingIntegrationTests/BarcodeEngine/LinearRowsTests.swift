import BarcodeDecoding
@testable import BarcodeEngine
import BarcodeTracking
import SeededRandom
import SyntheticScenes
import TestSupport
import Testing

/// The engine's read of the rows decoding every frame reads for 1-D codes, on every frame
/// while 1-D codes are being seen (``TrackingEngineConfiguration/linearRowsTime``), and before
/// that where code-like cells lie on them.
struct LinearRowsTests {
    /// A white 1280 × 720 frame with each label (payload, symbology, top-left corner) pasted on it.
    static func frame(_ number: Int, _ labels: [(String, Symbology, x: Int, y: Int)]) throws -> Frame {
        var image = try LumaImage(width: 1280, height: 720)
        for (text, symbology, x0, y0) in labels {
            // 1-D codes and PDF417 wide, other 2-D codes square.
            let square = !symbology.isLinear && symbology != .pdf417
            let symbol = try BarcodeRenderer.render(text, as: symbology, width: square ? 160 : 300, height: square ? 160 : 100, quietZone: 20)
            for y in 0..<symbol.height {
                for x in 0..<symbol.width {
                    image.pixels[(y0 + y) * image.bytesPerRow + x0 + x] = symbol.pixels[y * symbol.bytesPerRow + x]
                }
            }
        }
        return Frame(number: number, time: Double(number - 1) / 30, image: image)
    }

    /// Settings under which nothing else searches frames after the first for new codes: no
    /// whole-frame search for 1000 frames, no strip after the first frame's, no code-like regions.
    static func quietDiscovery(linearRowsTime: Double) -> TrackingEngineConfiguration {
        var c = TrackingEngineConfiguration()
        c.wholeFrameInterval = 1000
        c.relaxedWholeFrameInterval = 1000
        c.linearDiscoveryInterval = 1000
        c.relaxedLinearDiscoveryInterval = 1000
        c.candidateRegionsPerFrame = 0
        c.linearRowsTime = linearRowsTime
        // Nor does a still camera's view search only where it changed (the rows of a frame
        // like the one before would not be read).
        c.searchesWhereViewChanged = false
        return c
    }

    /// Runs `frames` through a session with an engine of `configuration`; the payloads measured
    /// in each frame, and the engine's job times.
    static func run(_ frames: [Frame], _ configuration: TrackingEngineConfiguration) throws -> ([[String]], EngineJobTimes) {
        let times = EngineJobTimes()
        return (try measured(frames, by: try TrackingEngine(configuration: configuration, jobTimes: times)), times)
    }

    /// The payloads `engine` measures in each of `frames`, through a session.
    static func measured(_ frames: [Frame], by engine: TrackingEngine) throws -> [[String]] {
        let session = try ScanSession()
        var measured: [[String]] = []
        for frame in frames {
            let result = try #require(try session.step(frame, using: engine))
            measured.append(result.tracks.filter { $0.state == .tracked }.compactMap(\.barcode?.data).sorted())
        }
        return measured
    }

    @Test("With a 1-D code in view, a second one appearing in the middle rows is found in its first frame")
    func findsALinearCodeInItsFirstFrame() throws {
        let first = ("LINEAR-A", Symbology.code128, x: 100, y: 320), second = ("LINEAR-B", Symbology.code128, x: 800, y: 400)
        let frames = [try Self.frame(1, [first]), try Self.frame(2, [first]), try Self.frame(3, [first, second])]
        let (measured, times) = try Self.run(frames, Self.quietDiscovery(linearRowsTime: 10))
        #expect(measured[0] == ["LINEAR-A"], "the first frame's whole-frame search reads the first label")
        #expect(measured[2] == ["LINEAR-A", "LINEAR-B"])
        #expect(times.snapshot[.linearRows]?.jobs == 2, "frames 2 and 3 read the rows")
        // The control: without the rows read nothing else looks at frame 3 for new codes.
        let (without, withoutTimes) = try Self.run(frames, Self.quietDiscovery(linearRowsTime: 0))
        #expect(without[2] == ["LINEAR-A"])
        #expect(withoutTimes.snapshot[.linearRows] == nil)
    }

    @Test("Before any 1-D code is seen, the rows are read on the frame where bar-like cells cross them (not 2-D modules), and the code found there")
    func gatedByCodeLikeCells() throws {
        // The code-likeness map on (regions read), nothing else searching after frame 1. The
        // rows of a 720-row frame are 206-514; the QR code (y 20-180) is above them.
        var configuration = Self.quietDiscovery(linearRowsTime: 10)
        configuration.candidateRegionsPerFrame = TrackingEngineConfiguration().candidateRegionsPerFrame
        let qr = ("MATRIX-1", Symbology.qrCode, x: 200, y: 20), linear = ("LINEAR-B", Symbology.code128, x: 800, y: 400)
        // On every frame, on the rows, an untracked patch of 2-D modules that is no code: code-like,
        // with edges down as well as across.
        let frames = try [Self.frame(1, [qr]), Self.frame(2, [qr]), Self.frame(3, [qr, linear])].map { frame in
            var image = frame.image
            var random = SplitMix64(seed: 9)
            for by in 0..<24 {
                for bx in 0..<24 {
                    let value: UInt8 = random.next() & 1 == 0 ? 0 : 255
                    for y in 0..<4 { for x in 0..<4 { image.pixels[(330 + by * 4 + y) * image.bytesPerRow + 450 + bx * 4 + x] = value } }
                }
            }
            return Frame(number: frame.number, time: frame.time, image: image)
        }
        let (measured, times) = try Self.run(frames, configuration)
        #expect(measured[1] == ["MATRIX-1"])
        #expect(measured[2] == ["LINEAR-B", "MATRIX-1"])
        // Frame 1 is searched whole at full size (no rows there), frame 2 has nothing bar-like on
        // the rows (the patch's edges run down as much as across): frame 3 alone reads them.
        #expect(times.snapshot[.linearRows]?.jobs == 1)
    }

    @Test("Without the code-likeness map a view of 2-D codes never reads the 1-D rows, and the rows stop linearRowsTime after the last 1-D code")
    func onlyWhileLinearCodesAreSeen() throws {
        let qr = ("MATRIX-1", Symbology.qrCode, x: 200, y: 300), linear = ("LINEAR-A", Symbology.code128, x: 700, y: 320)
        let matrixOnly = try (1...4).map { try Self.frame($0, [qr]) }
        let (seen, times) = try Self.run(matrixOnly, Self.quietDiscovery(linearRowsTime: 10))
        #expect(seen[0] == ["MATRIX-1"])
        #expect(times.snapshot[.linearRows] == nil)
        // The 1-D label in frames 1-2 only (30 fps), read last at frame 2: frames 2 and 3 (0.033 s
        // after a read) read the rows, frame 4 (0.067 s after frame 2) no longer does.
        let leaving = [try Self.frame(1, [qr, linear]), try Self.frame(2, [qr, linear]), try Self.frame(3, [qr]), try Self.frame(4, [qr])]
        let (_, leavingTimes) = try Self.run(leaving, Self.quietDiscovery(linearRowsTime: 0.05))
        #expect(leavingTimes.snapshot[.linearRows]?.jobs == 2, "frames 2 and 3 only")
    }

    @Test("linearRowsTime outside 0...3600 seconds is rejected")
    func validation() {
        var c = TrackingEngineConfiguration()
        c.linearRowsTime = -1
        #expect(throws: DecodingError.self) { try TrackingEngine(configuration: c) }
        c.linearRowsTime = .infinity
        #expect(throws: DecodingError.self) { try TrackingEngine(configuration: c) }
        c.linearRowsTime = 0
        #expect(throws: Never.self) { try TrackingEngine(configuration: c) }
    }
}
