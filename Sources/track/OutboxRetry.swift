import ArgumentParser
import Foundation
import PalletDelivery
import PalletOutbox
import Synchronization

extension OutboxCommand {
    /// `track outbox retry DIR --sink URL`: delivers the records waiting in an outbox now, with the
    /// station's own delivery (``OutboxDelivery``: order, backoff, acknowledgement, compaction).
    struct Retry: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Deliver the records waiting in an outbox to --sink now, and mark them delivered.",
            discussion: """
                For an outbox whose station has stopped (or whose sink was down until its end). The sink's \
                credentials come from the environment, as for track station --sink: TRACK_SINK_TOKEN for a \
                webhook, PGPASSWORD for PostgreSQL. An outbox that a running station holds is left to that \
                station, which delivers its records itself.

                Exit status: 0 every waiting record delivered (or none waited); 3 records still wait: the sink \
                could not be reached or set up, or did not take them all within --timeout; 6 none waits, but \
                the receiver refused some for good (set aside in FOLDER/rejected.jsonl); 75 a running station \
                holds the outbox; 2 the folder is not an outbox; 5 the outbox cannot be written (a full disk); \
                64 bad arguments.
                """)

        @Argument(help: ArgumentHelp("The outbox folder (a station's --outbox).", valueName: "folder"))
        var folder: String

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Where to deliver: a webhook (http:// or https://) or PostgreSQL, as for track station --sink.",
                valueName: "url"))
        var sink: String

        @Option(name: .long, help: ArgumentHelp("Seconds to go on trying before giving up on what is left.", valueName: "seconds"))
        var timeout: Double = 30

        func validate() throws {
            do { _ = try SinkAddress(parsing: sink) } catch { throw ValidationError(error.message) }
            guard timeout.isFinite, timeout > 0, timeout <= 86_400 else {
                throw ValidationError("--timeout must be a number of seconds above 0 and at most 86400, not \(timeout)")
            }
        }

        func run() async throws {
            let outbox = try open()
            defer { outbox.close() }
            let waiting = outbox.status.pendingCount
            guard waiting > 0 else {
                print("\(folder): no record waits; nothing to deliver")
                return
            }
            // Each request may take what a station's would (--sink-timeout's default), no more than the whole.
            let sink: any PalletSink
            do { sink = try PalletSinks.make(url: self.sink, timeout: min(10, timeout)) } catch {
                StandardError.print("track: \(error.message)")
                throw ExitCode(ExitStatus.usage)
            }
            do {
                try await sink.prepare()
            } catch {
                await sink.shutdown()
                StandardError.print("track: --sink: \(error.message); \(waiting) record(s) still wait in \(folder)")
                throw ExitCode(ExitStatus.timedOut)
            }
            let lastError = Mutex<String?>(nil)
            let warnings = DeliveryWarnings.handler(destination: sink.destination, outbox: outbox)
            let delivery = OutboxDelivery(outbox: outbox, sink: sink) { event in
                if case .failed(_, _, let error, _) = event { lastError.withLock { $0 = error.message } }
                warnings(event)
            }
            delivery.start()
            await delivery.finish(within: .nanoseconds(Int64(timeout * 1e9)))
            let statistics = delivery.statistics
            let left = outbox.status.pendingCount
            print(
                "\(folder): delivered \(statistics.delivered) record(s) to \(sink.destination), refused \(statistics.rejected), "
                    + "still waiting \(left); \(statistics.failedAttempts) failed tries")
            if left > 0 {
                let reason = lastError.withLock { $0 }.map { " (last: \($0))" } ?? ""
                StandardError.print(
                    "track: \(sink.destination) did not take every record within \(Self.seconds(timeout))\(reason); "
                        + "\(left) record(s) still wait in \(folder): check that it is up and reachable from here, "
                        + "then run track outbox retry again (a station started with this --outbox delivers them too)")
                throw ExitCode(ExitStatus.timedOut)
            }
            if statistics.rejected > 0 {
                StandardError.print(
                    "track: \(sink.destination) refused \(statistics.rejected) record(s) for good; they are set aside in "
                        + "\(folder)/rejected.jsonl")
                throw ExitCode(ExitStatus.refused)
            }
        }

        /// The outbox, opened for writing, or the exit: 2 no outbox there, 75 a station holds it, 5 it cannot be written.
        private func open() throws -> Outbox {
            // Opening creates an outbox's files: a mistyped folder is refused rather than made one.
            guard FileManager.default.fileExists(atPath: folder + "/lock") else {
                StandardError.print("track: no outbox at \(folder); name the folder a station's --outbox wrote")
                throw ExitCode(ExitStatus.inputError)
            }
            do {
                return try Outbox(directory: folder)
            } catch let error where error.code == .locked {
                StandardError.print(
                    "track: the outbox \(folder) is in use by a running station, which delivers its records itself; "
                        + "leave it to that station, or stop the station and run track outbox retry again")
                throw ExitCode(ExitStatus.busy)
            } catch {
                StandardError.print("track: \(error.message)")
                throw ExitCode(ExitStatus.outputError)
            }
        }

        private static func seconds(_ value: Double) -> String {
            value.rounded() == value ? "\(Int(value)) s" : "\(value) s"
        }
    }
}
