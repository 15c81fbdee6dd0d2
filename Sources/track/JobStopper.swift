import BarcodeTracking
import CEarlySignals
import Dispatch
import Foundation
import Synchronization

/// Stops the pipeline from any thread (signals, timeout, a failed output) and remembers the first reason.
///
/// It exists before the pipeline does: `track` handles SIGINT, SIGTERM and SIGHUP from its first
/// moment, and a signal that arrives while the input is still being opened stops the pipeline as
/// soon as it is attached, so the summary is still written.
final class JobStopper: Sendable {
    enum Cause: Sendable { case signal(Int32), timeout, outputFailed }

    private struct State {
        var cause: Cause?
        var processor: FrameProcessor?
    }

    private let state = Mutex(State())

    init() {}

    /// The pipeline to stop; stopped at once when a stop was asked for before it existed.
    func attach(_ processor: FrameProcessor) {
        let stopNow = state.withLock { state -> Bool in
            state.processor = processor
            return state.cause != nil
        }
        if stopNow { processor.stop() }
    }

    func stop(_ cause: Cause) {
        let processor = state.withLock { state -> FrameProcessor? in
            if state.cause == nil { state.cause = cause }
            return state.processor
        }
        processor?.stop()
    }

    var cause: Cause? { state.withLock { $0.cause } }

    /// The signals that stop a run: interrupt, terminate, and hang-up (a closed terminal or SSH session).
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Turns ``signals`` into stops (exit status 128 + the signal's number) for as long as the returned
    /// sources live. `track` is the application, so it may own the process's signal dispositions.
    /// A signal that arrived before this call (from the process's start, caught by
    /// `CEarlySignals`) stops the run at once.
    func handleSignals() -> [any DispatchSourceSignal] {
        let sources = Self.signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in stop(.signal(number)) }
            source.resume()
            return source
        }
        let early = CEarlySignals_first()
        if early != 0 { stop(.signal(early)) }
        return sources
    }
}
