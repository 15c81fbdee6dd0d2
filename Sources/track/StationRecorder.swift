import BarcodeAnnotation
import BarcodeTracking
import Dispatch
import Foundation
import JSONLines
import LiveView
import PalletStation
import Synchronization

/// `track station`'s wiring of the library's ``PalletStation``: feeds it each frame result, takes
/// triggers from any thread, and for each closed pallet writes the snapshot, saves the numbering,
/// then writes the record, in that order, so that a record never names a pallet number a restart
/// could give again.
final class StationRecorder {
    private var station: PalletStation
    private let stateFile: StationStateFile
    private let snapshots: URL?
    private let sink: OutputSink
    private let format: OutputFormat
    /// Triggers asked for since the last frame, taken on the results loop.
    let triggers = StationTriggers()
    private var signalSource: (any DispatchSourceSignal)?
    /// Pallets recorded in this run.
    private(set) var palletsRecorded = 0
    /// `--sink`: the outbox and its delivery, or `nil`.
    let delivery: StationDelivery?
    /// `--serve`: where the pallet lines and the pallet in progress go, or `nil`.
    var live: LiveFeed?
    /// The latest `palletProgress` body sent, and when (uptime nanoseconds).
    private var shownProgress: (body: String, at: UInt64)?
    /// The least time between two `palletProgress` events: the panel follows a pallet closely enough
    /// for people, and a viewer gets a handful of small events a second at most.
    static let progressInterval: UInt64 = 250_000_000

    /// `--metrics` or `--serve`: the counters pallets and deliveries are reported to, or `nil`.
    private let metrics: JobMetrics?

    init(options: StationOptions, expected: Int?, session: ScanSession, sink: OutputSink, format: OutputFormat,
         metrics: JobMetrics? = nil) throws {
        var configuration = PalletStationConfiguration(station: options.stationName)
        configuration.gap = options.gap
        configuration.segmentation = PalletStationConfiguration.Segmentation(rawValue: options.split) ?? .presence
        configuration.expectedCount = expected
        do {
            configuration.manifest = try options.manifest.map { try Manifest(contentsOf: $0) }
        } catch let error as StationError {
            throw JobSetupError(message: "--manifest: \(error.message)", status: ExitStatus.usage)
        }
        stateFile = StationStateFile(path: options.statePath)
        do {
            let next = try stateFile.nextNumber(for: configuration.station)
            station = try PalletStation(configuration: configuration, nextNumber: next, session: session)
        } catch let error as StationError {
            throw JobSetupError(message: error.message, status: ExitStatus.usage)
        }
        if let folder = options.snapshots {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw JobSetupError(message: "cannot create --snapshots \(folder): \((error as NSError).localizedDescription); choose a writable folder",
                                    status: ExitStatus.outputError)
            }
            snapshots = URL(fileURLWithPath: folder)
        } else {
            snapshots = nil
        }
        self.sink = sink
        self.format = format
        self.metrics = metrics
        delivery = try options.sink.map { try StationDelivery(options: options, url: $0, metrics: metrics) }
    }

    /// Whether the frames must carry their pixels (for snapshots).
    var needsImages: Bool { snapshots != nil }

    /// Starts taking triggers: each line on standard input and each SIGUSR1 closes the pallet in progress.
    func startTriggers() {
        signal(SIGUSR1, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: .global())
        source.setEventHandler { [triggers] in triggers.fire() }
        source.resume()
        signalSource = source
        let thread = Thread { [triggers] in
            while readLine(strippingNewline: true) != nil { triggers.fire() }
        }
        thread.name = "track.station.stdin"
        thread.start()
    }

    /// One processed frame, on the results loop.
    func frame(_ result: ScanFrameResult) {
        if triggers.take() > 0, let closed = station.close() { record(closed) }
        for closed in station.process(result) { record(closed) }
        publishProgress()
    }

    /// Sends the pallet in progress to the live view when it changed, at most once per ``progressInterval``
    /// unless `now` (a pallet just closed: the panel empties with the record's arrival).
    private func publishProgress(now: Bool = false) {
        guard let live else { return }
        let time = DispatchTime.now().uptimeNanoseconds
        if !now, let shown = shownProgress, time - shown.at < Self.progressInterval { return }
        let body = PalletJSON.progress(station.progress, station: station.configuration.station)
        guard body != shownProgress?.body else { return }
        shownProgress = (body, time)
        live.publishPalletProgress(json: body)
    }

    /// The input ended or the run was stopped: the pallet in progress is recorded as it is.
    func finish() {
        signalSource?.cancel()
        if let closed = station.finish() { record(closed) }
    }

    /// After ``finish()``: delivers what waits for a few seconds, then stops delivery.
    func finishDelivery() async {
        await delivery?.finish()
    }

    private func record(_ closed: ClosedPallet) {
        var record = closed.record
        if let snapshots {
            writeSnapshot(of: closed, into: snapshots, record: &record)
        }
        do {
            try stateFile.save(nextNumber: record.number + 1, for: record.station)
        } catch let error as StationError {
            record.warnings.append(error.message)
            StandardError.print("track: warning: pallet \(record.number): \(error.message)")
        } catch {}
        var line = PalletJSON.line(record)
        // Queued durably before it is written: a record the station reports is one it delivers.
        if let delivery, let warning = delivery.enqueue(line: line, key: record.id.uuidString.lowercased()) {
            record.warnings.append(warning)
            line = PalletJSON.line(record)
        }
        switch format {
        case .jsonl: sink.write(line)
        default: StationText.lines(for: record).forEach(sink.write)
        }
        sink.flush()
        palletsRecorded += 1
        metrics?.palletRecorded(status: record.countStatus?.rawValue)
        live?.publish(eventLine: line)
        publishProgress(now: true)
    }

    private func writeSnapshot(of closed: ClosedPallet, into folder: URL, record: inout PalletRecord) {
        guard let frame = closed.snapshotFrame, let image = frame.image else {
            if !closed.record.codes.isEmpty { record.warnings.append("no snapshot: no frame of the pallet was kept") }
            return
        }
        let name = "\(record.station)-\(String(format: "%06d", record.number)).png"
        let path = folder.appendingPathComponent(name)
        let temporary = folder.appendingPathComponent(".\(name).tmp")
        let png = PNGEncoder.encode(FrameAnnotator().annotated(image, tracks: frame.tracks))
        do {
            try Data(png).write(to: temporary)
            try FileManager.default.moveItemReplacing(at: temporary, with: path)
            record.snapshot = path.path
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            let message = "snapshot not written to \(folder.path): \((error as NSError).localizedDescription) (check that the folder exists, is writable and has space)"
            record.warnings.append(message)
            StandardError.print("track: warning: pallet \(record.number): \(message)")
        }
    }
}

