import TestSupport
import BarcodeDecoding
import BarcodeTracking
import FrameSources
import Testing

/// Renders a code with zxing-cpp's writer, pads it with white and reads it back.
func renderAndRead(_ text: String, as symbology: Symbology, width: Int = 0, height: Int = 0) throws -> [Barcode] {
    let symbol = try BarcodeRenderer.render(text, as: symbology, width: width, height: height, quietZone: 10)
    return try BarcodeReader(options: .thorough).barcodes(in: symbol)
}

struct SymbologyRulesTests {
    @Test("UPC-A and UPC-E are reported as themselves, with their EAN-13 form (UPC-E's expansion) as extended data",
          arguments: [(Symbology.upcA, "036000291452", "0036000291452", 300, 120),
                      (.upcE, "01234565", "0012345000065", 200, 100)])
    func upcAsEAN13(symbology: Symbology, data: String, ean13: String, width: Int, height: Int) throws {
        let codes = try renderAndRead(data, as: symbology, width: width, height: height)
        let code = try #require(codes.first)
        #expect(codes.count == 1)
        #expect(code.symbology == symbology)
        #expect(code.data == data)
        #expect(code.extendedData == ean13)
    }

    @Test("GS1 human-readable text becomes the element string with GS after variable-length fields")
    func gs1ElementString() {
        #expect(SymbologyRules.gs1ElementString(fromHRI: "(01)09501101530003(17)250101") == "0109501101530003" + "17250101")
        #expect(SymbologyRules.gs1ElementString(fromHRI: "(10)AB-123(21)XYZ") == "10AB-123\u{1D}21XYZ")
        #expect(SymbologyRules.gs1ElementString(fromHRI: "(3102)000100(10)L1") == "3102000100" + "10L1")
        #expect(SymbologyRules.gs1ElementString(fromHRI: "no parentheses") == nil)
        #expect(SymbologyRules.gs1ElementString(fromHRI: "(1x)12") == nil)
    }

    @Test("UPC-E expansion follows the standard's table for every last digit", arguments: [
        ("01234505", "012000003455"), ("01234515", "012100003455"), ("01234525", "012200003455"),
        ("01234535", "012300000455"), ("01234545", "012340000055"), ("01234555", "012345000055"),
        ("01234595", "012345000095"),
    ])
    func upcEExpansionTable(upce: String, upca: String) {
        #expect(SymbologyRules.expandUPCE(upce) == upca)
    }

    @Test("UPC-E expansion rejects input that is not eight digits")
    func upcERejectsBadInput() {
        #expect(SymbologyRules.expandUPCE("0123456") == nil)
        #expect(SymbologyRules.expandUPCE("0123456A") == nil)
    }

    @Test("Code 128 with FNC1 first is GS1-128: ]C1 and ASCII 29 between variable fields")
    func gs1Code128() throws {
        // U+00F1 is zxing-cpp's writer escape for FNC1.
        let codes = try renderAndRead("\u{F1}10ABC123\u{F1}3103000123", as: .code128, width: 500, height: 100)
        let code = try #require(codes.first)
        #expect(code.symbology == .code128)
        #expect(code.symbologyIdentifier == "]C1")
        #expect(code.isGS1)
        #expect(code.bytes.contains(29))
        #expect(code.data == "10ABC123\u{1D}3103000123")
    }

    @Test("Codabar keeps its start and stop characters")
    func codabarStartStop() throws {
        let codes = try renderAndRead("A40156B", as: .codabar, width: 300, height: 80)
        #expect(codes.first?.data == "A40156B")
    }

    @Test("A binary QR payload keeps its exact bytes and reports no text when it is not UTF-8")
    func binaryPayload() throws {
        let payload: [UInt8] = [0xFF, 0xFE, 0x80, 0x01, 0x7F, 0xC3, 0x28, 0x10]
        let symbol = try BarcodeRenderer.render(bytes: payload, as: .qrCode, width: 200, height: 200, quietZone: 10)
        let code = try #require(try BarcodeReader(options: .thorough).barcodes(in: symbol).first)
        #expect(code.symbology == .qrCode)
        #expect(code.bytes == payload)
        #expect(code.data == nil)
    }

