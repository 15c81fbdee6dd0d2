#pragma once

#include <string>

namespace czxingshim {

/// Runs `body(context)`; returns false, with the assertion text in `failure`,
/// when zxing-cpp failed an internal assertion inside it (see AssertionGuard.cpp).
/// `body` must not own resources whose destructors matter: on failure its
/// frames are abandoned.
bool runGuarded(void (*body)(void *), void *context, std::string &failure);

} // namespace czxingshim
