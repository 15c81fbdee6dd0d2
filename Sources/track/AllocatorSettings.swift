import BarcodeDecoding
import Foundation

/// glibc's allocator, set for a process that runs for whole shifts.
///
/// Every frame allocates and frees buffers of a megabyte or more (a 720p luma plane is
/// 0.9 MB, its colour planes and the renderer's more), on different threads. glibc
/// gives a block over its mmap threshold (128 KiB) a mapping of its own, returned to the
/// system when freed, but raises the threshold to the size of each such block freed
/// (up to 32 MiB): from then on frames come from the heap arenas, which keep free
/// space below their trim threshold (twice the raised threshold) and cannot return
/// space under a block still in use. Each rare moment with one frame more in flight
/// than ever before then stays resident: the 1-hour soak grew 1.1 and 1.3 MB in
/// two such steps, and after 100 s of its scene the arenas held 16.8 MB for 8.1 MB
/// in use. Setting both thresholds (which also turns their adjustment off) keeps large
/// blocks in their own mappings and trims the heaps again (8.9 MB for 7.7 MB in use;
/// resident 64.0 instead of 72.9 MB; README, Soak). The trim threshold is set too, so
/// that both are fixed whatever start-up freed before (gdb found both still at their
/// defaults when `main` runs, but a library initialiser could move them).
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
    /// The mmap and trim thresholds `track` sets, bytes: glibc's own defaults.
    static let threshold: Int32 = 128 * 1024

    /// Fixes glibc's mmap and trim thresholds at ``threshold`` and its arenas at
    /// ``arenaLimit``, unless the user chose the allocator's settings
    /// (`MALLOC_MMAP_THRESHOLD_`, `MALLOC_TRIM_THRESHOLD_`, `MALLOC_ARENA_MAX` or
    /// `GLIBC_TUNABLES` in the environment). Call before the first frame (before other
    /// threads allocate). Returns whether glibc took them all (false when the user chose,
    /// or with another C library).
    @discardableResult
    static func apply(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        let thresholds = AllocatorThresholds.set(map: threshold, trim: threshold) { environment[$0] }
        let arenas = AllocatorThresholds.limitArenas(to: arenaLimit) { environment[$0] }
        return thresholds && arenas
    }

    /// The heap arenas `track` allows: one per core, at least 2.
    static var arenaLimit: Int32 { Int32(clamping: max(2, ProcessInfo.processInfo.activeProcessorCount)) }
}
