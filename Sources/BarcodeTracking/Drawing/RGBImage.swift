/// A colour with 8-bit red, green and blue channels.
public struct RGBColor: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Red, 0...255.
    public var red: UInt8
    /// Green, 0...255.
    public var green: UInt8
    /// Blue, 0...255.
    public var blue: UInt8

    /// Creates a colour from its channels.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A grey of the given luma.
    public init(gray: UInt8) { self.init(red: gray, green: gray, blue: gray) }

    /// Black (0, 0, 0).
    public static let black = RGBColor(gray: 0)
    /// White (255, 255, 255).
    public static let white = RGBColor(gray: 255)
    /// Red (230, 30, 30): rejected codes by default.
    public static let red = RGBColor(red: 230, green: 30, blue: 30)
    /// Green (30, 200, 60): decoded codes by default.
    public static let green = RGBColor(red: 30, green: 200, blue: 60)
    /// Yellow (250, 210, 20): located-only codes by default.
    public static let yellow = RGBColor(red: 250, green: 210, blue: 20)
    /// Magenta (220, 40, 220): overlay plans by default.
    public static let magenta = RGBColor(red: 220, green: 40, blue: 220)
    /// Cyan (20, 200, 230): free for guides.
    public static let cyan = RGBColor(red: 20, green: 200, blue: 230)

    /// `this` blended over `background` with `opacity` in 0...1 (1 = opaque).
    func blended(over background: RGBColor, opacity: Double) -> RGBColor {
        let a = Swift.min(1, Swift.max(0, opacity))
        func mix(_ f: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(f) * a + Double(b) * (1 - a)).rounded()) }
        return RGBColor(red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue))
    }

    public var description: String { "rgb(\(red), \(green), \(blue))" }
}

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
