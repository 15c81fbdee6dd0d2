public import BarcodeDecoding
public import BarcodeTracking

extension FrameProcessor {
    /// Runs `source` through the library's default detector, a ``TrackingEngine``
    /// (follows tracked codes, searches for new ones within a bounded number of
    /// frames), and `session`. This is the entry point to reach for first; pass a
    /// `BarcodeReader` to the designated initializer instead to decode every full
    /// frame (the baseline `track bench` compares against).
    ///
    /// A live source (a camera, a file played in real time) with a known
    /// ``FrameSource/nominalFrameRate`` gets the live settings
    /// (``TrackingEngineConfiguration/adaptToLiveSource(frameRate:)``: a time budget per frame,
    /// no wait for late reads) unless `engine` sets ``TrackingEngineConfiguration/frameTimeBudget``
    /// or ``TrackingEngineConfiguration/lateReadTime`` itself, as `track` does for cameras.
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
        var engine = engine
        if source.isLive, engine.frameTimeBudget == nil, engine.lateReadTime == nil, let frameRate = source.nominalFrameRate {
            engine.adaptToLiveSource(frameRate: frameRate)
        }
        let detector = try TrackingEngine(options: options, configuration: engine)
        self.init(source: source, detector: detector, session: session, configuration: configuration)
    }
}
