@testable import BarcodeDecoding
@testable import BarcodeEngine
import BarcodeTracking
import FrameSources
import Testing
import TestSupport

/// Discovery reads split where reader isolation covers only some of their symbologies.
@Suite(.needsSharedData)
struct DiscoveryReadersTests {
    /// Every non-add-on symbology the engine reads: what a whole-frame search asks for.
    static let every = BarcodeReader.readableSymbologies.filter { !$0.isAddOn }

    static func reader(isolating isolation: ReadIsolation?) throws -> BarcodeReader {
        var options = DecoderOptions.video
        options.isolation = isolation
        return try BarcodeReader(options: options)
    }

    @Test("Isolating PDF417 splits a read of every symbology into an in-process read without it and an isolated read of it alone")
    func splitsIsolatedSymbologies() throws {
        let isolation = try ReadIsolation(symbologies: [.pdf417], command: [TrackProcess.executable.path])
        let split = try DiscoveryReaders(try Self.reader(isolating: isolation), symbologies: Self.every)
        #expect(split.parts.count == 2)
        let (inProcess, isolated) = (split.parts[0].options, split.parts[1].options)
        #expect(inProcess.symbologies == Set(Self.every).subtracting([.pdf417]) && !isolation.isolates(inProcess))
        #expect(isolated.symbologies == [.pdf417] && isolation.isolates(isolated))
        #expect(split.inProcessOnly.parts.map(\.options) == [inProcess])
        // Nothing to split: only 1-D symbologies, every read isolated, or none.
        let linear = Self.every.filter(\.isLinear)
        var linearReader = try Self.reader(isolating: isolation)
        linearReader.options.symbologies = Set(linear)
        #expect(try DiscoveryReaders(linearReader, symbologies: linear).parts.map(\.options) == [linearReader.options])
        let all = try ReadIsolation(command: [TrackProcess.executable.path])
        #expect(try DiscoveryReaders(try Self.reader(isolating: all), symbologies: Self.every).parts.count == 1)
        #expect(try DiscoveryReaders(try Self.reader(isolating: nil), symbologies: Self.every).parts.count == 1)
    }

    @Test("The two parts of a split read find together what one read of every symbology finds, on pages with PDF417 beside other codes")
    func splitReadsFindTheSame() throws {
        let isolation = try ReadIsolation(symbologies: [.pdf417], command: [TrackProcess.executable.path])
        let whole = try Self.reader(isolating: nil)
        let split = try DiscoveryReaders(try Self.reader(isolating: isolation), symbologies: Self.every)
        var pdf417Seen = 0
        for name in ["multi-1/#360.png", "pdf417-2/01.png", "pdf417-1/01.png", "qrcode-5/01.png"] {
            let image = try ImageFile.load(path: SharedData.samples.appendingPathComponent(name).path)
            func codes(_ detections: [Detection]) -> [String] {
                detections.compactMap(\.barcode).map { "\($0.symbology.rawValue) \($0.bytes)" }.sorted()
            }
            let one = codes(try whole.detect(in: image))
            let parts = codes(try split.parts.flatMap { try $0.detect(in: image) })
            #expect(!one.isEmpty && parts == one, "\(name)")
            pdf417Seen += one.filter { $0.hasPrefix("pdf417") }.count
        }
        #expect(pdf417Seen >= 2)
    }
}
