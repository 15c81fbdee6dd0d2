#pragma once

/// Linking this target into an executable installs the zxing-cpp assertion
/// guard for the whole process (it defines glibc's __assert_fail). Returns 1.
int CZXingAssertionGuard_isInstalled(void);
