import BarcodeTracking

extension ReadIsolation {
    /// A read sent to a reader process whose answer has not been taken yet
    /// (``ReadIsolation/start(_:region:options:)``). Call ``finish()`` once, on any one
    /// thread. Dropped without it, its reader process is killed (it may still be reading)
    /// and the next read gets another.
    struct PendingRead: Sendable {
        private enum State: Sendable {
            /// Reader processes cannot be started: the read runs in this process at ``finish()``.
            case inProcess
            /// The region lies outside the image: nothing to read.
            case empty
            /// The request went to `process` (or how the exchange ended at once: `sent`).
            case sent(process: ReadWorkerProcess, sent: ReadWorkerProcess.Exchange?)
            /// No reader process could be started (the error's message).
            case notStarted(String)
        }

        private let isolation: ReadIsolation
        private let image: LumaImage, region: Rect?, options: DecoderOptions
        private let crop: ZXing.Crop
        private let request: [UInt8]
        private let limit: Duration, deadline: ContinuousClock.Instant
        private let state: State

        init(_ isolation: ReadIsolation, image: LumaImage, region: Rect?, options: DecoderOptions) {
            (self.isolation, self.image, self.region, self.options) = (isolation, image, region, options)
            let visible = region.map { ZXing.crop($0, in: image) } ?? ZXing.Crop(x: 0, y: 0, width: image.width, height: image.height)
            crop = visible ?? ZXing.Crop(x: 0, y: 0, width: 0, height: 0)
            limit = isolation.timeout.limit(pixels: crop.width * crop.height, options: options)
            deadline = .now + limit
            guard !isolation.startFailure.withLock({ $0 != nil }) else {
                (request, state) = ([], .inProcess)
                return
            }
            guard visible != nil else {
                (request, state) = ([], .empty)
                return
            }
            // A message buffer of an earlier read, so that a copy of the pixels into it touches no fresh pages.
            let buffer = isolation.messageBuffers.withLock { $0.popLast() } ?? []
            do {
                let process = try isolation.takeProcess()
                request = process.message(for: ReadRequest(image: image, crop: crop, options: options), reusing: buffer)
                state = .sent(process: process, sent: process.send(request, until: deadline))
            } catch {
                (request, state) = (buffer, .notStarted(error.message))
            }
        }

        /// The read sent again, to a new process (its pixels in that process's shared memory).
        private func resend(to process: ReadWorkerProcess) -> ReadWorkerProcess.Exchange {
            process.exchange(process.message(for: ReadRequest(image: image, crop: crop, options: options), reusing: []), until: .now + limit)
        }

        /// Whether ``finish()`` would return without waiting for a reader process to read: its
        /// answer has come (or the process ended), the read's timeout has passed, or the read
        /// never went to a reader process. Waits for the answer until `instant` at most (one
        /// already past: a look without waiting).
        func isAnswered(waitingUntil instant: ContinuousClock.Instant) -> Bool {
            guard case .sent(let process, .none) = state else { return true }
            return ContinuousClock.now >= deadline || process.hasAnswer(waitingUntil: min(instant, deadline))
        }

        /// Waits for the answer (until the read's timeout) and returns what the reader
        /// process found, in frame pixels, with zxing-cpp's warnings and the isolation's notices.
        func finish() throws(DecodingError) -> (symbols: [RawSymbol], warnings: [String]) {
            defer { recycle() }
            switch state {
            case .empty:
                return ([], [])
            case .inProcess:
                let (symbols, warning) = try ZXing.read(image, region: region, options: options)
                return (symbols, warning.map { [$0] } ?? [])
            case .notStarted(let message):
                return try readHere(after: message)
            case .sent(let first, let sent):
                var process = first
                var exchange = sent ?? process.answer(until: deadline)
                var notices: [String] = []
                do {
                    // A process that ended while idle (killed from outside) never saw the request: a new one gets it.
                    if case .notDelivered = exchange {
                        process = try isolation.startProcess()
                        exchange = resend(to: process)
                    }
                    // The reader program beside this one cannot serve (another build's, or broken): this program reads from now on.
                    if isolation.readerFile != nil, process.exitedBeforeServing,
                       isolation.readerProgramRefused.withLock({ refused in defer { refused = true }; return !refused }) {
                        notices.append("\(isolation.command[0]) did not serve reads (\(exchange.how ?? "it ended"); another build of this program?); "
                                       + "reader processes run this program instead (install both from one build)")
                        process = try isolation.startProcess()
                        exchange = resend(to: process)
                    }
                } catch {
                    return try readHere(after: error.message)
                }
                return try outcome(of: exchange, with: process, notices: notices)
            }
        }

        /// What the reader process's answer (or its end) means for this read.
        private func outcome(of exchange: ReadWorkerProcess.Exchange, with process: ReadWorkerProcess,
                             notices: [String]) throws(DecodingError) -> (symbols: [RawSymbol], warnings: [String]) {
            // Said only when a read is lost, so not built on every read.
            func what() -> String {
                "a \(crop.width)x\(crop.height) region at (\(crop.x), \(crop.y)) for \(ReadIsolation.names(options.symbologies))"
            }
            switch exchange {
            case .answered(let bytes):
                guard let response = try? ReadResponse(decoding: bytes) else {
                    return ([], ["zxing-cpp's reader process sent a malformed answer reading \(what()); that read is lost and the process was replaced"])
                }
                let (symbols, warning): ([RawSymbol], String?)
                switch response.outcome {
                case .success(let result): (symbols, warning) = result
                case .failure(let error):
                    isolation.idle.withLock { $0.append(process) }
                    throw error
                }
                // A read cut short by a failed zxing-cpp assertion leaks what that read held: retire the process.
                if warning == nil { isolation.idle.withLock { $0.append(process) } }
                let offset = Point(x: Double(crop.x), y: Double(crop.y))
                return (symbols.map { $0.translated(by: offset) }, notices + (warning.map { [$0] } ?? []))
            case .timedOut:
                return ([], notices + ["zxing-cpp did not finish reading \(what()) within \(limit.formatted); that read was abandoned and its reader process killed"])
            case .ended(let how), .notDelivered(let how):
                return ([], notices + ["zxing-cpp's reader process \(how) reading \(what()); that read is lost and a new process takes the next one"])
            }
        }

        /// Reader processes cannot be started (`message` says why): this read and every later one run in this process.
        private func readHere(after message: String) throws(DecodingError) -> (symbols: [RawSymbol], warnings: [String]) {
            isolation.startFailure.withLock { $0 = message }
            let (symbols, warning) = try ZXing.read(image, region: region, options: options)
            return (symbols, ["\(message); reading in this process from now on, so a crash in zxing-cpp would end the program"]
                        + (warning.map { [$0] } ?? []))
        }

        /// Keeps the request's buffer for a later read (a video frame's size, not a still image's).
        private func recycle() {
            guard !request.isEmpty, request.capacity <= ReadIsolation.keptMessageBytes else { return }
            isolation.messageBuffers.withLock { if $0.count < ReadIsolation.keptMessageBuffers { $0.append(request) } }
        }
    }
}
