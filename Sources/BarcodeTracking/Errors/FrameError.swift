/// An error about a frame or image: its size, its buffer, its contents.
public typealias FrameError = BarcodeError<FrameErrorDomain>

/// The domain of ``FrameError``.
public enum FrameErrorDomain: BarcodeErrorDomain {
    /// `"frame"`.
    public static let name = "frame"
}

extension BarcodeError.Code where Domain == FrameErrorDomain {
    /// Width or height is zero, negative or absurdly large.
    public static var invalidSize: Self { Self("invalidSize") }

    /// The pixel buffer does not match the stated geometry.
    public static var wrongBufferSize: Self { Self("wrongBufferSize") }

    /// A frame's size differs from the stream's.
    public static var sizeChanged: Self { Self("sizeChanged") }
}
