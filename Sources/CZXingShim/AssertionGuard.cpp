// A safety net for zxing-cpp 1.4's internal assertions.
//
// Debian builds zxing-cpp with assertions enabled, and 1.4 has asserts that
// real images trip (Result::operator== for DataBar and repeated 1D codes,
// upstream issues #516 and #740): the whole process would abort. We define
// glibc's __assert_fail in our own binary; the dynamic linker binds
// libZXing's calls to it (the executable comes first in symbol lookup). While
// a guarded zxing-cpp call runs on this thread, a failed assertion jumps back
// to the guard, which reports the call as failed; anywhere else it behaves
// exactly like glibc's: print the message and abort.
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

extern "C" [[noreturn]] void __assert_fail(const char *assertion, const char *file, unsigned int line,
                                           const char *function) noexcept
{
    if (activeGuard != nullptr) {
        std::snprintf(lastAssertion, sizeof lastAssertion, "%s:%u: assertion `%s' failed", file, line, assertion);
        std::jmp_buf *guard = activeGuard;
        activeGuard = nullptr;
        std::longjmp(*guard, 1);
    }
    std::fprintf(stderr, "%s:%u: %s: Assertion `%s' failed.\n", file, line, function ? function : "?", assertion);
    std::fflush(stderr);
    std::abort();
}
