import ArgumentParser
import LiveView

extension TrackingJob {
    /// Sets up and runs a job as `track run` and `track station` do, and ends the command with
    /// the job's exit status.
    ///
    /// Signals are handled before the job is set up (opening the input can take a while), so an
    /// early SIGINT still ends the run with its summary instead of killing the process. A bad
    /// live-view setting in `serve` is printed and exits with the usage status; `setUp` then builds
    /// the job from the stopper and the live view's settings, and a ``JobSetupError`` it throws is
    /// printed and becomes the exit status.
    static func runCommand(
        serve: ServeOptions, setUp: (JobStopper, LiveViewConfiguration?) async throws -> TrackingJob
    ) async throws {
        let stopper = JobStopper()
        let signals = stopper.handleSignals()
        defer { signals.forEach { $0.cancel() } }
        let liveView: LiveViewConfiguration?
        do { liveView = try serve.configuration() } catch {
            StandardError.print("track: \(error)")
            throw ExitCode(ExitStatus.usage)
        }
        let job: TrackingJob
        do { job = try await setUp(stopper, liveView) } catch let error as JobSetupError {
            StandardError.print("track: \(error.message)")
            throw ExitCode(error.status)
        }
        let status = await job.run()
        if status != ExitStatus.success { throw ExitCode(status) }
    }
}
