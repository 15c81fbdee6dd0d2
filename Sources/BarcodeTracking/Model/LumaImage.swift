/// An 8-bit greyscale (luma) image, the input of every detector.
///
/// Pixel (x, y) is at `pixels[y * bytesPerRow + x]`; 0 is black, 255 white.
public struct LumaImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes from the start of one row to the next (≥ `width`).
    public let bytesPerRow: Int
    /// Row-major pixel storage, `bytesPerRow * height` bytes.
    public var pixels: [UInt8]

    /// Wraps existing pixels, checking that the buffer matches the geometry.
    public init(width: Int, height: Int, bytesPerRow: Int? = nil, pixels: [UInt8]) throws(FrameError) {
        let stride = bytesPerRow ?? width
        guard width > 0, height > 0 else {
            throw FrameError(.invalidSize, "image size \(width)x\(height) is empty; frames need at least 1x1 pixels")
        }
        guard stride >= width else {
            throw FrameError(.invalidSize, "row stride \(stride) is smaller than the width \(width)")
        }
        guard pixels.count >= stride * (height - 1) + width else {
            throw FrameError(.wrongBufferSize,
                "pixel buffer holds \(pixels.count) bytes, a \(width)x\(height) image with stride \(stride) needs \(stride * height)")
        }
        self.width = width
        self.height = height
        self.bytesPerRow = stride
        self.pixels = pixels
    }

    /// A uniform image of the given size filled with `value`.
    public init(width: Int, height: Int, filledWith value: UInt8 = 255) throws(FrameError) {
        guard width > 0, height > 0, width <= 1 << 16, height <= 1 << 16 else {
            throw FrameError(.invalidSize, "image size \(width)x\(height) is outside 1x1...65536x65536")
        }
        try self.init(width: width, height: height, pixels: [UInt8](repeating: value, count: width * height))
    }

    /// The pixel at (x, y); both must be inside the image.
    public subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * bytesPerRow + x] }
        set { pixels[y * bytesPerRow + x] = newValue }
    }

    /// The whole image as a rectangle in frame pixels.
    public var bounds: Rect { Rect(x: 0, y: 0, width: Double(width), height: Double(height)) }
}

/// One video frame: a luma image with its capture time.
public struct Frame: Sendable {
    /// Frame number, counted from 1 in source order (dropped frames keep their number).
    public var number: Int
    /// Capture or presentation time in seconds, from the source's own clock.
    public var time: Double
    /// The pixels.
    public var image: LumaImage

    /// Creates a frame.
    public init(number: Int, time: Double, image: LumaImage) {
        self.number = number
        self.time = time
        self.image = image
    }
}
