import CAllocatorSettings
#if canImport(Glibc)
import Glibc
#endif

/// glibc's mmap and trim thresholds, fixed by a process for its own pattern of allocations
/// (`track` for whole shifts, a reader process of ``ReadIsolation`` for one read at a time),
/// unless the user chose the allocator's settings in the environment.
package enum AllocatorThresholds {
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
