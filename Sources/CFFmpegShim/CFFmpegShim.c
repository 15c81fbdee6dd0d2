// Logging and error plumbing shared by the reader and the writer.
#include "internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <libavutil/avutil.h>
#include <libavutil/error.h>
#include <libavutil/log.h>

enum AVPixelFormat cffmpegshim_swscale_format(enum AVPixelFormat format, bool *full_range) {
    enum AVPixelFormat twin;
    switch (format) {
    case AV_PIX_FMT_YUVJ420P: twin = AV_PIX_FMT_YUV420P; break;
    case AV_PIX_FMT_YUVJ422P: twin = AV_PIX_FMT_YUV422P; break;
    case AV_PIX_FMT_YUVJ444P: twin = AV_PIX_FMT_YUV444P; break;
    case AV_PIX_FMT_YUVJ440P: twin = AV_PIX_FMT_YUV440P; break;
    case AV_PIX_FMT_YUVJ411P: twin = AV_PIX_FMT_YUV411P; break;
    default: return format;
    }
    if (full_range != NULL) *full_range = true;
    return twin;
}

// FFmpeg may log from its own worker threads; those lines are dropped, which
// only costs detail in a message, never correctness.
static _Thread_local char last_log[512];
static _Thread_local bool last_log_complete = true;
// libavcodec's "Picture size WxH exceeds max pixel count" line, kept apart because the
// decoder logs "get_buffer() failed" after it.
static _Thread_local char oversize_log[512];

static void log_callback(void *context, int level, const char *format, va_list arguments) {
    (void)context;
    if ((level & 0xff) > AV_LOG_ERROR) return;
    char line[512];
    vsnprintf(line, sizeof line, format, arguments);
    if (last_log_complete) {
        snprintf(last_log, sizeof last_log, "%s", line);
    } else {
        // A line logged in pieces: keep appending until the newline arrives.
        size_t used = strlen(last_log);
        snprintf(last_log + used, sizeof last_log - used, "%s", line);
    }
    if (strstr(last_log, "max pixel count") != NULL) snprintf(oversize_log, sizeof oversize_log, "%s", last_log);
    size_t length = strlen(last_log);
    last_log_complete = length == 0 || last_log[length - 1] == '\n';
    while (length > 0 && (last_log[length - 1] == '\n' || last_log[length - 1] == ' ')) {
        last_log[--length] = '\0';
    }
}

static pthread_once_t log_once = PTHREAD_ONCE_INIT;

static void install(void) {
    av_log_set_level(AV_LOG_QUIET);
    av_log_set_callback(log_callback);
}

void CFFmpegShim_capture_log(void) { pthread_once(&log_once, install); }

void cffmpegshim_clear_log(void) {
    last_log[0] = '\0';
    oversize_log[0] = '\0';
    last_log_complete = true;
}

const char *cffmpegshim_last_log(void) { return last_log; }

const char *cffmpegshim_oversize_log(void) { return oversize_log; }

int32_t cffmpegshim_fail(CFFmpegShim_error *error, int32_t status, int32_t averror, int32_t system_errno,
                         const char *format, ...) {
    if (error == NULL) return status;
    error->status = status;
    error->averror = averror;
    error->system_errno = system_errno;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(error->message, sizeof error->message, format, arguments);
    va_end(arguments);
    snprintf(error->library_message, sizeof error->library_message, "%s", last_log);
    return status;
}

int32_t cffmpegshim_status_for_averror(int averror) {
    if (averror == AVERROR(ENOENT)) return CFFmpegShim_error_not_found;
    if (averror == AVERROR(EISDIR)) return CFFmpegShim_error_not_a_file;
    if (averror == AVERROR(EACCES) || averror == AVERROR(EPERM) || averror == AVERROR(EIO)
        || averror == AVERROR(EROFS) || averror == AVERROR(ENOSPC)) {
        return CFFmpegShim_error_io;
    }
    if (averror == AVERROR(ENOMEM)) return CFFmpegShim_error_out_of_memory;
    if (averror == AVERROR_INVALIDDATA || averror == AVERROR_DEMUXER_NOT_FOUND || averror == AVERROR_EOF) {
        return CFFmpegShim_error_unsupported_format;
    }
    if (averror == AVERROR_DECODER_NOT_FOUND || averror == AVERROR_ENCODER_NOT_FOUND) {
        return CFFmpegShim_error_codec_unavailable;
    }
    if (averror == AVERROR_STREAM_NOT_FOUND) return CFFmpegShim_error_no_video_stream;
    return CFFmpegShim_error_library;
}

const char *CFFmpegShim_version(void) { return av_version_info(); }
