// Shared helpers of the FFmpeg shim's .c files; not part of the public header.
#ifndef CFFMPEGSHIM_INTERNAL_H
#define CFFMPEGSHIM_INTERNAL_H

#include "CFFmpegShim.h"

#include <libavutil/pixfmt.h>

/// Installs the log callback once: FFmpeg prints nothing, and its last error
/// line per thread is kept for our messages.
/// Forgets the calling thread's last FFmpeg message.
void cffmpegshim_clear_log(void);
/// The calling thread's last FFmpeg error line (may be empty).
const char *cffmpegshim_last_log(void);
/// The calling thread's last "Picture size ... exceeds max pixel count" line since the last clear (may be empty).
const char *cffmpegshim_oversize_log(void);
/// Fills `error` (if not NULL) with a status, codes and a printf-style message,
/// plus the last FFmpeg log line. Returns `status`.
int32_t cffmpegshim_fail(CFFmpegShim_error *error, int32_t status, int32_t averror, int32_t system_errno,
                         const char *format, ...) __attribute__((format(printf, 5, 6)));
/// Status for an AVERROR returned by FFmpeg while opening or reading.
int32_t cffmpegshim_status_for_averror(int averror);

/// The format to give libswscale for `format`: a deprecated full-range yuvj* format becomes its
/// yuv* twin (the same planes), with `*full_range` set true, else `format` itself with
/// `*full_range` untouched. libswscale takes yuvj* too, but warns "deprecated pixel format used"
/// on every context it makes for one; the range is then set on the context instead
/// (sws_setColorspaceDetails).
enum AVPixelFormat cffmpegshim_swscale_format(enum AVPixelFormat format, bool *full_range);

/// Reads width and height from a PNG, JPEG, WebP, TIFF, BMP, GIF or PNM
/// header without decoding; false when the file is none of these.
bool cffmpegshim_sniff_image_size(const char *path, int64_t *width, int64_t *height);

#endif
