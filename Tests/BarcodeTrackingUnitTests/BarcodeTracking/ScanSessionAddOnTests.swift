import Testing
import BarcodeTracking

/// EAN-2/EAN-5 add-ons in a session: verified like any 1-D code, linked both ways.
struct ScanSessionAddOnTests {
    static let main = "9781558604971"

    /// An EAN-13 at `spot` and, when `addOn` is given, its add-on read with it (same quad, linked;
    /// with `linkOnly`, only the EAN-13's link names it).
    func read(addOn: String?, linkOnly: Bool = false, at spot: Point = Point(x: 200, y: 150)) -> [Detection] {
        var ean = code(Self.main, at: spot, symbology: .ean13)
        guard let addOn else { return [ean] }
        let symbology: Symbology = addOn.count == 2 ? .ean2 : .ean5
        ean.barcode?.associatedCode = AssociatedCode(symbology: symbology, data: addOn)
        if linkOnly { return [ean] }
        var extra = code(addOn, at: spot, symbology: symbology)
        extra.barcode?.associatedCode = AssociatedCode(symbology: .ean13, data: Self.main)
        return [ean, extra]
    }

    func run(_ frames: [[Detection]]) throws -> [ScanFrameResult] {
        var configuration = ScanSessionConfiguration()
        configuration.linearVerification = .linearDefault
        let session = try ScanSession(configuration: configuration)
        return try frames.enumerated().map { index, detections in
            try #require(try session.process(detections, frameNumber: index + 1, time: Double(index + 1) / 30, frameSize: frameSize))
        }
    }

    @Test("A code whose add-on is first read a frame after it waits for the add-on's second read; both count then, linked")
    func codeWaitsForItsAddOn() throws {
        let results = try run([read(addOn: nil), read(addOn: "90000"), read(addOn: "90000")])
        #expect(results.map(\.newlyRecognized.count) == [0, 0, 2])
        let counted = results[2].newlyRecognized
        let code = try #require(counted.first { $0.barcode.symbology == .ean13 })
        let addOn = try #require(counted.first { $0.barcode.symbology == .ean5 })
        #expect(code.barcode.associatedCode == AssociatedCode(symbology: .ean5, data: "90000"))
        #expect(addOn.barcode.associatedCode == AssociatedCode(symbology: .ean13, data: Self.main))
    }

    @Test("An add-on read once is not linked, though the code's latest read names it: the code counts without it")
    func unverifiedAddOnIsNotLinked() throws {
        let results = try run([read(addOn: nil), read(addOn: "96"), read(addOn: "96", linkOnly: true), read(addOn: nil)])
        let counted = results.flatMap(\.newlyRecognized)
        #expect(counted.map(\.barcode.symbology) == [.ean13], "\(counted)")
        #expect(counted.first?.barcode.associatedCode == nil)
    }

    @Test("Another add-on read twice beside a code's established add-on is a misread: counted, never recognized or linked")
    func secondAddOnIsMisread() throws {
        let established = [read(addOn: "90000"), read(addOn: "90000")]
        let results = try run(established + [read(addOn: "96"), read(addOn: "96"), read(addOn: "90000")])
        let counted = results.flatMap(\.newlyRecognized)
        #expect(counted.map(\.barcode.symbology) == [.ean13, .ean5], "\(counted)")
        #expect(counted.first?.barcode.associatedCode?.data == "90000")
        #expect(results.last?.misreadsPrevented ?? 0 >= 1)
    }
}
