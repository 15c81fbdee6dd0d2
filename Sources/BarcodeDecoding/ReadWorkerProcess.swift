import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One reader process of ``ReadIsolation``, seen from the program that started it.
///
/// Dropping the last reference kills the process (`SIGKILL`) if it still runs and reaps it,
/// so a process that stopped answering is ended by letting go of it.
final class ReadWorkerProcess: Sendable {
    /// How an exchange with the process ended.
    enum Exchange {
        case answered([UInt8])
        /// No answer before the deadline: the process may be stuck for ever.
        case timedOut
        /// The process ended or closed its end during the read (`how`: "was killed by signal 11 (Segmentation fault)").
        case ended(how: String)
        /// The process had ended before the request reached it.
        case notDelivered(how: String)

        /// How the process ended, when it did.
        var how: String? {
            switch self {
            case .ended(let how), .notDelivered(let how): how
            case .answered, .timedOut: nil
            }
        }
    }

    private let socket: MessageSocket
    /// Where requests' pixels go (``SharedPixels``); `nil` when the system had no shared
    /// memory: requests then carry them.
    private let pixels: SharedPixels?
    /// The process id while the process has not been reaped.
    private let processID: Mutex<pid_t?>
    /// The wait status once reaped.
    private let endStatus = Mutex<Int32?>(nil)
    /// Whether the process has answered a request.
    private let served = Mutex(false)
    /// Told the CPU time (nanoseconds) the process used, once it has been reaped.
    private let ended: @Sendable (UInt64) -> Void

    private init(processID: pid_t, descriptor: Int32, pixels: SharedPixels?, ended: @escaping @Sendable (UInt64) -> Void) {
        self.processID = Mutex(processID)
        socket = MessageSocket(descriptor: descriptor)
        self.pixels = pixels
        self.ended = ended
    }

    deinit {
        processID.withLock { pid in
            if let pid {
                kill(pid, SIGKILL)
                ended(Self.reap(pid).cpu)
            }
            pid = nil
        }
        close(socket.descriptor)
    }

    /// CPU nanoseconds the running process has used so far (all its threads); `nil` once reaped.
    var cpuNanoseconds: UInt64? {
        processID.withLock { pid in
            guard let pid else { return nil }
            var clock = clockid_t()
            var now = timespec()
            guard clock_getcpuclockid(pid, &clock) == 0, clock_gettime(clock, &now) == 0 else { return nil }
            return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
        }
    }

