package import BarcodeTracking

extension BarcodeReader {
    /// A read running in a reader process (``start(_:region:)``); ``finish()`` waits for it.
    package struct PendingReport: Sendable {
        let read: ReadIsolation.PendingRead

        /// Whether ``finish()`` would return without waiting for the reader process to read,
        /// waiting for its answer until `instant` at most (one already past: a look).
        package func isAnswered(waitingUntil instant: ContinuousClock.Instant) -> Bool {
            read.isAnswered(waitingUntil: instant)
        }

        /// Waits for the reader process's answer: the report ``BarcodeReader/read(_:region:)``
        /// would have given. Call once.
        package func finish() throws(DecodingError) -> DetectionReport {
            let (symbols, warnings) = try read.finish()
            return DetectionReport(detections: SymbologyRules.detections(from: symbols), warnings: warnings)
        }
    }

    /// Whether this reader's reads run in reader processes (``DecoderOptions/isolation``
    /// isolates its symbologies).
    package var readsInReaderProcesses: Bool {
        options.isolation.map { $0.isolates(options) } ?? false
    }

    /// When this reader's reads run in reader processes (``DecoderOptions/isolation``), sends
    /// the read of `image` (only `region` of it when given, frame pixels) to one and returns
    /// at once, so that the caller can work while it reads; `nil` for a reader that reads
    /// in this process (call ``read(_:region:)`` instead).
    package func start(_ image: LumaImage, region: Rect? = nil) -> PendingReport? {
        guard readsInReaderProcesses, let isolation = options.isolation else { return nil }
        return PendingReport(read: isolation.start(image, region: region, options: options))
    }
}
