import Foundation

/// Keeps every thread of Swift's shared pool busy, as a job's frame processing (or a suite of tests
/// waiting synchronously) can, to show that some work goes on regardless.
public enum PoolSpinners {
    /// Starts one detached task per core, each spinning until `done` is set or `limit` passes;
    /// each task's value says whether `done` was set before its limit.
    public static func start(until done: Flag, atMost limit: Duration) -> [Task<Bool, Never>] {
        (0..<ProcessInfo.processInfo.activeProcessorCount).map { _ in
            Task.detached { () -> Bool in
                let deadline = ContinuousClock.now + limit
                while !done.isSet {
                    if ContinuousClock.now > deadline { return false }
                }
                return true
            }
        }
    }

    /// Whether every one of `spinners` saw its flag set before its limit.
    public static func allSawDone(_ spinners: [Task<Bool, Never>]) async -> Bool {
        var all = true
        for spinner in spinners { all = await spinner.value && all }
        return all
    }
}
