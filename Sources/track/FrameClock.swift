import BarcodeTracking
import Dispatch
import Histogram
import Synchronization

/// Per-frame processing latency of a run: from the moment a frame leaves the source (capture queue)
/// to the moment its result reaches the job's loop, in microseconds. For the live page's `stats`
/// event and `--latency-report`.
final class FrameClock: Sendable {
    private struct State {
        /// Read times by frame number modulo the ring size.
        var read = [(number: Int, nanoseconds: UInt64)](repeating: (-1, 0), count: 512)
        var all = Histogram<UInt64>(highestTrackableValue: 600_000_000, numberOfSignificantValueDigits: .three)
        var recent = Histogram<UInt64>(highestTrackableValue: 600_000_000, numberOfSignificantValueDigits: .three)
        /// Time the job's loop spent handing each frame to the live view, nanoseconds.
        var publishing = Histogram<UInt64>(highestTrackableValue: 600_000_000_000, numberOfSignificantValueDigits: .three)
    }

    private let state = Mutex(State())

    /// Called on the capture queue when `frameNumber` was read.
    func noteRead(_ frameNumber: Int) {
        let now = DispatchTime.now().uptimeNanoseconds
        state.withLock { $0.read[frameNumber % $0.read.count] = (frameNumber, now) }
    }

    /// Called when the result of `frameNumber` arrives; records its latency and returns it in
    /// seconds (`nil` when the frame's read time is no longer known).
    @discardableResult
    func noteDelivered(_ frameNumber: Int) -> Double? {
        let now = DispatchTime.now().uptimeNanoseconds
        return state.withLock { state -> Double? in
            let slot = state.read[frameNumber % state.read.count]
            guard slot.number == frameNumber, now >= slot.nanoseconds else { return nil }
            let micros = max(1, (now - slot.nanoseconds) / 1000)
            _ = state.all.record(micros)
            _ = state.recent.record(micros)
            return Double(micros) / 1e6
        }
    }

    /// Records how long handing one frame to the live view took (nanoseconds), on the job's loop.
    func notePublishing(_ nanoseconds: UInt64) {
        state.withLock { _ = $0.publishing.record(max(1, nanoseconds)) }
    }

    /// p50 and p99 of ``notePublishing(_:)`` in microseconds, and the count.
    var publishing: (p50: Double, p99: Double, count: Int) {
        state.withLock { state in
            (Double(state.publishing.valueAtPercentile(50)) / 1000, Double(state.publishing.valueAtPercentile(99)) / 1000,
             Int(state.publishing.totalCount))
        }
    }

    /// p50 and p99 in milliseconds since the last call, and the frame count; resets the window.
    func takeRecent() -> (p50: Double, p99: Double, count: Int) {
        state.withLock { state in
            defer { state.recent.reset() }
            return (Double(state.recent.valueAtPercentile(50)) / 1000, Double(state.recent.valueAtPercentile(99)) / 1000,
                    Int(state.recent.totalCount))
        }
    }

    /// p50, p99 and max in milliseconds over the whole run, and the frame count.
    var overall: (p50: Double, p99: Double, max: Double, count: Int) {
        state.withLock { state in
            (Double(state.all.valueAtPercentile(50)) / 1000, Double(state.all.valueAtPercentile(99)) / 1000,
             Double(state.all.max) / 1000, Int(state.all.totalCount))
        }
    }
}
