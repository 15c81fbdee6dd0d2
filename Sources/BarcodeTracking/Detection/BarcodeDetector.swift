/// Something found in a frame: a decoded barcode, or a code-like shape that
/// was located but could not be decoded.
public struct Detection: Sendable, Hashable {
    /// The decoded barcode, or `nil` for a located-only code.
    public var barcode: Barcode?
    /// The corners in frame pixels, the code's own top-left first, clockwise.
    public var location: Quadrilateral
    /// For located-only codes, the symbology it looked like, when known.
    public var symbologyHint: Symbology?
    /// Whether `barcode` was read from this frame's pixels. `false` when a
    /// tracking-aware detector re-located a code it already knew without
    /// decoding it again (the payload is the track's, not a new reading).
    /// Misread protection (``ScanSessionConfiguration/verification``) counts
    /// only fresh reads. Always `true` for located-only detections.
    public var isFreshRead: Bool = true

    /// A decoded detection; the location is the barcode's.
    public init(barcode: Barcode) {
        self.barcode = barcode
        self.location = barcode.location
        self.symbologyHint = barcode.symbology
    }

    /// A located-only detection.
    public init(location: Quadrilateral, symbologyHint: Symbology? = nil) {
        self.barcode = nil
        self.location = location
        self.symbologyHint = symbologyHint
    }
}

/// Finds barcodes in luma images. `BarcodeDecoding` implements it with zxing-cpp.
///
/// Implementations must be safe to call from the frame-processing queue; one
/// instance is used by one pipeline at a time.
public protocol BarcodeDetector: Sendable {
    /// Searches `image` (or only `region`, in frame pixels, when given) and
    /// returns what it finds, with locations in the pixels of the full image.
    func detect(in image: LumaImage, region: Rect?) throws -> [Detection]

    /// Like ``detect(in:region:)``, with the decoder's warnings. The default
    /// implementation reports ``detect(in:region:)``'s detections and no warnings.
    func report(in image: LumaImage, region: Rect?) throws -> DetectionReport
}

extension BarcodeDetector {
    /// ``detect(in:region:)``'s detections, no warnings.
    public func report(in image: LumaImage, region: Rect?) throws -> DetectionReport {
        DetectionReport(detections: try detect(in: image, region: region))
    }
}

/// A detector that can use where tracked codes are expected in a frame, to
/// re-read them in small windows instead of searching the whole frame.
///
/// ``ScanSession/detect(in:using:)`` passes the session's tracks; plain
/// ``BarcodeDetector``s are called with ``BarcodeDetector/detect(in:region:)``.
public protocol TrackingAwareDetector: BarcodeDetector {
    /// Finds codes in `frame` (or in `region`, frame pixels), given the tracks
    /// of the previous frame (`expected`, with their predicted locations in
    /// frame pixels). Runs on the frame-processing queue.
    func detect(in frame: Frame, region: Rect?, expected: [TrackedBarcode]) throws -> [Detection]

    /// Like ``detect(in:region:expected:)``, with the decoder's warnings. The default
    /// implementation reports ``detect(in:region:expected:)``'s detections and no warnings.
    func report(in frame: Frame, region: Rect?, expected: [TrackedBarcode]) throws -> DetectionReport

    /// Names the frame that will be detected after the current one, before the current one
    /// is: a detector can start work on it early. What it detects in either frame must not
    /// depend on whether this was called. Runs on the frame-processing queue; pipelines
    /// that know their next frame (files read ahead) call it, live ones do not. The default
    /// implementation does nothing.
    func prepare(next frame: Frame)
}

extension TrackingAwareDetector {
    /// Does nothing.
    public func prepare(next frame: Frame) {}

    /// ``detect(in:region:expected:)``'s detections, no warnings.
    public func report(in frame: Frame, region: Rect?, expected: [TrackedBarcode]) throws -> DetectionReport {
        DetectionReport(detections: try detect(in: frame, region: region, expected: expected))
    }
}

extension Detection {
    /// The same detection moved by `offset` (frame pixels), e.g. from a crop's coordinates to the frame's.
    public func translated(by offset: Point) -> Detection {
        mapped { $0 + offset }
    }

    /// The same detection with its coordinates multiplied by `factor`, e.g. from an image
    /// reduced by `factor` (``LumaImage/reduced(by:)``) to the frame's pixels.
    public func scaled(by factor: Double) -> Detection {
        mapped { $0 * factor }
    }

    /// The same detection with every corner (its location's and its barcode's) moved by
    /// `transform`, e.g. from the pixels of an image read to the frame's.
    public func mapped(_ transform: (Point) -> Point) -> Detection {
        var moved = self
        moved.location = location.mapped(transform)
        if var barcode {
            barcode.location = barcode.location.mapped(transform)
            moved.barcode = barcode
        }
        return moved
    }
}
