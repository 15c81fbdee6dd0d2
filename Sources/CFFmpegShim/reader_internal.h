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
    /// Where the caller wants this call's grey (CFFmpegShim_reader_next_into), and its size in
    /// bytes; used when the picture fits it exactly, else `gray` is.
    uint8_t *destination;
    size_t destination_capacity;
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
    /// The luma table of reader_luma.c: for `luma_format` at `luma_full` range, in state
    /// `luma_state` (0 built, not yet checked against libswscale; 1 checked, in use;
    /// -1 not usable for this format); `exact_conversion` keeps libswscale for every frame.
    int luma_format;
    bool luma_full;
    int luma_state;
    uint8_t luma_table[256];
    /// Whether `luma_table` maps every value to itself (full-range YUV).
    bool luma_identity;
    /// Whether `luma_table` is computed 32 pixels at a time (AVX2) instead of looked up: the CPU
    /// has AVX2 and the table is exactly `(luma * luma_scale + luma_offset) >> 16` clamped to
    /// 0...255 (limited-range YUV stretched to full range; reader_luma.c).
    bool luma_affine;
    int32_t luma_scale, luma_offset;
    bool exact_conversion;
};

/// Whether `format` is 8-bit YUV with its luma alone in plane 0, one byte per pixel
/// (yuv420p, yuv444p, nv12, their full-range yuvj forms, ...).
bool cffmpegshim_luma_in_plane_0(enum AVPixelFormat format);
/// Builds `reader->luma_table` for `format` and range with libswscale itself (the grey
/// libswscale makes of each luma value), in the same settings as the frame conversion.
/// Returns false if libswscale cannot convert such a picture.
bool cffmpegshim_build_luma_table(CFFmpegShim_reader *reader, enum AVPixelFormat format, bool source_full);
/// Writes the grey of `frame`'s luma plane through `reader->luma_table` into `out` (tightly packed).
void cffmpegshim_apply_luma_table(const CFFmpegShim_reader *reader, const AVFrame *frame, uint8_t *out);
/// Sets libswscale's colour details on `sws` as the frame conversion uses them (BT.601
/// coefficients, full-range grey out, `source_full` in).
void cffmpegshim_set_grey_range(struct SwsContext *sws, bool source_full);
/// Fills `error` for a picture over the pixel limit; returns CFFmpegShim_error_too_large.
int32_t cffmpegshim_too_large(CFFmpegShim_error *error, int64_t width, int64_t height, int64_t limit);

#endif
