#include "CAllocatorSettings.h"

/* Any C library header defines __GLIBC__ on glibc (this one comes from features.h);
   without one the test below is always false and the function does nothing. */
#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int CAllocatorSettings_setThresholds(int mmapThreshold, int trimThreshold)
{
#if defined(__GLIBC__)
    int mmap = mallopt(M_MMAP_THRESHOLD, mmapThreshold);
    int trim = mallopt(M_TRIM_THRESHOLD, trimThreshold);
    return mmap == 1 && trim == 1;
#else
    (void)mmapThreshold;
    (void)trimThreshold;
    return 0;
#endif
}

int CAllocatorSettings_setArenaLimit(int count)
{
#if defined(__GLIBC__)
    return mallopt(M_ARENA_MAX, count) == 1;
#else
    (void)count;
    return 0;
#endif
}
