#ifndef CALLOCATORSETTINGS_H
#define CALLOCATORSETTINGS_H

/// glibc's mallopt(M_MMAP_THRESHOLD, bytes), which Swift's Glibc module does not
/// import: blocks of at least `bytes` get a mapping of their own, and glibc stops
/// adjusting the threshold. Returns 1 on success, 0 if glibc refused (or elsewhere).
int CAllocatorSettings_setMmapThreshold(int bytes);

#endif
