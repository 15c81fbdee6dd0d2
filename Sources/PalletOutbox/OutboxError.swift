#if canImport(Glibc)
import Glibc
#endif

/// What went wrong with an ``Outbox``: a code that can grow, a message that says what to do, and
/// the `errno` of the system call behind it, if one was.
public struct OutboxError: Error, CustomStringConvertible, Sendable {
    /// The kind of failure (a struct over a private enum, so that new kinds do not break `switch`es).
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: Hashable, Sendable { case full, io, locked, notAnOutbox, tooLarge }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The outbox holds `maxBytes` already: the record was refused (see ``Outbox`` for the policy).
        public static let full = Code(.full)
        /// A read, write, fsync or rename failed (disk full, permissions, folder gone).
        public static let io = Code(.io)
        /// Another process (a running station) holds the folder's lock: one writer at a time.
        public static let locked = Code(.locked)
        /// The folder holds files that are not an outbox's.
        public static let notAnOutbox = Code(.notAnOutbox)
        /// One record or key larger than the format allows.
        public static let tooLarge = Code(.tooLarge)

        public var description: String {
            switch value {
            case .full: "full"
            case .io: "io"
            case .locked: "locked"
            case .notAnOutbox: "notAnOutbox"
            case .tooLarge: "tooLarge"
            }
        }
    }

    /// The kind of failure.
    public let code: Code
    /// What was wrong and what to do, for people.
    public let message: String
    /// The system call's `errno`, when a system call failed.
    public let errno: Int32?

    init(_ code: Code, _ message: String, errno: Int32? = nil) {
        self.code = code
        self.message = message
        self.errno = errno
    }

    /// An I/O failure of `what` on `path`, with the current `errno` spelt out.
    static func io(_ what: String, _ path: String, errno number: Int32 = Glibc.errno) -> OutboxError {
        let reason = String(cString: strerror(number))
        let advice = Self.advice(errno: number)
        return OutboxError(.io, "cannot \(what) \(path): \(reason.lowercased())\(advice)", errno: number)
    }

    /// What to do about a failed system call, in parentheses, or nothing when there is no advice.
    private static func advice(errno number: Int32) -> String {
        switch number {
        case ENOSPC, EDQUOT: " (the disk is full: free space on it (df shows how much), or give --outbox a folder on another disk)"
        case EFBIG: " (a limit on the size of files this process may write: raise ulimit -f)"
        case EIO: " (the disk reported an I/O error: check it and the kernel's log (dmesg), or give --outbox a folder on another disk)"
        case EROFS: " (the file system is mounted read-only: give --outbox a folder on a writable disk)"
        case EACCES, EPERM: " (check the folder's permissions)"
        default: ""
        }
    }

    public var description: String { message }
}
