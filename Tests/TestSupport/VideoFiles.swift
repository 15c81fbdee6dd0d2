public import BarcodeTracking
public import FrameSources
public import Testing

/// Reading back the videos the tests write (clips, `--annotate` and `--record` output) through
/// the production reader, `MediaFileSource`.
public enum VideoFiles {
    /// Writes a `width` x `height` video at `frameRate` to `path` (the container from its
    /// extension): `fill` appends the frames to the writer, which is then finished.
    public static func write(to path: String, width: Int, height: Int, frameRate: Double = 30,
                             _ fill: (VideoWriter) throws -> Void) throws {
        let writer = try VideoWriter(path: path, width: width, height: height, frameRate: frameRate)
        try fill(writer)
        try writer.finish()
    }

    /// Every frame of the video at `path`, in order.
    public static func frames(of path: String) throws -> [Frame] {
        let source = try MediaFileSource(path: path)
        defer { source.close() }
        return try source.remainingFrames()
    }

    /// The first frame's picture of the video at `path`.
    public static func firstImage(of path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> LumaImage {
        let source = try MediaFileSource(path: path)
        defer { source.close() }
        return try #require(try source.nextFrame(), "\(path) has no frame", sourceLocation: sourceLocation).image
    }
}

extension MediaFileSource {
    /// The frames not read yet, in order, until the end of the input.
    public func remainingFrames() throws -> [Frame] {
        var frames: [Frame] = []
        while let frame = try nextFrame() { frames.append(frame) }
        return frames
    }
}
