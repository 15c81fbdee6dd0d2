#include "CFFmpegShim.h"
