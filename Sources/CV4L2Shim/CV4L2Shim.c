// Everything in CV4L2Shim is static inline in the header; this file gives the
// target a translation unit and checks that the header compiles on its own.
#include "CV4L2Shim.h"
