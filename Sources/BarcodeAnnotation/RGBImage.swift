public import BarcodeTracking

/// An 8-bit RGB image (RGB24, no padding), the canvas for annotated frames.
///
/// Pixel (x, y) is at `pixels[(y * width + x) * 3 ..< +3]` as red, green, blue.
/// Coordinates are frame pixels, origin top left, y down; pixel (x, y) covers
/// the square from (x, y) to (x + 1, y + 1), so its centre is at (x + 0.5, y + 0.5).
public struct RGBImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Row-major RGB24 storage, `width * height * 3` bytes.
    public var pixels: [UInt8]

    /// Wraps existing RGB24 pixels; throws `FrameError` when the buffer does not match the size.
    public init(width: Int, height: Int, pixels: [UInt8]) throws(FrameError) {
        guard width > 0, height > 0, width <= 1 << 16, height <= 1 << 16 else {
            throw FrameError(.invalidSize, "image size \(width)x\(height) is outside 1x1...65536x65536")
        }
        guard pixels.count == width * height * 3 else {
            throw FrameError(.wrongBufferSize,
                "RGB buffer holds \(pixels.count) bytes, a \(width)x\(height) RGB24 image needs \(width * height * 3)")
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A uniform image of the given size; throws `FrameError` for empty or huge sizes.
    public init(width: Int, height: Int, filledWith color: RGBColor = .black) throws(FrameError) {
        guard width > 0, height > 0, width <= 1 << 16, height <= 1 << 16 else {
            throw FrameError(.invalidSize, "image size \(width)x\(height) is outside 1x1...65536x65536")
        }
        var buffer = [UInt8](repeating: 0, count: width * height * 3)
        for i in stride(from: 0, to: buffer.count, by: 3) {
            buffer[i] = color.red; buffer[i + 1] = color.green; buffer[i + 2] = color.blue
        }
        self.width = width
        self.height = height
        self.pixels = buffer
    }

    /// The grey image as RGB (each luma value copied to all three channels); same size, frame pixels.
    public init(_ luma: LumaImage) {
        width = luma.width
        height = luma.height
        var buffer = [UInt8](repeating: 0, count: luma.width * luma.height * 3)
        for y in 0..<luma.height {
            let source = y * luma.bytesPerRow, target = y * luma.width * 3
            for x in 0..<luma.width {
                let v = luma.pixels[source + x]
                buffer[target + 3 * x] = v; buffer[target + 3 * x + 1] = v; buffer[target + 3 * x + 2] = v
            }
        }
        pixels = buffer
    }

    /// The pixel at (x, y); both must be inside the image.
    public subscript(x: Int, y: Int) -> RGBColor {
        get {
            let i = (y * width + x) * 3
            return RGBColor(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2])
        }
        set {
            let i = (y * width + x) * 3
            pixels[i] = newValue.red; pixels[i + 1] = newValue.green; pixels[i + 2] = newValue.blue
        }
    }

    /// The whole image as a rectangle in frame pixels.
    public var bounds: Rect { Rect(x: 0, y: 0, width: Double(width), height: Double(height)) }

    /// Paints pixel (x, y) with `color` at `opacity` (0...1); pixels outside the image are ignored.
    public mutating func blend(x: Int, y: Int, color: RGBColor, opacity: Double = 1) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        if opacity >= 1 {
            self[x, y] = color
        } else if opacity > 0 {
            self[x, y] = color.blended(over: self[x, y], opacity: opacity)
        }
    }
}