/// Manual triggers from any thread (standard input, SIGUSR1, the live page), counted until the results loop takes them.
final class StationTriggers: Sendable {
    private let pending = Mutex(0)

    /// Asks for the pallet in progress to be closed at the next frame.
    func fire() { pending.withLock { $0 += 1 } }

    /// The triggers fired since the last call.
    func take() -> Int { pending.withLock { count in defer { count = 0 }; return count } }
}

extension FileManager {
    /// Moves `source` to `destination`, replacing a file already there (rename(2): atomic on one file system).
    func moveItemReplacing(at source: URL, with destination: URL) throws {
        guard rename(source.path, destination.path) == 0 else {
            throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno),
                          userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno)).lowercased()])
        }
    }
}

/// `track station`'s text output: a few lines per pallet, for people.
enum StationText {
    static func lines(for record: PalletRecord) -> [String] {
        var head = "pallet \(record.number) at \(record.station): \(record.count) code\(record.count == 1 ? "" : "s")"
        if let expected = record.expectedCount, let status = record.countStatus { head += " of \(expected) expected, \(status.rawValue)" }
        head += " (\(JSONValue.number(record.start, decimals: 2).text)-\(JSONValue.number(record.end, decimals: 2).text) s, closed by \(record.closeReason.rawValue))"
        var lines = [head]
        for code in record.codes {
            lines.append("  \(code.barcode.symbology.rawValue)  \(BarcodeJSON.printable(code.barcode))")
        }
        if let check = record.manifest {
            var summary = "  manifest\(check.reference.map { " \($0)" } ?? ""): \(quantity(check.correct)) correct, "
                + "\(quantity(check.unexpected)) unexpected, \(quantity(check.missing)) missing"
            if check.isExact { summary += " (exact)" }
            lines.append(summary)
            for (word, items) in [("unexpected", check.unexpected), ("missing", check.missing)] {
                for item in items { lines.append("    \(word): \(item.payload)\(item.quantity > 1 ? " ×\(item.quantity)" : "")") }
            }
        }
        if let snapshot = record.snapshot { lines.append("  snapshot: \(snapshot)") }
        for warning in record.warnings { lines.append("  warning: \(warning)") }
        return lines
    }

    private static func quantity(_ lines: [ManifestCheck.Line]) -> Int { lines.reduce(0) { $0 + $1.quantity } }
}
