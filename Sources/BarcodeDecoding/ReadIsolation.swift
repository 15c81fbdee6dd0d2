public import BarcodeTracking
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Runs zxing-cpp's reads in helper processes, so that a read that crashes or never
/// returns costs that one read instead of the program.
///
/// zxing-cpp 1.4 (Debian 12's) has such reads: its PDF417 error correction indexes its
/// tables out of range on some misread labels (upstream issue 517, fixed in 2.x) and then
/// either crashes the process or loops for ever; a camera that watches a PDF417 label for
/// an hour met both. With isolation, ``BarcodeReader`` sends each read (the region's pixels,
/// tightly packed, and the options) to an idle reader process over a socket; when the answer
/// does not come within ``Timeout``, or the process dies, the read's report has no codes and
/// a warning that says so (``DetectionReport/warnings``), the process is killed and a new one
/// starts for the next read. Results are the same as reading in this process.
///
/// The reader process runs ``readerProgramName`` (`zxing-reader`, a product of this package)
/// when it is installed beside the program's executable, else the program itself, which then
/// calls ``runWorkerIfRequested(arguments:)`` first thing in `main` (the `track` command does).
/// Processes start when a read needs one and none is idle, so there are as many as reads run
/// at once; they end when this value is released, or by themselves when the program is gone.
///
/// Which reads are isolated is a choice (``symbologies``). An isolated read adds the socket's
/// copies and two context switches, and each reader process's start (3 ms of CPU for
/// `zxing-reader`, some 50 ms for a program that links FFmpeg); it also saves something:
/// a reader process keeps its heap, where a program that keeps large blocks in mappings of
/// their own (as `track` does, for flat memory) faults in fresh pages for every whole-frame
/// read. Measured on the real boofcv clips (960×540, 1024×576; 2-core VM, whole clips): isolating
/// PDF417 reads −6% and +4% CPU, all reads −6% and +14%. Share one value among readers (set it in
/// ``DecoderOptions/isolation``); it is `Sendable`.
public final class ReadIsolation: Sendable {
    /// How long a read may take before it is given up: `base` plus `perMegapixel` for each
    /// million pixels read, times 4 when the options try rotations or inversion (seconds).
    public struct Timeout: Sendable, Hashable {
        /// Seconds for any read. Default 3.
        public var base: Double
        /// Seconds more per megapixel of the region read. Default 3.
        public var perMegapixel: Double

        /// A timeout of `base` seconds plus `perMegapixel` seconds per megapixel.
        public init(base: Double = 3, perMegapixel: Double = 3) {
            self.base = base
            self.perMegapixel = perMegapixel
        }

        /// The limit for reading `pixels` pixels with `options`.
        func limit(pixels: Int, options: DecoderOptions) -> Duration {
            let passes = options.tryRotate || options.tryInvert ? 4.0 : 1.0
            return .seconds((base + perMegapixel * Double(pixels) / 1e6) * passes)
        }
    }

    /// The argument that makes ``runWorkerIfRequested(arguments:)`` serve (followed by the parent's process id).
    public static let workerArgument = "--zxing-read-worker"

    /// The executable and arguments that start a reader process (the parent's id and
    /// ``wireVersion`` are appended).
    public let command: [String]
    private let executable: String
    /// The descriptor of ``readerProgramName``'s file when the processes run it.
    private let readerFile: Int32?

    /// The program that serves reads and nothing else, looked for beside this program's
    /// executable (`swift build` builds it with `track`): it starts in about 3 ms of CPU,
    /// against some 50 ms for a program that links FFmpeg's 150 libraries, like `track`.
    public static let readerProgramName = "zxing-reader"

    /// The version of the messages between a program and its reader processes, passed to
    /// each process: a reader program of another build refuses to serve (exit status
    /// ``wireMismatchStatus``) and reads fall back to this program. Raise it whenever the
    /// messages change.
    public static let wireVersion = "1"

    /// The exit status of a reader process started with another ``wireVersion``.
    public static let wireMismatchStatus: Int32 = 65
    /// How long a read may take.
    public let timeout: Timeout
    /// The reads that run in reader processes: those whose options include one of these
    /// symbologies (or every symbology); empty for all reads. The others run in this process.
    public let symbologies: Set<Symbology>

