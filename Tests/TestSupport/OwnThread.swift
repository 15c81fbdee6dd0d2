import DedicatedThread

/// Runs `body`, and every task it starts, on a thread of its own rather than Swift's shared pool.
///
/// In the full suite the shared pool (one thread per core) is often busy for minutes with tests
/// that wait synchronously (for a process, for a frame loop); a test whose body only awaits
/// (processes, a server, a database) would then wait behind them for each resumption, and miss
/// its time limit without anything being wrong. Its own thread keeps such a test on its own pace.
public func onOwnThread<Result: Sendable>(
    _ name: String = "test", _ body: () async throws -> Result
) async throws -> Result {
    let executor = DedicatedThreadExecutor(name: name)
    defer { executor.stop() }
    return try await withTaskExecutorPreference(executor) { try await body() }
}
