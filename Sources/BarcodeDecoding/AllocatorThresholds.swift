import CAllocatorSettings
#if canImport(Glibc)
import Glibc
#endif

/// glibc's mmap and trim thresholds, fixed by a process for its own pattern of allocations
/// (`track` for whole shifts, a reader process of ``ReadIsolation`` for one read at a time),
/// unless the user chose the allocator's settings in the environment.
package enum AllocatorThresholds {
    /// The mmap threshold reader processes and `track bench` fix (bytes): glibc's largest
    /// automatic one (32 MiB). Blocks under it come from the heap arenas and are used again:
    /// zxing-cpp's copies of an image for each read (its binarized matrix, the 1-D pass's
    /// copy, a pyramid level), which with a threshold of 128 KiB (`track`'s for its runs, for
    /// flat memory) get fresh mappings that the kernel faults in and zeroes on every read
    /// (decoding every frame of the Micro QR clip: 3.2 ms a frame instead of 2.5).
    package static let mapThreshold: Int32 = 32 << 20
    /// The trim threshold that goes with ``mapThreshold`` (bytes): twice it, as glibc's own
    /// adjustment would set it, so that the space one frame's reads free at the top of a heap
    /// is kept for the next read instead of being returned and faulted in again.
    package static let trimThreshold: Int32 = 2 * mapThreshold

    /// The environment variables by which a user chooses glibc's allocator settings.
    package static let environmentNames = ["MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_", "MALLOC_ARENA_MAX", "GLIBC_TUNABLES"]

    /// Fixes the mmap threshold at `map` bytes and the trim threshold at `trim` bytes (which
    /// also turns glibc's adjustment of both off), unless `lookup` (the process's environment
    /// by default) has one of ``environmentNames``. Returns whether glibc took them (false when
    /// the user chose, or with another C library).
    @discardableResult
    package static func set(map: Int32, trim: Int32,
                            unlessChosenIn lookup: (String) -> String? = { getenv($0).map { String(cString: $0) } }) -> Bool {
        !isChosen(in: lookup) && CAllocatorSettings_setThresholds(map, trim) == 1
    }

    /// Limits glibc's heap arenas to `count` (see `CAllocatorSettings_setArenaLimit`), unless
    /// `lookup` has one of ``environmentNames``. Returns whether glibc took it.
    @discardableResult
    package static func limitArenas(to count: Int32,
                                    unlessChosenIn lookup: (String) -> String? = { getenv($0).map { String(cString: $0) } }) -> Bool {
        !isChosen(in: lookup) && CAllocatorSettings_setArenaLimit(count) == 1
    }

    /// Whether `lookup` has one of ``environmentNames``: the user chose the allocator's settings.
    private static func isChosen(in lookup: (String) -> String?) -> Bool {
        environmentNames.contains { lookup($0) != nil }
    }
}