    private let idle = Mutex<[ReadWorkerProcess]>([])
    /// Request buffers kept for the next reads (at most ``keptMessageBuffers``, one per read
    /// at a time): each holds the largest request it carried (a 720p frame's 0.9 MB on video),
    /// up to ``keptMessageBytes``. A fresh buffer per read cost a page fault per 4 KiB of pixels copied (the
    /// program keeps large blocks in mappings of their own, see `AllocatorSettings` in track).
    private let messageBuffers = Mutex<[[UInt8]]>([])
    private static let keptMessageBuffers = 4
    /// The largest request buffer kept (bytes): a 4K frame's; a still image's larger request is let go.
    static let keptMessageBytes = 16 << 20
    /// CPU nanoseconds used by reader processes that have ended.
    private let endedCPU = Mutex<UInt64>(0)
    /// Whether a process of ``readerProgramName`` exited without serving (another build): this program is started instead.
    private let readerProgramRefused = Mutex(false)
    /// Why reader processes cannot be started, once that has been seen: reads then run in this process.
    private let startFailure = Mutex<String?>(nil)

    /// Isolation of the reads that include one of `symbologies` (empty: all reads), in reader
    /// processes that run `command` (executable path first; default: ``readerProgramName``
    /// beside this program's executable if it is there, else this program, which must then
    /// call ``runWorkerIfRequested(arguments:)`` at the start of `main`).
    public init(symbologies: Set<Symbology> = [], command: [String]? = nil, timeout: Timeout = Timeout()) throws(DecodingError) {
        guard timeout.base > 0, timeout.perMegapixel >= 0, timeout.base.isFinite, timeout.perMegapixel.isFinite else {
            throw DecodingError(.invalidArgument, "read timeouts must be positive and finite, not \(timeout.base) s + \(timeout.perMegapixel) s/MP")
        }
        guard command?.isEmpty != true else { throw DecodingError(.invalidArgument, "the reader process command is empty") }
        if let command {
            (executable, self.command, readerFile) = (command[0], command, nil)
        } else if let (path, file) = Self.openReaderProgram() {
            // Started through the descriptor: the file opened now, even if replaced on disk since (an upgrade).
            (executable, self.command, readerFile) = ("/proc/self/fd/\(file)", [path], file)
        } else {
            // This program's file even when it was replaced on disk since it started.
            (executable, self.command, readerFile) = ("/proc/self/exe", [CommandLine.arguments.first ?? "reader"], nil)
        }
        self.timeout = timeout
        self.symbologies = symbologies
    }

    deinit {
        if let readerFile { close(readerFile) }
    }

    /// Whether reads with `options` run in a reader process.
    public func isolates(_ options: DecoderOptions) -> Bool {
        symbologies.isEmpty || options.symbologies.isEmpty || !options.symbologies.isDisjoint(with: symbologies)
    }

    /// When `arguments` (the program's, by default) ask for a reader process, serves reads
    /// until the program that started it is gone, and never returns (or exits with
    /// ``wireMismatchStatus`` when they carry another build's ``wireVersion``); otherwise
    /// returns at once.
    /// Call it first thing in `main` of a program that uses isolation with the default command.
    public static func runWorkerIfRequested(arguments: [String] = CommandLine.arguments) {
        guard arguments.count >= 2, arguments[1] == workerArgument else { return }
        guard arguments.count == 4, let parent = pid_t(arguments[2]), arguments[3] == wireVersion else {
            let message = "zxing-cpp reader: started by another build (arguments \(arguments.dropFirst().joined(separator: " "))); not serving\n"
            _ = message.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
            exit(wireMismatchStatus)
        }
        ReadWorker.serve(parent: parent)
    }

