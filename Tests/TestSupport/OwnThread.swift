import Foundation

/// Runs `body`, and every task it starts, on a thread of its own rather than Swift's shared pool.
///
/// In the full suite the shared pool (one thread per core) is often busy for minutes with tests
/// that wait synchronously (for a process, for a frame loop); a test whose body only awaits
/// (processes, a server, a database) would then wait behind them for each resumption, and miss
/// its time limit without anything being wrong. Its own thread keeps such a test on its own pace.
public func onOwnThread<Result: Sendable>(
    _ name: String = "test", _ body: () async throws -> Result
) async throws -> Result {
    let executor = OwnThreadExecutor(name: name)
    defer { executor.finish() }
    return try await withTaskExecutorPreference(executor) { try await body() }
}

/// A task executor that runs its jobs, one at a time, on a thread it starts.
final class OwnThreadExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked: `queue` and `finished` are only touched with `condition` locked.
    private let condition = NSCondition()
    private var queue: [UnownedJob] = []
    private var finished = false

    init(name: String) {
        let thread = Thread { [self] in serve() }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        defer { condition.unlock() }
        if finished {
            // A job that comes after the end (a timer of a task that outlived the body) still runs.
            let executor = asUnownedTaskExecutor()
            DispatchQueue.global().async { job.runSynchronously(on: executor) }
        } else {
            queue.append(job)
            condition.signal()
        }
    }

    /// Ends the thread once the queued jobs have run.
    func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    private func serve() {
        while true {
            condition.lock()
            while queue.isEmpty && !finished { condition.wait() }
            if queue.isEmpty {
                condition.unlock()
                return
            }
            let job = queue.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
