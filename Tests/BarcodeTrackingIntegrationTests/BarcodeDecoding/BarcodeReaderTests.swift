import Foundation
import BarcodeDecoding
import BarcodeTracking
import Testing

/// Copies `symbol` into a white canvas at each origin.
func canvas(width: Int, height: Int, placing symbol: LumaImage, at origins: [(Int, Int)]) throws -> LumaImage {
    var image = try LumaImage(width: width, height: height, filledWith: 255)
    for (ox, oy) in origins {
        for y in 0..<symbol.height {
            for x in 0..<symbol.width { image[ox + x, oy + y] = symbol[x, y] }
        }
    }
    return image
}

struct BarcodeReaderTests {
    enum Layout: String, CaseIterable { case sideBySide, stacked, diagonal }

    /// zxing-cpp 1.4 aborts the process on this input (upstream #516/#740) unless the
    /// facade reads 1D codes one at a time; it also merged same-row twins into one.
    @Test("Two labels with the same 1D payload are two codes and never crash the reader",
          arguments: [Symbology.ean13, .code128], Layout.allCases)
    func repeatedLinearLabels(symbology: Symbology, layout: Layout) throws {
        let text = symbology == .ean13 ? "5901234123457" : "LOT12345678"
        let symbol = try BarcodeRenderer.render(text, as: symbology, width: 300, height: 100, quietZone: 20)
        let w = symbol.width, h = symbol.height
        let origins: [(Int, Int)] = switch layout {
        case .sideBySide: [(10, 20), (w + 30, 20)]
        case .stacked: [(20, 10), (20, h + 40)]
        case .diagonal: [(10, 10), (w + 30, h + 40)]
        }
        let image = try canvas(width: 2 * w + 40, height: 2 * h + 60, placing: symbol, at: origins)
        for options in [DecoderOptions.video, .thorough] {
            let codes = try BarcodeReader(options: options).barcodes(in: image)
            #expect(codes.count == 2, "\(layout) \(options.tryHarder ? "thorough" : "video"): \(codes.map(\.location.center))")
            #expect(codes.allSatisfy { $0.data == text })
            if codes.count == 2 {
                #expect(codes[0].location.center.distance(to: codes[1].location.center) > Double(min(w, h)) / 2)
            }
        }
    }

    @Test("A 1-D code turned by up to 25° is located across most of its height, its bars followed from the scan line", arguments: [0.0, 8, 15, 25])
    func turnedLinearCodeFullHeight(degrees: Double) throws {
        // About 4 px a module, so that turning it pixel by pixel keeps the bars.
        // Tall enough that a row of the frame crosses all of it turned by 25°.
        let symbol = try BarcodeRenderer.render("TURNED 128", as: .code128, width: 640, height: 360, quietZone: 30)
        // The symbol turned about its centre on a white 900 × 700 canvas (nearest pixel).
        let angle = degrees * .pi / 180, (c, s) = (cos(angle), sin(angle))
        var image = try LumaImage(width: 900, height: 900, filledWith: 255)
        for y in 0..<900 {
            for x in 0..<900 {
                let dx = Double(x) - 450, dy = Double(y) - 450
                let sx = Int((c * dx + s * dy + Double(symbol.width) / 2).rounded(.down))
                let sy = Int((-s * dx + c * dy + Double(symbol.height) / 2).rounded(.down))
                if (0..<symbol.width).contains(sx), (0..<symbol.height).contains(sy) { image[x, y] = symbol[sx, sy] }
            }
        }
        let codes = try BarcodeReader(options: .video).barcodes(in: image)
        let code = try #require(codes.first { $0.data == "TURNED 128" }, "\(degrees)°")
        #expect(codes.count == 1)
        // The quad's sides along the bars (corners 1-2 and 3-0): the bars' 360 px upright; turned,
        // the rows that cross the whole symbol, which the walk from the scan line follows as
        // the bars drift along it (without following the drift it stops within a few rows).
        let p = code.location.corners
        for side in [p[1].distance(to: p[2]), p[3].distance(to: p[0])] {
            #expect(side > (degrees == 0 ? 330 : 150) && side < 400, "\(degrees)°: \(p)")
        }
    }

