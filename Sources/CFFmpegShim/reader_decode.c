// Decoding frames, converting them to 8-bit luma, and keeping account of damage.
#include "reader_internal.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <libavutil/pixdesc.h>

static void note_damage(CFFmpegShim_reader *reader, const char *what, int averror) {
    if (reader->damage[0] != '\0') return;
    char reason[AV_ERROR_MAX_STRING_SIZE] = "";
    if (averror < 0) av_strerror(averror, reason, sizeof reason);
    const char *detail = cffmpegshim_last_log();
    snprintf(reader->damage, sizeof reader->damage, "%s after %" PRId64 " decoded frames%s%s%s%s", what,
             reader->decoded, reason[0] ? ": " : "", reason, detail[0] ? "; FFmpeg said: " : "", detail);
}

/// libavcodec reports pictures above `max_pixels` with this log line; it is
/// the only place the refused size is visible.
/// The refusal is logged before the decoder's own "get_buffer() failed", so the line
/// is looked for among the calling thread's recent lines, not only the last one.
static bool parse_too_large(int64_t *width, int64_t *height) {
    const char *line = strstr(cffmpegshim_oversize_log(), "Picture size ");
    if (line == NULL || strstr(line, "max pixel count") == NULL) return false;
    unsigned w = 0, h = 0;
    if (sscanf(line, "Picture size %ux%u", &w, &h) != 2) return false;
    *width = w;
    *height = h;
    return true;
}

void CFFmpegShim_reader_damage(const CFFmpegShim_reader *reader, int64_t *skipped, bool *truncated,
                               char *message, size_t message_capacity) {
    if (skipped != NULL) *skipped = reader->skipped;
    if (truncated != NULL) *truncated = reader->truncated;
    if (message != NULL && message_capacity > 0) snprintf(message, message_capacity, "%s", reader->damage);
}

/// Whether `frame`'s YUV is full range. Limited-range YUV (16...235) is stretched to
/// full-range grey; the deprecated yuvj* formats are full range whatever color_range says.
static bool is_full_range(const AVFrame *frame) {
    enum AVPixelFormat format = frame->format;
    return frame->color_range == AVCOL_RANGE_JPEG || format == AV_PIX_FMT_YUVJ420P
        || format == AV_PIX_FMT_YUVJ422P || format == AV_PIX_FMT_YUVJ444P || format == AV_PIX_FMT_YUVJ440P
        || format == AV_PIX_FMT_YUVJ411P;
}

/// Bytes allocated past the end of `reader->gray`, for libswscale's vector stores.
enum { gray_padding = 64 };

/// Converts the decoded frame to tightly packed GRAY8 in `target` (`reader->gray`) with libswscale.
static int32_t convert_with_swscale(CFFmpegShim_reader *reader, uint8_t *target, CFFmpegShim_error *error) {
    AVFrame *frame = reader->frame;
    int width = frame->width, height = frame->height;
    bool full = is_full_range(frame);
    enum AVPixelFormat format = cffmpegshim_swscale_format(frame->format, &full);
    reader->sws = sws_getCachedContext(reader->sws, width, height, format, width, height,
                                       AV_PIX_FMT_GRAY8, SWS_BILINEAR | SWS_ACCURATE_RND, NULL, NULL, NULL);
    if (reader->sws == NULL) {
        return cffmpegshim_fail(error, CFFmpegShim_error_library, AVERROR(EINVAL), 0,
                                "cannot convert pixel format %s to 8-bit grey",
                                av_get_pix_fmt_name(frame->format) ? av_get_pix_fmt_name(frame->format) : "?");
    }
    cffmpegshim_set_grey_range(reader->sws, full);
    uint8_t *planes[4] = {target, NULL, NULL, NULL};
    int strides[4] = {width, 0, 0, 0};
    int rows = sws_scale(reader->sws, (const uint8_t *const *)frame->data, frame->linesize, 0, height, planes, strides);
    if (rows != height) {
        return cffmpegshim_fail(error, CFFmpegShim_error_library, rows < 0 ? rows : AVERROR(EINVAL), 0,
                                "pixel conversion failed");
    }
    return CFFmpegShim_ok;
}

