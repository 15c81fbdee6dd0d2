public import BarcodeTracking

extension ScanSession {
    /// One frame as the pipeline processes it: `detector` reads `frame` (with the tracks the
    /// session expects), then the session tracks what it read, at the frame's own size (pixels).
    /// `number` is the frame number the session is told, the frame's own by default. Returns the
    /// detections and the frame's result (`nil` when the session had finished).
    public func stepReporting(_ frame: Frame, using detector: any BarcodeDetector, number: Int? = nil) throws
        -> (detections: [Detection], result: ScanFrameResult?)
    {
        let detections = try detect(in: frame, using: detector)
        let size = Size(width: Double(frame.image.width), height: Double(frame.image.height))
        return (detections, try process(detections, frameNumber: number ?? frame.number, time: frame.time, frameSize: size))
    }

    /// ``stepReporting(_:using:number:)``'s result alone.
    public func step(_ frame: Frame, using detector: any BarcodeDetector, number: Int? = nil) throws -> ScanFrameResult? {
        try stepReporting(frame, using: detector, number: number).result
    }
}
