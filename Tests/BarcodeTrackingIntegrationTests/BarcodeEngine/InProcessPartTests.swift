@testable import BarcodeDecoding
@testable import BarcodeEngine
import BarcodeTracking
import FrameSources
import Testing
import TestSupport

/// The engine's small searches read in this process, without the symbologies that reader
/// isolation sends to reader processes.
@Suite(.needsSharedData)
struct InProcessPartTests {
    /// Every non-add-on symbology the engine reads: what a whole-frame search asks for.
    static let every = BarcodeReader.readableSymbologies.filter { !$0.isAddOn }

    static func reader(isolating isolation: ReadIsolation?) throws -> BarcodeReader {
        var options = DecoderOptions.video
        options.isolation = isolation
        return try BarcodeReader(options: options)
    }

    @Test("With PDF417 isolated, the in-process part of a read of every symbology reads all but PDF417 and is not isolated")
    func leavesOutIsolatedSymbologies() throws {
        let isolation = try ReadIsolation(symbologies: [.pdf417], command: [TrackProcess.executable.path])
        let part = try Self.reader(isolating: isolation).inProcessPart(of: Self.every)
        #expect(part.options.symbologies == Set(Self.every).subtracting([.pdf417]) && !isolation.isolates(part.options))
        // Nothing to leave out: only 1-D symbologies, only PDF417, every read isolated, or none.
        var linear = try Self.reader(isolating: isolation)
        linear.options.symbologies = Set(Self.every.filter(\.isLinear))
        let linearPart = try linear.inProcessPart(of: Self.every.filter(\.isLinear))
        #expect(linearPart.options == linear.options)
        var pdf417 = try Self.reader(isolating: isolation)
        pdf417.options.symbologies = [.pdf417]
        let pdf417Part = try pdf417.inProcessPart(of: [.pdf417])
        #expect(pdf417Part.options == pdf417.options)
        let all = try Self.reader(isolating: try ReadIsolation(command: [TrackProcess.executable.path]))
        let allPart = try all.inProcessPart(of: Self.every)
        #expect(allPart.options == all.options)
        let none = try Self.reader(isolating: nil)
        let nonePart = try none.inProcessPart(of: Self.every)
        #expect(nonePart.options == none.options)
    }

    @Test("The in-process part finds what one read of every symbology finds but the PDF417 codes, on pages with PDF417 beside other codes")
    func findsTheRest() throws {
        let isolation = try ReadIsolation(symbologies: [.pdf417], command: [TrackProcess.executable.path])
        let whole = try Self.reader(isolating: nil)
        let part = try Self.reader(isolating: isolation).inProcessPart(of: Self.every)
        var pdf417Seen = 0, othersSeen = 0
        for name in ["multi-1/#360.png", "pdf417-2/01.png", "pdf417-1/01.png", "qrcode-5/01.png"] {
            let image = try ImageFile.load(path: SharedData.samples.appendingPathComponent(name).path)
            func codes(_ detections: [Detection]) -> [String] {
                detections.compactMap(\.barcode).map { "\($0.symbology.rawValue) \($0.bytes)" }.sorted()
            }
            let one = codes(try whole.detect(in: image))
            let others = one.filter { !$0.hasPrefix("pdf417 ") }
            let inProcess = codes(try part.detect(in: image))
            #expect(!one.isEmpty && inProcess == others, "\(name)")
            pdf417Seen += one.count - others.count
            othersSeen += others.count
        }
        #expect(pdf417Seen >= 2 && othersSeen >= 2)
    }
}
