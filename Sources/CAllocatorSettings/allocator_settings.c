#include "CAllocatorSettings.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int CAllocatorSettings_setMmapThreshold(int bytes)
{
#if defined(__GLIBC__)
    return mallopt(M_MMAP_THRESHOLD, bytes);
#else
    (void)bytes;
    return 0;
#endif
}
