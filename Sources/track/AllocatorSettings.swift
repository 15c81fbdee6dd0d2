import BarcodeDecoding
import Foundation

/// glibc's allocator, set for a process that runs for whole shifts, or for `track bench`.
///
/// Every frame allocates and frees blocks of a megabyte or so on several threads: the frame
/// itself (a 720p luma plane is 0.9 MB) and, for each zxing-cpp read, copies of the image
/// (its binarized matrix, the 1-D pass's copy, a pyramid level). glibc gives a block over its
/// mmap threshold (128 KiB at start) a mapping of its own, returned to the system when freed,
/// but raises the threshold to the size of each such block freed (up to 32 MiB): from then on
/// frames come from the heap arenas, which keep free space below their trim threshold (twice
/// the raised threshold) and cannot return space under a block still in use. Each rare moment
/// with one frame more in flight than ever before then stays resident, as a step in the soak's
/// memory. So `track` fixes both thresholds at 128 KiB (``shiftThreshold``; fixing them also
/// turns their adjustment off): large blocks keep mappings of their own and memory stays flat
/// for shifts (docs/fuzzing-and-soak.md, "Soak"). glibc's largest automatic values (32 and
/// 64 MiB, as in the reader processes) let the soak's memory step up again.
///
/// The price is that each large block is mapped, faulted in and zeroed afresh on every read,
/// which makes decoding every frame measurably slower (Benchmarks/LEVERS.md). `track bench` measures the engine against decoding every frame as a
/// plain zxing-cpp program does it, so it runs both pipelines with the large thresholds
/// (``AllocatorThresholds/mapThreshold``, ``AllocatorThresholds/trimThreshold``); the engine,
/// whose whole-frame reads run in reader processes, gains less from them (docs/performance.md).
///
/// The heap arenas are limited to one per core. glibc gives a thread that finds the
/// arenas busy an arena of its own (up to eight per core), and an arena keeps what its
/// threads' frames fragmented; libdispatch adds a worker thread now and then when its
/// workers wait (for a reader process), and a soak's memory stepped up over its limit in
/// the seconds in which such a worker appeared (most likely that thread's new arena).
/// Sharing one arena per core bounds this whatever the number of threads.
enum AllocatorSettings {
    /// The mmap and trim thresholds `track` sets for its runs, bytes: glibc's starting mmap threshold.
    static let shiftThreshold: Int32 = 128 * 1024

    /// Fixes glibc's mmap and trim thresholds (at ``shiftThreshold``, or for `bench` at
    /// ``AllocatorThresholds/mapThreshold`` and ``AllocatorThresholds/trimThreshold``) and its arenas at
    /// ``arenaLimit``, unless the user chose the allocator's settings
    /// (`MALLOC_MMAP_THRESHOLD_`, `MALLOC_TRIM_THRESHOLD_`, `MALLOC_ARENA_MAX` or
    /// `GLIBC_TUNABLES` in the environment). Call before the first frame (before other
    /// threads allocate). Returns whether glibc took them all (false when the user chose,
    /// or with another C library).
    @discardableResult
    static func apply(forBench bench: Bool = false, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        let (map, trim) = bench ? (AllocatorThresholds.mapThreshold, AllocatorThresholds.trimThreshold) : (shiftThreshold, shiftThreshold)
        let thresholds = AllocatorThresholds.set(map: map, trim: trim) { environment[$0] }
        let arenas = AllocatorThresholds.limitArenas(to: arenaLimit) { environment[$0] }
        return thresholds && arenas
    }

    /// The heap arenas `track` allows: one per core, at least 2.
    static var arenaLimit: Int32 { Int32(clamping: max(2, ProcessInfo.processInfo.activeProcessorCount)) }
}
