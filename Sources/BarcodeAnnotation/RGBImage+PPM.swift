/// Binary PPM (P6) encoding, so the command line can write annotated frames without an image library.
extension RGBImage {
    /// The image as a binary PPM (P6) file: header `P6\n<width> <height>\n255\n`, then the RGB24 pixels.
    public var ppmData: [UInt8] {
        var data = Array("P6\n\(width) \(height)\n255\n".utf8)
        data.reserveCapacity(data.count + pixels.count)
        data.append(contentsOf: pixels)
        return data
    }
}
