import Foundation

/// A task executor with one thread of its own: the outbox's delivery task runs on it, the live
/// view's and the metrics' servers each on one, and so do the tests whose bodies only await.
///
/// Swift's shared pool has one thread per core, and frame processing (or, in the tests, other
/// suites) can keep every one of them busy with long synchronous work; a task on that pool then
/// waits, behind that work, for every resumption: after each answer, each backoff, each timeout.
/// With its own thread, the task goes on however busy the pool is, and it never takes a pool
/// thread from frame processing. The thread ends once ``stop()`` was called and nothing is queued;
/// a job that comes later (a timer that wakes after the end) runs on Dispatch's pool.
package final class DedicatedThreadExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked: `jobs`, `stopped` and `ended` are read and written under `condition` alone.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopped = false
    private var ended = false

    /// Starts the thread, named `name` (as `ps -L` and debuggers show it).
    package init(name: String) {
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        if ended {
            condition.unlock()
            let executor = asUnownedTaskExecutor()
            DispatchQueue.global().async { job.runSynchronously(on: executor) }
            return
        }
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread end once the jobs queued so far have run.
    package func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped { condition.wait() }
            if jobs.isEmpty {
                ended = true
                condition.unlock()
                return
            }
            let batch = jobs
            jobs.removeAll(keepingCapacity: true)
            condition.unlock()
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }
}
