#ifndef CALLOCATORSETTINGS_H
#define CALLOCATORSETTINGS_H

/// glibc's mallopt(M_MMAP_THRESHOLD, bytes) and mallopt(M_TRIM_THRESHOLD, bytes),
/// which Swift's Glibc module does not import: blocks of at least `mmapThreshold`
/// bytes get a mapping of their own, free space over `trimThreshold` bytes at the top
/// of a heap is returned to the system, and glibc stops adjusting either (a freed
/// mapped block raises both while adjustment is on). Returns 1 when glibc took both,
/// 0 if it refused one (or on other C libraries, where it does nothing).
int CAllocatorSettings_setThresholds(int mmapThreshold, int trimThreshold);

/// glibc's mallopt(M_ARENA_MAX, count): threads share at most `count` heap arenas instead
/// of up to eight per core, each new one created by a thread that finds the others busy.
/// Returns 1 when glibc took it, 0 otherwise (or on other C libraries).
int CAllocatorSettings_setArenaLimit(int count);

#endif