/// Whether the luma table gives exactly the grey libswscale just wrote to `target`.
static bool matches_luma_table(const CFFmpegShim_reader *reader, const AVFrame *frame, const uint8_t *target) {
    for (int y = 0; y < frame->height; y++) {
        const uint8_t *row = frame->data[0] + (ptrdiff_t)y * frame->linesize[0];
        const uint8_t *grey = target + (size_t)y * frame->width;
        for (int x = 0; x < frame->width; x++) {
            if (reader->luma_table[row[x]] != grey[x]) return false;
        }
    }
    return true;
}

/// Converts the decoded frame to tightly packed GRAY8: into the caller's destination when it
/// holds exactly the picture and this file's own loops convert it (a copy, the luma table),
/// else into `reader->gray`. libswscale writes only into `reader->gray`, which is padded: its
/// vector code is not checked by the sanitizers and may write past a row's end.
static int32_t convert(CFFmpegShim_reader *reader, CFFmpegShim_frame *out, CFFmpegShim_error *error) {
    AVFrame *frame = reader->frame;
    int width = frame->width, height = frame->height;
    if (width <= 0 || height <= 0) {
        return cffmpegshim_fail(error, CFFmpegShim_error_decode, AVERROR_INVALIDDATA, 0,
                                "decoder returned an empty picture");
    }
    if ((int64_t)width * height > reader->max_pixels) {
        return cffmpegshim_too_large(error, width, height, reader->max_pixels);
    }
    size_t needed = (size_t)width * (size_t)height;
    enum AVPixelFormat format = frame->format;
    bool source_full = is_full_range(frame);
    // Luma through a table made by libswscale (reader_luma.c), once it has matched
    // libswscale's grey on a whole frame of this format.
    bool table = format != AV_PIX_FMT_GRAY8 && !reader->exact_conversion && cffmpegshim_luma_in_plane_0(format);
    if (table && (reader->luma_format != format || reader->luma_full != source_full)) {
        reader->luma_format = format;
        reader->luma_full = source_full;
        reader->luma_state = cffmpegshim_build_luma_table(reader, format, source_full) ? 0 : -1;
    }
    bool own = format == AV_PIX_FMT_GRAY8 || (table && reader->luma_state == 1);
    uint8_t *target = own && reader->destination != NULL && reader->destination_capacity == needed ? reader->destination : NULL;
    if (target == NULL && needed > reader->gray_capacity) {
        av_free(reader->gray);
        reader->gray = av_malloc(needed + gray_padding);
        reader->gray_capacity = reader->gray ? needed : 0;
        if (reader->gray == NULL) {
            return cffmpegshim_fail(error, CFFmpegShim_error_out_of_memory, AVERROR(ENOMEM), ENOMEM, "out of memory");
        }
    }
    if (target == NULL) target = reader->gray;
    if (format == AV_PIX_FMT_GRAY8) {
        for (int y = 0; y < height; y++) {
            memcpy(target + (size_t)y * width, frame->data[0] + (ptrdiff_t)y * frame->linesize[0], width);
        }
    } else if (table && reader->luma_state == 1) {
        cffmpegshim_apply_luma_table(reader, frame, target);
    } else {
        int32_t converted = convert_with_swscale(reader, target, error);
        if (converted != CFFmpegShim_ok) return converted;
        if (table && reader->luma_state == 0) reader->luma_state = matches_luma_table(reader, frame, target) ? 1 : -1;
    }
    out->pixels = target;
    out->width = width;
    out->height = height;
    out->stride = width;
    int64_t timestamp = frame->best_effort_timestamp;
    out->time = timestamp == AV_NOPTS_VALUE ? NAN : (double)timestamp * av_q2d(reader->time_base);
    if (!isnan(out->time)) reader->last_time = out->time;
    return CFFmpegShim_ok;
}

