import BarcodeDecoding
import BarcodeTracking

extension TrackingEngine {
    /// A search (``search(_:in:hiding:with:reducedBy:)``) whose read runs in a reader process:
    /// sent when made, collected by ``finish()``.
    struct PendingSearch: Sendable {
        private let input: SearchInput?
        private let read: BarcodeReader.PendingReport?

        /// Sends the search's read when `reader` reads in reader processes; `nil` when it
        /// reads in this process (the job then runs as any other).
        init?(_ image: LumaImage, in rect: Rect, hiding hidden: [Quadrilateral], with reader: BarcodeReader, reducedBy factor: Int,
              confirmed: Set<ShortCode> = []) {
            guard reader.readsInReaderProcesses else { return nil }
            input = SearchInput(image, in: rect, hiding: hidden, reducedBy: factor, for: reader, confirmed: confirmed)
            read = input.flatMap { reader.start($0.image, region: $0.region) }
        }

        /// Whether ``finish()`` would return without waiting for the reader process to read,
        /// waiting for its answer until `instant` at most (one already past: a look).
        func isAnswered(waitingUntil instant: ContinuousClock.Instant) -> Bool {
            read?.isAnswered(waitingUntil: instant) ?? true
        }

        /// Waits for the read and returns what the search found, in frame pixels.
        func finish() throws(DecodingError) -> DetectionReport {
            guard let input, let read else { return DetectionReport() }
            return input.located(try read.finish())
        }
    }
}