    /// Reads `image` (only `region` of it when given, frame pixels) in a reader process.
    func read(_ image: LumaImage, region: Rect?, options: DecoderOptions) throws(DecodingError) -> (symbols: [RawSymbol], warnings: [String]) {
        if startFailure.withLock({ $0 != nil }) {
            let (symbols, warning) = try ZXing.read(image, region: region, options: options)
            return (symbols, warning.map { [$0] } ?? [])
        }
        let crop: ZXing.Crop
        if let region {
            guard let visible = ZXing.crop(region, in: image) else { return ([], []) }
            crop = visible
        } else {
            crop = ZXing.Crop(x: 0, y: 0, width: image.width, height: image.height)
        }
        // A message buffer of an earlier read, so that the pixels' copy touches no fresh pages.
        let request = ReadRequest(image: image, crop: crop, options: options)
            .encoded(reusing: messageBuffers.withLock { $0.popLast() } ?? [])
        defer {
            if request.capacity <= Self.keptMessageBytes {
                messageBuffers.withLock { if $0.count < Self.keptMessageBuffers { $0.append(request) } }
            }
        }
        let limit = timeout.limit(pixels: crop.width * crop.height, options: options)
        // Said only when a read is lost, so not built on every read.
        func what() -> String {
            "a \(crop.width)x\(crop.height) region at (\(crop.x), \(crop.y)) for \(Self.names(options.symbologies))"
        }
        var process: ReadWorkerProcess
        var exchange: ReadWorkerProcess.Exchange
        var notices: [String] = []
        do {
            process = try takeProcess()
            exchange = process.exchange(request, until: .now + limit)
            // A process that ended while idle (killed from outside) never saw the request: a new one gets it.
            if case .notDelivered = exchange {
                process = try startProcess()
                exchange = process.exchange(request, until: .now + limit)
            }
            // The reader program beside this one cannot serve (another build's, or broken): this program reads from now on.
            if readerFile != nil, process.exitedBeforeServing, readerProgramRefused.withLock({ refused in defer { refused = true }; return !refused }) {
                notices.append("\(command[0]) did not serve reads (\(exchange.how ?? "it ended"); another build of this program?); "
                               + "reader processes run this program instead (install both from one build)")
                process = try startProcess()
                exchange = process.exchange(request, until: .now + limit)
            }
        } catch {
            startFailure.withLock { $0 = error.message }
            let (symbols, warning) = try ZXing.read(image, region: region, options: options)
            return (symbols, ["\(error.message); reading in this process from now on, so a crash in zxing-cpp would end the program"]
                        + (warning.map { [$0] } ?? []))
        }
        switch exchange {
        case .answered(let bytes):
            guard let response = try? ReadResponse(decoding: bytes) else {
                return ([], ["zxing-cpp's reader process sent a malformed answer reading \(what()); that read is lost and the process was replaced"])
            }
            let (symbols, warning): ([RawSymbol], String?)
            switch response.outcome {
            case .success(let result): (symbols, warning) = result
            case .failure(let error):
                idle.withLock { $0.append(process) }
                throw error
            }
            // A read cut short by a failed zxing-cpp assertion leaks what that read held: retire the process.
            if warning == nil { idle.withLock { $0.append(process) } }
            let offset = Point(x: Double(crop.x), y: Double(crop.y))
            return (symbols.map { $0.translated(by: offset) }, notices + (warning.map { [$0] } ?? []))
        case .timedOut:
            return ([], notices + ["zxing-cpp did not finish reading \(what()) within \(limit.formatted); that read was abandoned and its reader process killed"])
        case .ended(let how), .notDelivered(let how):
            return ([], notices + ["zxing-cpp's reader process \(how) reading \(what()); that read is lost and a new process takes the next one"])
        }
    }

    /// CPU time (all threads) used so far by this isolation's reader processes: those that
    /// ended and those waiting for a read, not one reading right now. A program that measures
    /// its own CPU time (`CLOCK_PROCESS_CPUTIME_ID`) adds this between reads to count all the work.
    public var readerProcessorTime: Duration {
        let live = idle.withLock { $0.reduce(UInt64(0)) { $0 + ($1.cpuNanoseconds ?? 0) } }
        let total = live + endedCPU.withLock { $0 }
        return .nanoseconds(Int64(clamping: total))
    }

    /// The ids of the reader processes waiting for a read (for tests).
    var idleProcessIDs: [pid_t] { idle.withLock { $0.compactMap(\.id) } }

    private func takeProcess() throws(DecodingError) -> ReadWorkerProcess {
        if let process = idle.withLock({ $0.popLast() }) { return process }
        return try startProcess()
    }

    private func startProcess() throws(DecodingError) -> ReadWorkerProcess {
        let (file, name) = readerProgramRefused.withLock { $0 } ? ("/proc/self/exe", [CommandLine.arguments.first ?? "reader"]) : (executable, command)
        return try ReadWorkerProcess.start(file, arguments: name + [Self.workerArgument, String(getpid()), Self.wireVersion]) { [weak self] cpu in
            self?.endedCPU.withLock { $0 += cpu }
        }
    }

    /// ``readerProgramName`` in the directory of this program's executable, opened for
    /// starting it (path and descriptor), if it is an executable file there.
    private static func openReaderProgram() -> (String, Int32)? {
        guard let resolved = realpath("/proc/self/exe", nil) else { return nil }
        defer { free(resolved) }
        let program = String(cString: resolved)
        guard let slash = program.lastIndex(of: "/") else { return nil }
        let path = program[..<slash] + "/" + readerProgramName
        guard access(path, X_OK) == 0 else { return nil }
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(file)
            return nil
        }
        return (path, file)
    }

    private static func names(_ symbologies: Set<Symbology>) -> String {
        symbologies.isEmpty ? "every symbology" : symbologies.map(\.rawValue).sorted().joined(separator: ", ")
    }
}

extension ReadIsolation: Hashable {
    /// Isolations are the same when they are the same object (they share their processes).
    public static func == (lhs: ReadIsolation, rhs: ReadIsolation) -> Bool { lhs === rhs }

    /// Hashes the object's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Duration {
    /// "2.5 s".
    fileprivate var formatted: String {
        let (seconds, attoseconds) = components
        let value = Double(seconds) + Double(attoseconds) / 1e18
        return "\((value * 10).rounded() / 10) s"
    }
}
