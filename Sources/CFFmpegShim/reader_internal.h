// The reader's state, shared by reader.c (opening) and reader_decode.c
// (decoding); not part of the public header.
#ifndef CFFMPEGSHIM_READER_INTERNAL_H
#define CFFMPEGSHIM_READER_INTERNAL_H

#include "internal.h"

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libswscale/swscale.h>

/// After this many decode failures in a row the stream is treated as ended
/// (truncated), so that a decoder stuck on garbage cannot loop forever.
enum { max_consecutive_failures = 1000 };

struct CFFmpegShim_reader {
    AVFormatContext *format;
    AVCodecContext *codec;
    struct SwsContext *sws;
    AVPacket *packet;
    AVFrame *frame;
    int stream_index;
    AVRational time_base;
    int64_t max_pixels;
    uint8_t *gray;
    size_t gray_capacity;
    bool draining;
    bool ended;
    int consecutive_failures;
    int64_t decoded;
    /// Time of the last decoded frame in seconds; NaN before the first.
    double last_time;
    /// True when info.duration comes from the container itself (not a bitrate
    /// guess, not another stream), so a stream ending well before it was cut short.
    bool duration_is_reliable;
    int64_t skipped;
    bool truncated;
    char damage[512];
    CFFmpegShim_reader_info info;
};
/// Fills `error` for a picture over the pixel limit; returns CFFmpegShim_error_too_large.
int32_t cffmpegshim_too_large(CFFmpegShim_error *error, int64_t width, int64_t height, int64_t limit);

#endif
