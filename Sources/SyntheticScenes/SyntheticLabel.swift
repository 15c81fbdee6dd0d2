import FrameSources
public import BarcodeTracking
import BarcodeDecoding
import SeededRandom

/// One label of a synthetic scene: a rendered code on white paper, placed in
/// world coordinates (pixels at zoom 1).
public struct SyntheticLabel: Sendable {
    /// Instance number, from 1: the ground-truth identity of this physical code.
    public let instance: Int
    /// Symbology of the code.
    public let symbology: Symbology
    /// Payload text.
    public let payload: String
    /// The code's module area (no quiet zone) in world pixels; the code's top-left first, clockwise.
    public private(set) var codeRect: Rect
    /// The paper around the code (code plus quiet zone and margin) in world pixels.
    public private(set) var paperRect: Rect
    /// The rendered symbol, 1 pixel per module, 0 = black, 255 = white; for a label cut from a
    /// photo, the cut-out, 1 pixel per world pixel.
    let bitmap: LumaImage
    /// Whether the label is a cut-out of a real photo (``LabelPhoto``) rather than a drawn code.
    public let isPhoto: Bool
    /// In a ``SyntheticSceneConfiguration/Layout/station`` scene, the pallet the label is on
    /// (from 1, in the order the pallets enter the view); 0 in other layouts.
    public internal(set) var pallet = 0

    /// Payload for instance `i` of `symbology`, deterministic from `rng`.
    static func payload(for symbology: Symbology, instance: Int, rng: inout SplitMix64) -> String {
        func digits(_ n: Int) -> String { String((0..<n).map { _ in Character(String(rng.next() % 10)) }) }
        func withCheckDigit(_ body: String) -> String {
            var sum = 0
            for (offset, ch) in body.reversed().enumerated() { sum += (ch.wholeNumberValue ?? 0) * (offset % 2 == 0 ? 3 : 1) }
            return body + String((10 - sum % 10) % 10)
        }
        switch symbology {
        case .ean13: return withCheckDigit("40" + digits(10))
        case .ean8: return withCheckDigit("20" + digits(5))
        case .upcA: return withCheckDigit("0" + digits(10))
        case .itf: return withCheckDigit("1" + digits(12))
        case .code39: return "BOX-\(instance)-" + digits(4)
        case .code93: return "CRT\(instance)X" + digits(4)
        case .codabar: return "A" + digits(8) + "B"
        case .code128: return "LOT" + digits(8)
        case .qrCode: return "https://example.com/pallet/\(instance)/" + digits(6)
        case .dataMatrix: return "SN\(instance):" + digits(8)
        case .aztec: return "AZ\(instance)-" + digits(6)
        case .pdf417: return "PDF417 shipment \(instance) " + digits(6)
        default: return "CODE\(instance)-" + digits(6)
        }
    }

    /// Renders the label's code and sizes it in world pixels.
    init(instance: Int, symbology: Symbology, payload: String, modulePixels: Double, origin: Point) throws(SourceError) {
        let bitmap: LumaImage
        do {
            bitmap = try BarcodeRenderer.render(payload, as: symbology, width: 0, height: 0, quietZone: 0)
        } catch {
            throw SourceError(.invalidArgument, "cannot draw \(symbology.displayName) \"\(payload)\": \(error.message)")
        }
        let moduleWidth = modulePixels
        let width = Double(bitmap.width) * moduleWidth
        let height = symbology.isLinear ? max(width * 0.2, 16 * modulePixels) : Double(bitmap.height) * moduleWidth
        let quiet = (symbology.isLinear ? 11 : 4) * modulePixels  // GS1: 11X left of EAN-13, 10X around ITF-14 and Code 128
        self.instance = instance
        self.symbology = symbology
        self.payload = payload
        self.bitmap = bitmap
        self.isPhoto = false
        self.paperRect = Rect(x: origin.x, y: origin.y, width: width + 2 * quiet, height: height + 2 * quiet)
        self.codeRect = Rect(x: origin.x + quiet, y: origin.y + quiet, width: width, height: height)
    }

