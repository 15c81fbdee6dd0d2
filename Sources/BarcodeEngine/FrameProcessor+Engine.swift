public import BarcodeDecoding
public import BarcodeTracking

extension FrameProcessor {
    /// Runs `source` through the library's default detector, a ``TrackingEngine``
    /// (follows tracked codes, searches for new ones within a bounded number of
    /// frames), and `session`. This is the entry point to reach for first; pass a
    /// `BarcodeReader` to the designated initializer instead to decode every full
    /// frame (the baseline `track bench` compares against).
    ///
    /// - Parameters:
    ///   - source: taken over as by ``FrameProcessor/init(source:detector:session:configuration:)``.
    ///   - session: the session fed with each frame's detections.
    ///   - options: what to decode (symbologies, add-ons); also the baseline's settings.
    ///   - engine: the engine's settings.
    ///   - configuration: the pipeline's settings.
    /// - Throws: ``DecodingError`` when `options` or `engine` hold a bad value.
    public convenience init(source: sending any FrameSource, session: ScanSession, options: DecoderOptions = .video,
                            engine: TrackingEngineConfiguration = TrackingEngineConfiguration(),
                            configuration: FrameProcessorConfiguration = FrameProcessorConfiguration()) throws(DecodingError) {
        let detector = try TrackingEngine(options: options, configuration: engine)
        self.init(source: source, detector: detector, session: session, configuration: configuration)
    }
}