/// Ends the stream; reports truncation when fewer frames came than announced.
static int32_t finish_stream(CFFmpegShim_reader *reader) {
    reader->ended = true;
    int64_t announced = reader->info.announced_frame_count;
    if (!reader->truncated && announced > 0 && reader->decoded + reader->skipped < announced) {
        reader->truncated = true;
        if (reader->damage[0] == '\0') {
            snprintf(reader->damage, sizeof reader->damage,
                     "file ended after %" PRId64 " of %" PRId64 " announced frames", reader->decoded, announced);
        }
    }
    // Without a frame count (e.g. Matroska), a stream whose frames stop well
    // before the duration the container recorded was cut short.
    double duration = reader->info.duration;
    if (!reader->truncated && reader->duration_is_reliable && duration > 0 && !reader->info.is_image_format) {
        double rate = reader->info.rate_numerator > 0
            ? (double)reader->info.rate_numerator / reader->info.rate_denominator : 25;
        double slack = fmax(3 / rate, 0.25);
        double reached = isnan(reader->last_time) ? 0 : reader->last_time;
        if ((reader->decoded == 0 && duration > slack) || reached + slack < duration) {
            reader->truncated = true;
            if (reader->damage[0] == '\0') {
                snprintf(reader->damage, sizeof reader->damage,
                         "file ended at %.2f s of its %.2f s duration (%" PRId64 " frames decoded)", reached,
                         duration, reader->decoded);
            }
        }
    }
    return 0;
}

/// Counts a failure; true when the stream should be given up as truncated.
static bool count_failure(CFFmpegShim_reader *reader, const char *what, int averror) {
    reader->skipped += 1;
    note_damage(reader, what, averror);
    if (++reader->consecutive_failures < max_consecutive_failures) return false;
    reader->truncated = true;
    return true;
}

int32_t CFFmpegShim_reader_next_into(CFFmpegShim_reader *reader, CFFmpegShim_frame *out, uint8_t *destination,
                                     size_t capacity, CFFmpegShim_error *error) {
    reader->destination = destination;
    reader->destination_capacity = capacity;
    int32_t result = CFFmpegShim_reader_next(reader, out, error);
    reader->destination = NULL;
    reader->destination_capacity = 0;
    return result;
}

int32_t CFFmpegShim_reader_next(CFFmpegShim_reader *reader, CFFmpegShim_frame *out, CFFmpegShim_error *error) {
    cffmpegshim_clear_log();
    while (!reader->ended) {
        int result = avcodec_receive_frame(reader->codec, reader->frame);
        if (result == 0) {
            bool corrupt = reader->frame->decode_error_flags != 0 || (reader->frame->flags & AV_FRAME_FLAG_CORRUPT);
            if (corrupt) {
                av_frame_unref(reader->frame);
                if (count_failure(reader, "corrupt frame skipped", 0)) return finish_stream(reader);
                continue;
            }
            int32_t status = convert(reader, out, error);
            av_frame_unref(reader->frame);
            if (status != CFFmpegShim_ok) return -1;
            reader->decoded += 1;
            reader->consecutive_failures = 0;
            return 1;
        }
        if (result == AVERROR_EOF) return finish_stream(reader);
        if (result != AVERROR(EAGAIN)) {
            int64_t width = 0, height = 0;
            if (parse_too_large(&width, &height)) {
                cffmpegshim_too_large(error, width, height, reader->max_pixels);
                return -1;
            }
            if (count_failure(reader, "undecodable frame skipped", result)) return finish_stream(reader);
            continue;
        }
        if (reader->draining) return finish_stream(reader);  // a decoder that wants input while draining

        result = av_read_frame(reader->format, reader->packet);
        if (result == AVERROR(EAGAIN)) continue;
        if (result < 0) {
            if (result != AVERROR_EOF) {
                reader->truncated = true;
                note_damage(reader, "reading stopped", result);
            }
            reader->draining = true;
            avcodec_send_packet(reader->codec, NULL);
            continue;
        }
        if (reader->packet->stream_index != reader->stream_index) {
            av_packet_unref(reader->packet);
            continue;
        }
        result = avcodec_send_packet(reader->codec, reader->packet);
        av_packet_unref(reader->packet);
        if (result < 0 && result != AVERROR(EAGAIN)) {
            int64_t width = 0, height = 0;
            if (parse_too_large(&width, &height)) {
                cffmpegshim_too_large(error, width, height, reader->max_pixels);
                return -1;
            }
            if (count_failure(reader, "undecodable packet skipped", result)) return finish_stream(reader);
        }
    }
    return 0;
}