    @Test("Every symbology the writer supports round-trips through the reader", arguments: [
        (Symbology.qrCode, "HELLO WORLD"), (.dataMatrix, "Data Matrix 123"), (.aztec, "AZTEC"),
        (.pdf417, "PDF417 payload"), (.code39, "CODE39"), (.code93, "CODE93"), (.code128, "Code128"),
        (.ean8, "96385074"), (.ean13, "5901234123457"), (.itf, "00012345678905"),
    ])
    func roundTrip(symbology: Symbology, text: String) throws {
        let codes = try renderAndRead(text, as: symbology, width: symbology.isLinear ? 400 : 200, height: symbology.isLinear ? 100 : 200)
        let code = try #require(codes.first)
        #expect(code.symbology == symbology)
        #expect(code.data == text)
        #expect(code.location.area > 0)
    }

    @Test("Rendering an unsupported symbology names it")
    func unsupportedWriter() {
        #expect(throws: DecodingError.self) { try BarcodeRenderer.render("123", as: .rmqrCode) }
    }

    @Test("Rendering text the symbology cannot hold is a clear error, not a crash", .needsSharedData)
    func unencodable() {
        do {
            _ = try BarcodeRenderer.render("not digits", as: .ean13)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .unencodable)
            #expect(error.message.contains("EAN-13"))
        }
    }
}

/// Rules checked on real images from ../shared/data (the writer cannot render these).
struct SymbologyRulesOnSamplesTests {
    static func read(_ path: String) throws -> [Barcode] {
        let image = try ImageFile.load(path: SharedData.samples.appendingPathComponent(path).path)
        return try BarcodeReader(options: .thorough).barcodes(in: image)
    }

    @Test("An EAN-5 add-on and its EAN-13 point to each other", .needsSharedData)
    func addOnLinkedBothWays() throws {
        let codes = try Self.read("ean13-extension-1/1.png")
        let main = try #require(codes.first { $0.symbology == .ean13 })
        let addOn = try #require(codes.first { $0.symbology == .ean5 })
        #expect(main.data == "9780735200449")
        #expect(addOn.data == "51299")
        #expect(main.associatedCode == AssociatedCode(symbology: .ean5, data: "51299"))
        #expect(addOn.associatedCode == AssociatedCode(symbology: .ean13, data: "9780735200449"))
    }

    @Test("GS1 DataBar reports the element string with its GTIN-14; DataBar Expanded keeps the readable form",
          .needsSharedData, arguments: [
              ("rss14-1/1.png", Symbology.databar, "0104412345678909", "04412345678909"),
              ("rssexpanded-1/1.png", .databarExpanded, "11100224171102243102000100", "(11)100224(17)110224(3102)000100"),
          ])
    func dataBar(sample: String, symbology: Symbology, data: String, extendedData: String) throws {
        let code = try #require(try Self.read(sample).first)
        #expect(code.symbology == symbology)
        #expect(code.data == data)
        #expect(code.extendedData == extendedData)
    }
}

extension SymbologyRulesOnSamplesTests {
    @Test("Code 39 Full ASCII is decoded by default and can be turned off", .needsSharedData)
    func code39FullASCII() throws {
        let image = try ImageFile.load(path: SharedData.samples.appendingPathComponent("code39-2/2.png").path)
        #expect(try BarcodeReader(options: .thorough).barcodes(in: image).first?.data == "12ab")
        var plain = DecoderOptions.thorough
        plain.code39FullASCII = false
        #expect(try BarcodeReader(options: plain).barcodes(in: image).first?.data == "12+A+B")
    }
}