    /// A label cut from a photo: the cut-out as its paper, one world pixel a cut-out pixel, and the
    /// code's bounds in it as its code area.
    init(instance: Int, photo: LabelPhoto, origin: Point) {
        self.instance = instance
        self.symbology = photo.symbology
        self.payload = photo.payload
        self.bitmap = photo.image
        self.isPhoto = true
        self.paperRect = Rect(x: origin.x, y: origin.y, width: Double(photo.image.width), height: Double(photo.image.height))
        self.codeRect = Rect(x: origin.x + photo.codeBounds.x, y: origin.y + photo.codeBounds.y,
                             width: photo.codeBounds.width, height: photo.codeBounds.height)
    }

    /// Moves the label so that its paper's top-left corner is at `origin` (world pixels).
    mutating func move(to origin: Point) {
        let dx = origin.x - paperRect.x, dy = origin.y - paperRect.y
        paperRect.x += dx; paperRect.y += dy
        codeRect.x += dx; codeRect.y += dy
    }

    /// Luma of the label at world point `p` (inside `paperRect`): paper white or the code's modules.
    @inline(__always)
    func sample(atWorldX x: Double, y: Double) -> Double {
        if isPhoto { return photoSample(atWorldX: x, y: y) }
        let u = (x - codeRect.x) / codeRect.width, v = (y - codeRect.y) / codeRect.height
        guard u >= 0, u < 1, v >= 0, v < 1 else { return 232 }
        // Interpolating between neighbouring modules only within one pixel of their
        // shared edge gives sharp, anti-aliased edges, as a focused lens does. (Plain
        // bilinear sampling would ramp across a whole module: a blur of 3-4 px at
        // 3.5 px modules, which turns narrow bars into shallow dips.)
        let fx = u * Double(bitmap.width) - 0.5, fy = symbology.isLinear ? 0 : v * Double(bitmap.height) - 0.5
        let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
        let ax = Self.edgeWeight(fx - Double(x0), pixelsPerModule: codeRect.width / Double(bitmap.width))
        let ay = Self.edgeWeight(fy - Double(y0), pixelsPerModule: codeRect.height / Double(bitmap.height))
        let p00 = pixel(x0, y0), p10 = pixel(x0 + 1, y0), p01 = pixel(x0, y0 + 1), p11 = pixel(x0 + 1, y0 + 1)
        let top = p00 + (p10 - p00) * ax, bottom = p01 + (p11 - p01) * ax
        let value = top + (bottom - top) * ay
        return 20 + value * (212.0 / 255.0)
    }

    /// Weight of the next module at fractional position `fraction` (0 = this module's
    /// centre, 1 = the next one's): 0 or 1 except within half a pixel of the edge at 0.5.
    @inline(__always)
    static func edgeWeight(_ fraction: Double, pixelsPerModule: Double) -> Double {
        min(max((fraction - 0.5) * pixelsPerModule + 0.5, 0), 1)
    }

    /// Luma of a photo label at world point (`x`, `y`): the cut-out sampled bilinearly at pixel centres.
    @inline(__always)
    private func photoSample(atWorldX x: Double, y: Double) -> Double {
        let fx = x - paperRect.x - 0.5, fy = y - paperRect.y - 0.5
        let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
        let ax = fx - Double(x0), ay = fy - Double(y0)
        let p00 = pixel(x0, y0), p10 = pixel(x0 + 1, y0), p01 = pixel(x0, y0 + 1), p11 = pixel(x0 + 1, y0 + 1)
        let top = p00 + (p10 - p00) * ax, bottom = p01 + (p11 - p01) * ax
        return top + (bottom - top) * ay
    }

    @inline(__always)
    private func pixel(_ x: Int, _ y: Int) -> Double {
        let cx = min(max(x, 0), bitmap.width - 1), cy = min(max(y, 0), bitmap.height - 1)
        return Double(bitmap.pixels[cy * bitmap.bytesPerRow + cx])
    }
}
