import DedicatedThread
import Synchronization

/// The task a server (the live view's or the metrics') runs in, on a thread of its own.
///
/// Swift's shared pool has one thread per core, and a job's frame processing (or, in a test run,
/// other suites waiting synchronously) can hold every one of them for seconds; a server on that
/// pool then answers nobody meanwhile, and a viewer or a Prometheus scrape times out. On its own
/// thread (with the child tasks Hummingbird starts per connection) the server answers however
/// busy the pool is; what requests do is light, and encoding runs on its own queues.
final class ServerTask: Sendable {
    private let running = Mutex<Task<Void, Never>?>(nil)
    private let name: String

    /// A task not yet started, whose thread will be named `name`.
    init(name: String) {
        self.name = name
    }

    /// Starts `operation` (once) on a thread of its own, which ends with it.
    func start(_ operation: @escaping @Sendable () async -> Void) {
        let executor = DedicatedThreadExecutor(name: name)
        let task = Task(executorPreference: executor) {
            await operation()
            executor.stop()
        }
        running.withLock { $0 = task }
    }

    /// Cancels the task and waits for it to end.
    func stop() async {
        let task = running.withLock { $0 }
        task?.cancel()
        await task?.value
    }
}
