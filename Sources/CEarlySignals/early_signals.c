#include "CEarlySignals.h"

#include <signal.h>
#include <string.h>

static volatile sig_atomic_t first_signal = 0;

static void remember(int number)
{
    if (first_signal == 0)
        first_signal = number;
}

static const int stopping_signals[] = {SIGINT, SIGTERM, SIGHUP};

static void catch_early_signals(void)
{
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = remember;
    sigemptyset(&action.sa_mask);
    sigset_t stopping;
    sigemptyset(&stopping);
    for (unsigned i = 0; i < sizeof stopping_signals / sizeof stopping_signals[0]; i++) {
        sigaction(stopping_signals[i], &action, NULL);
        sigaddset(&stopping, stopping_signals[i]);
    }
    /* A parent may start us with them blocked (the mask is inherited through
       exec); a stop signal that never arrives would be lost. */
    sigprocmask(SIG_UNBLOCK, &stopping, NULL);
}

int CEarlySignals_first(void)
{
    return first_signal;
}

void CEarlySignals_release(void)
{
    for (unsigned i = 0; i < sizeof stopping_signals / sizeof stopping_signals[0]; i++)
        signal(stopping_signals[i], SIG_DFL);
    if (first_signal != 0)
        raise(first_signal);
}

/* Run from the executable's .preinit_array: before any shared library's
   initialiser (Foundation, FFmpeg, zxing-cpp, the Swift runtime take tens of
   milliseconds of start-up between them), right after the dynamic loader has
   mapped and relocated everything. */
__attribute__((section(".preinit_array"), used)) static void (*const catch_early_signals_at_start)(void) = catch_early_signals;
