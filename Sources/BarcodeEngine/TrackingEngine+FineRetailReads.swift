import BarcodeDecoding
import BarcodeTracking

/// Checking the first read of a fine EAN/UPC code at twice its size.
///
/// A code whose modules are about 2 frame pixels wide is close to what zxing-cpp's whole-pixel
/// bar widths can tell apart: the blur at each edge makes a 1-module bar 1 to 3 pixels wide, and
/// now and then a wrong digit pattern passes the check digit. The pixels of a standing label
/// repeat, so such a misread repeats too, on every frame, and N-of-M verification counts it (an
/// EAN-13 of the station scene, 4020220121282, read as UPC-A 000202121282 on every frame it stood;
/// zxing-cpp 2.x reads that frame the same way). Enlarged twice with bilinear interpolation the
/// edges keep their sub-pixel places and the same read gets it right. So a read that would start
/// a track on such a code is read again in its close window at twice the size (three times when
/// that reads nothing there), and a different payload found at the same place replaces it. It
/// costs a read or two of a small window per first read of a fine retail code.
///
/// Where the enlarged read repeats the misread (a code crossing the view at a whole number of
/// pixels a frame keeps its phase), a read whose bars fit the pixels poorly is read again from its
/// module centres (``RetailModuleReading``).
extension TrackingEngine {
    /// Module width (frame pixels) under which a retail code's first read is checked enlarged.
    static let fineModuleWidth = 3.0

    /// The retail symbologies: fixed module counts, short check digits.
    static let retailSymbologies: Set<Symbology> = [.ean13, .upcA, .ean8, .upcE]

    /// Frame pixels per module of a retail code read at `location`, from its longer side; `nil`
    /// for other symbologies.
    static func moduleWidth(of symbology: Symbology, at location: Quadrilateral) -> Double? {
        let modules: Double
        switch symbology {
        case .ean13, .upcA: modules = 95
        case .ean8: modules = 67
        case .upcE: modules = 51
        default: return nil
        }
        let across = max(location.topLeft.distance(to: location.topRight), location.topLeft.distance(to: location.bottomLeft))
        return across / modules
    }

    /// `found` (a new decoded detection, frame pixels); or its module centres' reading when the
    /// pixels prefer it (``moduleReading(correcting:barcode:in:)``); or the read of its close window
    /// enlarged 2× (3× when 2× reads no retail code there) when that holds another retail payload
    /// at the same place and not `found`'s.
    func checkingFineRetailRead(_ found: Detection, in image: LumaImage) -> Detection {
        guard let reader = fineRetailReader, let barcode = found.barcode,
              let module = Self.moduleWidth(of: barcode.symbology, at: found.location), module < Self.fineModuleWidth,
              let (x0, y0, width, height) = Self.cropBounds(Self.closeBox(around: found.location), in: image) else { return found }
        if let corrected = Self.moduleReading(correcting: found, barcode: barcode, in: image) { return corrected }
        let origin = Point(x: Double(x0), y: Double(y0))
        for factor in [2, 3] {
            guard let enlarged = Self.enlarged(image, x0: x0, y0: y0, width: width, height: height, by: factor),
                  let report = try? reader.read(enlarged) else { return found }
            let reads = report.detections.map { $0.scaled(by: 1 / Double(factor)).translated(by: origin) }.filter { read in
                read.barcode.map { Self.retailSymbologies.contains($0.symbology) } == true
                    && read.location.isSameCode(as: found.location, partialRead: false)
            }
            if reads.isEmpty { continue }
            if reads.contains(where: { $0.barcode?.bytes == barcode.bytes }) { return found }
            // The enlarged read can misread too: the pixels decide between the two payloads.
            if let other = reads[0].barcode, Self.pixelsPrefer(barcode, to: other, in: image) == true { return found }
            return reads[0]
        }
        return found
    }

    /// Under this fit of a read's own bar pattern to its pixels (``ModulePattern/match(in:at:)``),
    /// a fine retail read is doubtful: a right read of a sharp code fits far better (the station
    /// scene's fine codes above 0.999), the misreads of fine codes that zxing-cpp repeated on
    /// every frame fitted 0.76 and 0.90.
    static let poorReadFit = 0.95

    /// `found` (an EAN-13 or UPC-A read of `barcode`) with the payload read from its module
    /// centres (``RetailModuleReading``) in either reading direction, when its own bars fit the
    /// pixels poorly (``poorReadFit``) and the pixels prefer that payload (``pixelsPrefer(_:to:in:)``);
    /// `nil` when the read stands.
    static func moduleReading(correcting found: Detection, barcode: Barcode, in image: LumaImage) -> Detection? {
        guard barcode.symbology == .ean13 || barcode.symbology == .upcA, let text = barcode.data,
            let own = ModulePattern(payload: text, symbology: barcode.symbology),
            own.match(in: image, at: found.location) < poorReadFit
        else { return nil }
        let ownDigits = barcode.symbology == .upcA ? "0" + text : text
        for quad in [found.location, found.location.rotatedLabels(by: 2)] {
            guard let digits = RetailModuleReading.digits(in: image, at: quad), digits != ownDigits else { continue }
            var read = barcode
            // A UPC-A is an EAN-13 that starts with 0, less that 0.
            read.symbology = barcode.symbology == .upcA && digits.hasPrefix("0") ? .upcA : .ean13
            read.data = read.symbology == .upcA ? String(digits.dropFirst()) : digits
            read.bytes = Array((read.data ?? "").utf8)
            read.location = quad
            if pixelsPrefer(read, to: barcode, in: image) == true { return Detection(barcode: read) }
        }
        return nil
    }

    /// The `width` × `height` pixels of `image` at `x0`, `y0` enlarged `factor` times by bilinear
    /// interpolation: a point at (x, y) in the output lies at (x0 + x / factor, y0 + y / factor) in `image`.
    /// With `rowsOnly`, along x only: (x, y) lies at (x0 + x / factor, y0 + y).
    static func enlarged(_ image: LumaImage, x0: Int, y0: Int, width: Int, height: Int, by factor: Int, rowsOnly: Bool = false) -> LumaImage? {
        let w = factor * width, h = rowsOnly ? height : factor * height, stride = image.bytesPerRow, f = Double(factor)
        let fRows = rowsOnly ? 1 : f
        let pixels = [UInt8](unsafeUninitializedCapacity: w * h) { out, count in
            image.pixels.withUnsafeBufferPointer { source in
                for y in 0..<h {
                    let sy = max(0, min(Double(height - 1), (Double(y) + 0.5) / fRows - 0.5))
                    let top = Int(sy), bottom = min(height - 1, top + 1), fy = sy - Double(top)
                    for x in 0..<w {
                        let sx = max(0, min(Double(width - 1), (Double(x) + 0.5) / f - 0.5))
                        let left = Int(sx), right = min(width - 1, left + 1), fx = sx - Double(left)
                        func at(_ row: Int, _ column: Int) -> Double { Double(source[(y0 + row) * stride + x0 + column]) }
                        let upper = at(top, left) * (1 - fx) + at(top, right) * fx
                        let lower = at(bottom, left) * (1 - fx) + at(bottom, right) * fx
                        out[y * w + x] = UInt8((upper * (1 - fy) + lower * fy).rounded())
                    }
                }
            }
            count = w * h
        }
        return try? LumaImage(width: w, height: h, pixels: pixels)
    }
}
