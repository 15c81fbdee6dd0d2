// A safety net for zxing-cpp 1.4's internal assertions, the part every reader uses.
//
// Debian builds zxing-cpp with assertions enabled, and 1.4 has asserts that
// real images trip (Result::operator== for DataBar and repeated 1D codes,
// upstream issues #516 and #740): the whole process would abort. A program
// that opts in links the CZXingAssertionGuard target, which defines glibc's
// __assert_fail in the executable (the dynamic linker binds libZXing's calls to
// it) and calls CZXingShim_guarded_assertion_failed first: while a guarded
// zxing-cpp call runs on this thread, that jumps back to the guard, which
// reports the call as failed. A library never replaces a glibc function by
// itself; without the opt-in, a failed assertion aborts as usual.
#include "AssertionGuard.hpp"

#include <csetjmp>
#include <cstdio>
#include <cstdlib>

namespace {
thread_local std::jmp_buf *activeGuard = nullptr;
thread_local char lastAssertion[256];
} // namespace

namespace czxingshim {

bool runGuarded(void (*body)(void *), void *context, std::string &failure)
{
    std::jmp_buf env;
    std::jmp_buf *previous = activeGuard;
    if (setjmp(env) == 0) {
        activeGuard = &env;
        try {
            body(context);
        } catch (...) {
            // An exception leaving the body must not leave this dead frame as the guard.
            activeGuard = previous;
            throw;
        }
        activeGuard = previous;
        return true;
    }
    // Arrived here from __assert_fail: zxing-cpp's frames were abandoned
    // without running their destructors (their memory is lost; see tests).
    activeGuard = previous;
    failure = lastAssertion;
    return false;
}

} // namespace czxingshim

extern "C" void CZXingShim_guarded_assertion_failed(const char *assertion, const char *file, unsigned int line)
{
    if (activeGuard == nullptr) return;
    std::snprintf(lastAssertion, sizeof lastAssertion, "%s:%u: assertion `%s' failed", file, line, assertion);
    std::jmp_buf *guard = activeGuard;
    activeGuard = nullptr;
    std::longjmp(*guard, 1);
}
