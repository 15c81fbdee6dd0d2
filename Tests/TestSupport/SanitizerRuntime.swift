import Glibc
public import Testing

/// Which sanitizer runtime this test process (and the `track` it runs, built alongside it)
/// carries, for the few tests a runtime cannot host.
public enum SanitizerRuntime {
    /// Whether ThreadSanitizer's runtime is linked in (`Tests/Sanitizers/run thread`).
    public static let isThreadSanitizer = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil

    /// Why tests that run `track` under a small file-size limit (`ulimit -f`) are off under
    /// ThreadSanitizer: its runtime faults on its own shadow memory (SIGBUS at start-up, exit 66,
    /// even for `track --help`) under any limit of 128 KB or less; 256 KB works.
    public static let fileSizeLimitReason: Comment =
        "ThreadSanitizer's runtime dies with SIGBUS under a file-size limit of 128 KB or less, before track starts"
}
