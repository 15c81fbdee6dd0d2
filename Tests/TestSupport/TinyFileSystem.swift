import Foundation
public import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A tmpfs of a few pages mounted on a fresh folder: a real file system that fills up, so that a
/// write past its size fails with ENOSPC exactly as on a full disk.
///
/// Why a tmpfs: it is the full disk itself, not a stand-in. A file-size limit (`RLIMIT_FSIZE`) fails
/// with EFBIG, another error with another message; `/dev/full` is a device, not a folder an outbox
/// can live in; a loop device needs an image, `mkfs` and more privileges. Mounting needs root
/// (CAP_SYS_ADMIN), so the tests that use it are skipped without it (``isAvailable``, ``skipReason``).
public final class TinyFileSystem: Sendable {
    /// Where it is mounted.
    public let path: String

    /// Mounts a tmpfs of `bytes` (rounded up to whole pages by the kernel) on a fresh folder under /tmp.
    public init(bytes: Int) throws {
        path = "/tmp/track-tiny-fs-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let result = "size=\(bytes),mode=0755".withCString { mount("tmpfs", path, "tmpfs", 0, $0) }
        guard result == 0 else {
            let error = Self.lastError()
            rmdir(path)
            throw error
        }
    }

    /// Unmounts it and deletes the folder.
    public func remove() {
        umount2(path, Int32(MNT_DETACH))
        rmdir(path)
    }

    /// Fills what is left with the file `filler`, until the file system refuses (ENOSPC).
    public func fill() throws {
        let descriptor = open(path + "/filler", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw Self.lastError() }
        defer { close(descriptor) }
        let page = [UInt8](repeating: 0x46, count: 4096)
        while page.withUnsafeBytes({ write(descriptor, $0.baseAddress!, $0.count) }) > 0 {}
        guard errno == ENOSPC else { throw Self.lastError() }
    }

    private static func lastError() -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }

    /// Whether a tmpfs can be mounted here (as root, or with CAP_SYS_ADMIN).
    public static let isAvailable: Bool = {
        guard let probe = try? TinyFileSystem(bytes: 4096) else { return false }
        probe.remove()
        return true
    }()

    /// Why the tests that need it are skipped.
    public static let skipReason: Comment = "mounting a tmpfs needs root (CAP_SYS_ADMIN); the full-disk tests run as root"
}
