#ifndef CEARLYSIGNALS_H
#define CEARLYSIGNALS_H

/// track's signals before its Swift code runs: from the moment this library is
/// initialised (a constructor, before main), SIGINT, SIGTERM and SIGHUP are
/// caught and remembered instead of killing the process, so that a run stopped
/// in its first milliseconds still writes its summary.

/// The first of SIGINT, SIGTERM or SIGHUP caught since start, 0 if none.
int CEarlySignals_first(void);

/// Gives the three signals back their default action (for commands that do not
/// handle them) and, if one was caught, raises it again now.
void CEarlySignals_release(void);

#endif
