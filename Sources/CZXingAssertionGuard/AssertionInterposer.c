// glibc's __assert_fail, defined in the executable that links this target (an
// opt-in: `track` and the tests do; see README "Symbologies and zxing-cpp 1.4").
// While a guarded zxing-cpp call runs on this thread, a failed assertion jumps
// back to that call's guard (CZXingShim); anywhere else it behaves exactly like
// glibc's: print the message and abort.
#include "CZXingAssertionGuard.h"

#include <stdio.h>
#include <stdlib.h>

void CZXingShim_guarded_assertion_failed(const char *assertion, const char *file, unsigned int line);

_Noreturn void __assert_fail(const char *assertion, const char *file, unsigned int line, const char *function)
{
    CZXingShim_guarded_assertion_failed(assertion, file, line);
    fprintf(stderr, "%s:%u: %s: Assertion `%s' failed.\n", file, line, function ? function : "?", assertion);
    fflush(stderr);
    abort();
}

int CZXingAssertionGuard_isInstalled(void) { return 1; }
