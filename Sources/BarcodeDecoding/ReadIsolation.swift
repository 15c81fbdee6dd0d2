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
/// an hour met both. With isolation, ``BarcodeReader`` sends each read to an idle reader
/// process: the region's pixels, tightly packed, into memory the two share (``SharedPixels``;
/// over the socket when the system has none), and the options over a socket; when the answer
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
/// Which reads are isolated is a choice (``symbologies``). An isolated read adds a copy of
/// the pixels and two context switches, and each reader process's start (3 ms of CPU for
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

    /// The executable and arguments that start a reader process (the parent's id,
    /// ``wireVersion`` and the descriptor of its ``SharedPixels``, or `-`, are appended).
    public let command: [String]
    private let executable: String
    /// The descriptor of ``readerProgramName``'s file when the processes run it.
    let readerFile: Int32?

    /// The program that serves reads and nothing else, looked for beside this program's
    /// executable (`swift build` builds it with `track`): it starts in about 3 ms of CPU,
    /// against some 50 ms for a program that links FFmpeg's 150 libraries, like `track`.
    public static let readerProgramName = "zxing-reader"

    /// The version of the messages between a program and its reader processes, passed to
    /// each process: a reader program of another build refuses to serve (exit status
    /// ``wireMismatchStatus``) and reads fall back to this program. Raise it whenever the
    /// messages change.
    public static let wireVersion = "3"

    /// The exit status of a reader process started with another ``wireVersion``.
    public static let wireMismatchStatus: Int32 = 65
    /// How long a read may take.
    public let timeout: Timeout
    /// The reads that run in reader processes: those whose options include one of these
    /// symbologies (or every symbology); empty for all reads. The others run in this process.
    public let symbologies: Set<Symbology>

    let idle = Mutex<[ReadWorkerProcess]>([])
    /// Request buffers kept for the next reads (at most ``keptMessageBuffers``, one per read
    /// at a time): each holds the largest request it carried (a header when the pixels go
    /// through ``SharedPixels``; without it, a 720p frame's 0.9 MB on video), up to
    /// ``keptMessageBytes``. A fresh buffer per read cost a page fault per 4 KiB of pixels copied
    /// while large blocks lived in mappings of their own (as they do for a program that leaves
    /// glibc's mmap threshold low; `track` raises it, see AllocatorSettings).
    let messageBuffers = Mutex<[[UInt8]]>([])
    static let keptMessageBuffers = 4
    /// The largest request buffer kept (bytes): a 4K frame's; a still image's larger request is let go.
    static let keptMessageBytes = 16 << 20
    /// CPU nanoseconds used by reader processes that have ended.
    private let endedCPU = Mutex<UInt64>(0)
    /// Every reader process started and not yet let go, idle or reading (weakly: a process
    /// whose read was dropped ends when its last owner lets it go).
    private let running = Mutex<[RunningProcess]>([])
    private struct RunningProcess: Sendable {
        weak var process: ReadWorkerProcess?
    }
    /// Whether a process of ``readerProgramName`` exited without serving (another build): this program is started instead.
    let readerProgramRefused = Mutex(false)
    /// Why reader processes cannot be started, once that has been seen: reads then run in this process.
    let startFailure = Mutex<String?>(nil)

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
        let pixels = Int32(arguments.count == 5 ? arguments[4] : "")
        guard arguments.count == 5, let parent = pid_t(arguments[2]), arguments[3] == wireVersion,
              arguments[4] == "-" || pixels.map({ $0 >= 3 }) == true else {
            let message = "zxing-cpp reader: started by another build (arguments \(arguments.dropFirst().joined(separator: " "))); not serving\n"
            _ = message.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
            exit(wireMismatchStatus)
        }
        ReadWorker.serve(parent: parent, sharedPixels: pixels)
    }

    /// Reads `image` (only `region` of it when given, frame pixels) in a reader process.
    func read(_ image: LumaImage, region: Rect?, options: DecoderOptions) throws(DecodingError) -> (symbols: [RawSymbol], warnings: [String]) {
        try start(image, region: region, options: options).finish()
    }

    /// Sends a read of `image` (only `region` of it when given, frame pixels) to a reader
    /// process and returns at once; ``PendingRead/finish()`` waits for its answer. The
    /// caller's thread can do other work in between, while the reader process reads.
    func start(_ image: LumaImage, region: Rect?, options: DecoderOptions) -> PendingRead {
        PendingRead(self, image: image, region: region, options: options)
    }

    /// CPU time (all threads) used so far by this isolation's reader processes: those that
    /// ended and those running, waiting for a read or reading one (a read sent at one frame and
    /// answered at a later one is counted as it goes). A program that measures its own CPU time
    /// (`CLOCK_PROCESS_CPUTIME_ID`) adds this to count all the work.
    public var readerProcessorTime: Duration {
        let live = running.withLock { $0.reduce(UInt64(0)) { $0 + ($1.process?.cpuNanoseconds ?? 0) } }
        let total = live + endedCPU.withLock { $0 }
        return .nanoseconds(Int64(clamping: total))
    }

    /// The ids of the reader processes waiting for a read (for tests).
    var idleProcessIDs: [pid_t] { idle.withLock { $0.compactMap(\.id) } }

    func takeProcess() throws(DecodingError) -> ReadWorkerProcess {
        if let process = idle.withLock({ $0.popLast() }) { return process }
        return try startProcess()
    }

    func startProcess() throws(DecodingError) -> ReadWorkerProcess {
        let (file, name) = readerProgramRefused.withLock { $0 } ? ("/proc/self/exe", [CommandLine.arguments.first ?? "reader"]) : (executable, command)
        let process = try ReadWorkerProcess.start(file, arguments: name + [Self.workerArgument, String(getpid()), Self.wireVersion]) { [weak self] cpu in
            self?.endedCPU.withLock { $0 += cpu }
        }
        running.withLock { running in
            running.removeAll { $0.process == nil }
            running.append(RunningProcess(process: process))
        }
        return process
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

    static func names(_ symbologies: Set<Symbology>) -> String {
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
    /// The duration in seconds.
    package var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// "2.5 s".
    var formatted: String { "\((inSeconds * 10).rounded() / 10) s" }
}
