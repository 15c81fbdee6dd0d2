public import BarcodeTracking
public import FrameSources
public import Testing

/// Reading back the videos the tests write (clips, `--annotate` and `--record` output) through
/// the production reader, `MediaFileSource`.
public enum VideoFiles {
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