    /// Starts `executable` with `arguments` (the first is the process's name) and one end of a socket
    /// pair as its standard input, `/dev/null` as its standard output and this process's standard error;
    /// a ``SharedPixels`` object, when the system has shared memory, at the descriptor
    /// ``SharedPixels/descriptorInReader(startedFrom:)`` names, whose number is appended to the
    /// arguments (`-` without one).
    static func start(_ executable: String, arguments: [String],
                      ended: @escaping @Sendable (UInt64) -> Void) throws(DecodingError) -> ReadWorkerProcess {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw DecodingError(.library, "cannot create a socket for a zxing-cpp reader process: \(String(cString: strerror(errno)))",
                                systemErrno: errno)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 0)
        let pixels = SharedPixels()
        let pixelsInReader = pixels?.descriptorInReader(startedFrom: executable)
        if let pixels, let pixelsInReader { posix_spawn_file_actions_adddup2(&actions, pixels.descriptor, pixelsInReader) }
        let arguments = arguments + [pixelsInReader.map { String($0) } ?? "-"]
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        // A crash in zxing-cpp is reported by the program as a lost read; Swift's backtracer
        // would print pages of it and take seconds doing so.
        let environment = environmentStrings().filter { !$0.hasPrefix("SWIFT_BACKTRACE=") } + ["SWIFT_BACKTRACE=enable=no"]
        var pid = pid_t()
        let status = withCStrings(arguments) { argv in
            withCStrings(environment) { envp in posix_spawn(&pid, executable, &actions, &attributes, argv, envp) }
        }
        close(ends[1])
        guard status == 0 else {
            close(ends[0])
            throw DecodingError(.library, "cannot start a zxing-cpp reader process (\(executable)): \(String(cString: strerror(status)))",
                                systemErrno: status)
        }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        return ReadWorkerProcess(processID: pid, descriptor: ends[0], pixels: pixels, ended: ended)
    }

    /// Sends `request` and waits for the answer until `deadline`.
    func exchange(_ request: [UInt8], until deadline: ContinuousClock.Instant) -> Exchange {
        send(request, until: deadline) ?? answer(until: deadline)
    }

    /// `request`'s message for this process, written into `storage`: its pixels written into
    /// the process's ``SharedPixels`` and left out of the message, or carried in it when the
    /// process has none (or it cannot grow).
    func message(for request: ReadRequest, reusing storage: consuming [UInt8]) -> [UInt8] {
        let shared = pixels?.write(request.image, crop: request.crop) ?? false
        return request.encoded(reusing: storage, pixelsShared: shared)
    }

    /// Sends `request` before `deadline`: `nil` once it is on its way (``answer(until:)``
    /// then waits for the reply), otherwise how the exchange ended already.
    func send(_ request: [UInt8], until deadline: ContinuousClock.Instant) -> Exchange? {
        switch socket.send(request, until: deadline) {
        case .done: nil
        case .timedOut: .timedOut
        case .closed(let reason): .notDelivered(how: endedHow(reason))
        }
    }

    /// Waits until `deadline` for the answer to the request ``send(_:until:)`` sent.
    func answer(until deadline: ContinuousClock.Instant) -> Exchange {
        let (outcome, answer) = socket.receive(until: deadline)
        switch outcome {
        case .done:
            served.withLock { $0 = true }
            return .answered(answer)
        case .timedOut: return .timedOut
        case .closed(let reason): return .ended(how: endedHow(reason))
        }
    }

    /// Whether the answer to the request ``send(_:until:)`` sent has started to arrive (or the
    /// process ended), waiting for it until `deadline` at most: ``answer(until:)`` would then
    /// not wait for the process to read.
    func hasAnswer(waitingUntil deadline: ContinuousClock.Instant) -> Bool {
        socket.isReadable(until: deadline)
    }

    /// Whether the process exited (with a status, not killed by a signal) before answering
    /// any request: a reader program that cannot serve (another build's, which refuses with
    /// ``ReadIsolation/wireMismatchStatus``, or one whose libraries are missing, 127). A
    /// reader that serves ends only when the program closes the socket or is gone.
    var exitedBeforeServing: Bool {
        guard !served.withLock({ $0 }) else { return false }
        return endStatus.withLock { status in status.map { $0 & 0x7f == 0 } ?? false }
    }

    /// The process id, for tests that stop or kill it; `nil` once reaped.
    var id: pid_t? { processID.withLock { $0 } }

    /// Reaps the process after its socket closed and says how it ended.
    private func endedHow(_ reason: String) -> String {
        processID.withLock { pid in
            guard let running = pid else { return "had ended" }
            // It closed the socket because it is ending; give it a moment before forcing it.
            for _ in 0..<50 {
                var status: Int32 = 0
                var usage = rusage()
                if wait4(running, &status, WNOHANG, &usage) == running {
                    pid = nil
                    endStatus.withLock { $0 = status }
                    ended(Self.nanoseconds(usage))
                    return Self.describe(status)
                }
                usleep(2_000)
            }
            kill(running, SIGKILL)
            ended(Self.reap(running).cpu)
            pid = nil
            return "closed its connection (\(reason)) and was stopped"
        }
    }

    /// Waits for `pid` to end; its status and the CPU nanoseconds it used.
    @discardableResult
    private static func reap(_ pid: pid_t) -> (status: Int32, cpu: UInt64) {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        return (status, nanoseconds(usage))
    }

    private static func nanoseconds(_ usage: rusage) -> UInt64 {
        let micro = [usage.ru_utime, usage.ru_stime].reduce(0) { $0 + Int64($1.tv_sec) * 1_000_000 + Int64($1.tv_usec) }
        return UInt64(max(0, micro)) * 1000
    }

    /// "was killed by signal 11 (Segmentation fault)" or "exited with status 3".
    static func describe(_ status: Int32) -> String {
        let signalNumber = status & 0x7f
        guard signalNumber != 0 else { return "exited with status \((status >> 8) & 0xff)" }
        let name = strsignal(signalNumber).map { String(cString: $0) } ?? "unknown"
        return "was killed by signal \(signalNumber) (\(name))"
    }

    private static func environmentStrings() -> [String] {
        var strings: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            strings.append(String(cString: pointer))
            entry += 1
        }
        return strings
    }

    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return body(pointers)
    }
}
