import BarcodeDecoding
import Foundation

/// glibc's allocator, set for a process that runs for whole shifts and reads every frame.
///
/// Every frame allocates and frees blocks of a megabyte or so on several threads: the frame
/// itself (a 720p luma plane is 0.9 MB) and, for each zxing-cpp read, copies of the image
/// (its binarized matrix, the 1-D pass's copy, a pyramid level). glibc gives a block over its
/// mmap threshold (128 KiB at start) a mapping of its own, returned to the system when freed,
/// and raises the threshold to the size of each such block freed (up to 32 MiB). Left to
/// itself it settles where it likes; fixed at 128 KiB (this program's setting until 26 Nov),
/// every large block was mapped, faulted in and zeroed afresh on every read, which made
/// decoding every frame of the Micro QR clip cost 3.2 ms a frame instead of 2.5 (and `track
/// bench`'s baseline, which runs in this process, slower than a plain zxing-cpp program).
/// So both thresholds are fixed at glibc's largest automatic values (``AllocatorThresholds/mapThreshold``
/// and ``AllocatorThresholds/trimThreshold``, as in the reader processes): the blocks of one
/// frame are used again by the next, and fixing them (which also turns their adjustment off)
/// keeps glibc from moving them in the middle of a shift. Resident memory then sits at the
/// largest frame's working set (80 MB in the 5-minute release soak of 26 Nov, flat to 1.6%
/// after its first minute; README, Soak).
///
/// The heap arenas are limited to one per core. glibc gives a thread that finds the
/// arenas busy an arena of its own (up to eight per core), and an arena keeps what its
/// threads' frames fragmented; libdispatch adds a worker thread now and then when its
/// workers wait (for a reader process), and the 3-minute CI soak of 8ebc447 stepped up
/// 2.7 MB of anonymous memory (+3.6%, over its 2% limit) in the 10 s in which a third
/// default-QoS worker appeared (most likely that thread's new arena; the other two CI
/// soaks of that code kept 6 threads and moved +0.7% and +0.1%). Sharing one arena per
/// core bounds this whatever the number of threads.
enum AllocatorSettings {
    /// Fixes glibc's mmap and trim thresholds (``AllocatorThresholds/mapThreshold``,
    /// ``AllocatorThresholds/trimThreshold``) and its arenas at
    /// ``arenaLimit``, unless the user chose the allocator's settings
    /// (`MALLOC_MMAP_THRESHOLD_`, `MALLOC_TRIM_THRESHOLD_`, `MALLOC_ARENA_MAX` or
    /// `GLIBC_TUNABLES` in the environment). Call before the first frame (before other
    /// threads allocate). Returns whether glibc took them all (false when the user chose,
    /// or with another C library).
    @discardableResult
    static func apply(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        let thresholds = AllocatorThresholds.set(map: AllocatorThresholds.mapThreshold, trim: AllocatorThresholds.trimThreshold) { environment[$0] }
        let arenas = AllocatorThresholds.limitArenas(to: arenaLimit) { environment[$0] }
        return thresholds && arenas
    }

    /// The heap arenas `track` allows: one per core, at least 2.
    static var arenaLimit: Int32 { Int32(clamping: max(2, ProcessInfo.processInfo.activeProcessorCount)) }
}