    @Test("A region restricts the search and locations stay in full-frame pixels")
    func regionSearch() throws {
        let symbol = try BarcodeRenderer.render("REGION", as: .qrCode, width: 120, height: 120, quietZone: 8)
        let image = try canvas(width: 600, height: 400, placing: symbol, at: [(400, 200)])
        let reader = try BarcodeReader()
        let inside = try reader.barcodes(in: image, region: Rect(x: 380, y: 180, width: 180, height: 180))
        let outside = try reader.barcodes(in: image, region: Rect(x: 0, y: 0, width: 300, height: 200))
        let code = try #require(inside.first)
        #expect(outside.isEmpty)
        #expect(code.location.boundingBox.x >= 400 && code.location.boundingBox.maxX <= 520)
        #expect(try reader.barcodes(in: image, region: Rect(x: 2000, y: 2000, width: 10, height: 10)).isEmpty)
    }

    @Test("The maximum number of codes caps the result and out-of-range caps are rejected")
    func maxSymbols() throws {
        let symbol = try BarcodeRenderer.render("CAP", as: .qrCode, width: 100, height: 100, quietZone: 8)
        let image = try canvas(width: 500, height: 150, placing: symbol, at: [(10, 20), (180, 20), (350, 20)])
        #expect(try BarcodeReader().barcodes(in: image).count == 3)
        #expect(try BarcodeReader(options: DecoderOptions(maxSymbols: 2)).barcodes(in: image).count == 2)
        #expect(throws: DecodingError.self) { try BarcodeReader(options: DecoderOptions(maxSymbols: 0)) }
        #expect(throws: DecodingError.self) { try BarcodeReader(options: DecoderOptions(symbologies: [.rmqrCode])) }
    }

    @Test("White-on-black codes are found only with the inversion pass")
    func inverted() throws {
        var symbol = try BarcodeRenderer.render("INVERTED", as: .dataMatrix, width: 120, height: 120, quietZone: 10)
        for i in symbol.pixels.indices { symbol.pixels[i] = 255 - symbol.pixels[i] }
        #expect(try BarcodeReader().barcodes(in: symbol).isEmpty)
        let found = try BarcodeReader(options: .thorough).barcodes(in: symbol)
        #expect(found.first?.data == "INVERTED")
        #expect(found.first?.isInverted == true)
    }

    @Test("Symbology filters leave other codes out")
    func symbologyFilter() throws {
        let qr = try BarcodeRenderer.render("QR", as: .qrCode, width: 100, height: 100, quietZone: 8)
        let ean = try BarcodeRenderer.render("5901234123457", as: .ean13, width: 240, height: 80, quietZone: 20)
        var image = try canvas(width: 420, height: 140, placing: qr, at: [(5, 5)])
        for y in 0..<ean.height { for x in 0..<ean.width { image[150 + x, 20 + y] = ean[x, y] } }
        let all = try BarcodeReader().barcodes(in: image)
        let eanOnly = try BarcodeReader(options: DecoderOptions(symbologies: [.ean13])).barcodes(in: image)
        #expect(Set(all.map(\.symbology)) == [.qrCode, .ean13])
        #expect(eanOnly.map(\.symbology) == [.ean13])
    }
}

/// zxing-cpp 1.4 crashes (SIGSEGV) on an image with no rows; the facade's downscaling
/// pyramid used to halve a 1000×1 frame into exactly that.
struct BarcodeReaderShapeTests {
    @Test("Very wide or very tall frames of one or two pixels are read without crashing",
          arguments: [(1000, 1), (1200, 1), (2000, 2), (4000, 3), (1, 1000), (2, 2000), (1, 1), (999, 1)])
    func degenerateShapes(width: Int, height: Int) throws {
        let image = try LumaImage(width: width, height: height, filledWith: 255)
        for options in [DecoderOptions.video, .thorough] {
            let report = try BarcodeReader(options: options).read(image)
            #expect(report.detections.isEmpty)
        }
    }
}
