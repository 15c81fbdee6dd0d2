// Decoding any file libavformat reads (videos, image sequences, still images)
// into 8-bit luma frames.
#include "internal.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>
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

static void note_damage(CFFmpegShim_reader *reader, const char *what, int averror) {
    if (reader->damage[0] != '\0') return;
    char reason[AV_ERROR_MAX_STRING_SIZE] = "";
    if (averror < 0) av_strerror(averror, reason, sizeof reason);
    const char *detail = cffmpegshim_last_log();
    snprintf(reader->damage, sizeof reader->damage, "%s after %" PRId64 " decoded frames%s%s%s%s", what,
             reader->decoded, reason[0] ? ": " : "", reason, detail[0] ? "; FFmpeg said: " : "", detail);
}

static bool is_image_format(const char *name) {
    return strcmp(name, "image2") == 0 || strstr(name, "_pipe") != NULL || strcmp(name, "image2pipe") == 0;
}

/// libavcodec reports pictures above `max_pixels` with this log line; it is
/// the only place the refused size is visible.
static bool parse_too_large(int *width, int *height) {
    const char *line = strstr(cffmpegshim_last_log(), "Picture size ");
    if (line == NULL || strstr(line, "max pixel count") == NULL) return false;
    unsigned w = 0, h = 0;
    if (sscanf(line, "Picture size %ux%u", &w, &h) != 2) return false;
    *width = (int)w;
    *height = (int)h;
    return true;
}

static int32_t too_large(CFFmpegShim_error *error, int64_t width, int64_t height, int64_t limit) {
    cffmpegshim_fail(error, CFFmpegShim_error_too_large, AVERROR(EINVAL), 0,
                     "picture is %" PRId64 "x%" PRId64 " pixels, more than the limit of %" PRId64,
                     width, height, limit);
    if (error != NULL) {
        error->width = (int32_t)width;
        error->height = (int32_t)height;
    }
    return CFFmpegShim_error_too_large;
}

/// Checks the path before FFmpeg sees it, so that a missing file, a directory
/// or an empty file get their own status instead of a generic demuxer error.
static int32_t check_path(const char *path, bool *is_pattern, CFFmpegShim_error *error) {
    struct stat status;
    *is_pattern = false;
    if (stat(path, &status) != 0) {
        int code = errno;
        if (code == ENOENT && strchr(path, '%') != NULL) {
            *is_pattern = true;
            return CFFmpegShim_ok;
        }
        return cffmpegshim_fail(error, code == ENOENT || code == ENOTDIR ? CFFmpegShim_error_not_found
                                                                         : CFFmpegShim_error_io,
                                AVERROR(code), code, "%s", strerror(code));
    }
    if (!S_ISREG(status.st_mode)) {
        return cffmpegshim_fail(error, CFFmpegShim_error_not_a_file, 0, S_ISDIR(status.st_mode) ? EISDIR : 0,
                                S_ISDIR(status.st_mode) ? "is a directory" : "is not a regular file");
    }
    if (status.st_size == 0) {
        return cffmpegshim_fail(error, CFFmpegShim_error_empty_file, 0, 0, "file is empty (0 bytes)");
    }
    if (access(path, R_OK) != 0) {
        int code = errno;
        return cffmpegshim_fail(error, CFFmpegShim_error_io, AVERROR(code), code, "%s", strerror(code));
    }
    return CFFmpegShim_ok;
}

static int32_t open_input(CFFmpegShim_reader *reader, const char *path, CFFmpegShim_error *error) {
    bool is_pattern = false;
    int32_t status = check_path(path, &is_pattern, error);
    if (status != CFFmpegShim_ok) return status;

    int64_t width = 0, height = 0;
    if (!is_pattern && cffmpegshim_sniff_image_size(path, &width, &height) && width > 0 && height > 0
        && width * height > reader->max_pixels) {
        return too_large(error, width, height, reader->max_pixels);
    }

    AVDictionary *options = NULL;
    const AVInputFormat *forced = NULL;
    if (is_pattern) {
        forced = av_find_input_format("image2");
    } else {
        // An existing file whose name contains '%' is one file, not a pattern.
        av_dict_set(&options, "pattern_type", "none", 0);
    }
    int result = avformat_open_input(&reader->format, path, forced, &options);
    av_dict_free(&options);
    if (result < 0) {
        char reason[AV_ERROR_MAX_STRING_SIZE];
        av_strerror(result, reason, sizeof reason);
        if (is_pattern && result == AVERROR(ENOENT)) {
            return cffmpegshim_fail(error, CFFmpegShim_error_not_found, result, ENOENT,
                                    "no file matches the pattern");
        }
        int32_t code = cffmpegshim_status_for_averror(result);
        // A demuxer that guessed the format and then choked means: not media we can read.
        if (code == CFFmpegShim_error_library) code = CFFmpegShim_error_unsupported_format;
        return cffmpegshim_fail(error, code, result, result > -4096 && result < 0 ? AVUNERROR(result) : 0,
                                "%s", reason);
    }
    // The tty demuxer renders any .txt file as ANSI art; that is never media
    // a barcode reader wants.
    if (strcmp(reader->format->iformat->name, "tty") == 0) {
        return cffmpegshim_fail(error, CFFmpegShim_error_unsupported_format, AVERROR_INVALIDDATA, 0,
                                "text file, not an image or video");
    }
    return CFFmpegShim_ok;
}

static int32_t open_decoder(CFFmpegShim_reader *reader, CFFmpegShim_error *error) {
    AVFormatContext *format = reader->format;
    AVDictionary **stream_options = av_calloc(format->nb_streams ? format->nb_streams : 1, sizeof *stream_options);
    if (stream_options == NULL) {
        return cffmpegshim_fail(error, CFFmpegShim_error_out_of_memory, AVERROR(ENOMEM), ENOMEM, "out of memory");
    }
    for (unsigned i = 0; i < format->nb_streams; i++) {
        av_dict_set_int(&stream_options[i], "max_pixels", reader->max_pixels, 0);
    }
    unsigned stream_count = format->nb_streams;
    // A failure here is not final: the stream may still decode below.
    (void)avformat_find_stream_info(format, stream_options);
    for (unsigned i = 0; i < stream_count; i++) av_dict_free(&stream_options[i]);
    av_free(stream_options);

    const AVCodec *decoder = NULL;
    int index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0);
    if (index < 0) {
        if (index == AVERROR_DECODER_NOT_FOUND) {
            return cffmpegshim_fail(error, CFFmpegShim_error_codec_unavailable, index, 0,
                                    "no decoder for the video stream");
        }
        return cffmpegshim_fail(error, CFFmpegShim_error_no_video_stream, index, 0,
                                "no video or image stream (format %s)", format->iformat->name);
    }
    AVStream *stream = format->streams[index];
    AVCodecParameters *parameters = stream->codecpar;
    if ((int64_t)parameters->width * parameters->height > reader->max_pixels) {
        return too_large(error, parameters->width, parameters->height, reader->max_pixels);
    }
    reader->stream_index = index;
    reader->time_base = stream->time_base;
    reader->codec = avcodec_alloc_context3(decoder);
    if (reader->codec == NULL) {
        return cffmpegshim_fail(error, CFFmpegShim_error_out_of_memory, AVERROR(ENOMEM), ENOMEM, "out of memory");
    }
    int result = avcodec_parameters_to_context(reader->codec, parameters);
    if (result < 0) return cffmpegshim_fail(error, CFFmpegShim_error_library, result, 0, "bad codec parameters");
    reader->codec->pkt_timebase = stream->time_base;
    reader->codec->max_pixels = reader->max_pixels;
    reader->codec->thread_count = 1;
    result = avcodec_open2(reader->codec, decoder, NULL);
    if (result < 0) {
        return cffmpegshim_fail(error, CFFmpegShim_error_codec_unavailable, result, 0,
                                "cannot open the %s decoder", decoder->name);
    }

    CFFmpegShim_reader_info *info = &reader->info;
    info->width = parameters->width;
    info->height = parameters->height;
    AVRational rate = stream->avg_frame_rate.num > 0 && stream->avg_frame_rate.den > 0 ? stream->avg_frame_rate
                                                                                         : stream->r_frame_rate;
    if (rate.num > 0 && rate.den > 0) {
        info->rate_numerator = rate.num;
        info->rate_denominator = rate.den;
    } else {
        info->rate_numerator = 0;
        info->rate_denominator = 1;
    }
    info->announced_frame_count = stream->nb_frames > 0 ? stream->nb_frames : 0;
    if (stream->duration != AV_NOPTS_VALUE && stream->duration > 0) {
        info->duration = (double)stream->duration * av_q2d(stream->time_base);
        reader->duration_is_reliable = format->duration_estimation_method != AVFMT_DURATION_FROM_BITRATE;
    } else if (format->duration != AV_NOPTS_VALUE && format->duration > 0) {
        info->duration = (double)format->duration / AV_TIME_BASE;
        reader->duration_is_reliable = format->nb_streams == 1
            && format->duration_estimation_method != AVFMT_DURATION_FROM_BITRATE;
    } else {
        info->duration = -1;
    }
    snprintf(info->format_name, sizeof info->format_name, "%s", format->iformat->name);
    snprintf(info->codec_name, sizeof info->codec_name, "%s", decoder->name);
    info->is_image_format = is_image_format(format->iformat->name);
    return CFFmpegShim_ok;
}

CFFmpegShim_reader *CFFmpegShim_reader_create(const char *path, int64_t max_pixels, CFFmpegShim_error *error) {
    cffmpegshim_install_log();
    cffmpegshim_clear_log();
    if (path == NULL || path[0] == '\0') {
        cffmpegshim_fail(error, CFFmpegShim_error_invalid_argument, 0, 0, "empty path");
        return NULL;
    }
    if (max_pixels <= 0) {
        cffmpegshim_fail(error, CFFmpegShim_error_invalid_argument, 0, 0, "pixel limit must be positive");
        return NULL;
    }
    CFFmpegShim_reader *reader = av_mallocz(sizeof *reader);
    if (reader == NULL) {
        cffmpegshim_fail(error, CFFmpegShim_error_out_of_memory, AVERROR(ENOMEM), ENOMEM, "out of memory");
        return NULL;
    }
    reader->max_pixels = max_pixels;
    reader->stream_index = -1;
    reader->last_time = NAN;
    if (open_input(reader, path, error) != CFFmpegShim_ok || open_decoder(reader, error) != CFFmpegShim_ok) {
        CFFmpegShim_reader_destroy(reader);
        return NULL;
    }
    reader->packet = av_packet_alloc();
    reader->frame = av_frame_alloc();
    if (reader->packet == NULL || reader->frame == NULL) {
        cffmpegshim_fail(error, CFFmpegShim_error_out_of_memory, AVERROR(ENOMEM), ENOMEM, "out of memory");
        CFFmpegShim_reader_destroy(reader);
        return NULL;
    }
    return reader;
}

void CFFmpegShim_reader_destroy(CFFmpegShim_reader *reader) {
    if (reader == NULL) return;
    sws_freeContext(reader->sws);
    av_frame_free(&reader->frame);
    av_packet_free(&reader->packet);
    avcodec_free_context(&reader->codec);
    avformat_close_input(&reader->format);
    av_free(reader->gray);
    av_free(reader);
}

void CFFmpegShim_reader_get_info(const CFFmpegShim_reader *reader, CFFmpegShim_reader_info *info) {
    *info = reader->info;
}

void CFFmpegShim_reader_damage(const CFFmpegShim_reader *reader, int64_t *skipped, bool *truncated,
                               char *message, size_t message_capacity) {
    if (skipped != NULL) *skipped = reader->skipped;
    if (truncated != NULL) *truncated = reader->truncated;
    if (message != NULL && message_capacity > 0) snprintf(message, message_capacity, "%s", reader->damage);
}

/// Converts the decoded frame to tightly packed GRAY8 in `reader->gray`.
static int32_t convert(CFFmpegShim_reader *reader, CFFmpegShim_frame *out, CFFmpegShim_error *error) {
    AVFrame *frame = reader->frame;
    int width = frame->width, height = frame->height;
    if (width <= 0 || height <= 0) {
        return cffmpegshim_fail(error, CFFmpegShim_error_decode, AVERROR_INVALIDDATA, 0,
                                "decoder returned an empty picture");
    }
    if ((int64_t)width * height > reader->max_pixels) return too_large(error, width, height, reader->max_pixels);
    size_t needed = (size_t)width * (size_t)height;
    if (needed > reader->gray_capacity) {
        av_free(reader->gray);
        reader->gray = av_malloc(needed);
        reader->gray_capacity = reader->gray ? needed : 0;
        if (reader->gray == NULL) {
            return cffmpegshim_fail(error, CFFmpegShim_error_out_of_memory, AVERROR(ENOMEM), ENOMEM, "out of memory");
        }
    }
    if (frame->format == AV_PIX_FMT_GRAY8) {
        for (int y = 0; y < height; y++) {
            memcpy(reader->gray + (size_t)y * width, frame->data[0] + (ptrdiff_t)y * frame->linesize[0], width);
        }
    } else {
        reader->sws = sws_getCachedContext(reader->sws, width, height, frame->format, width, height,
                                           AV_PIX_FMT_GRAY8, SWS_BILINEAR | SWS_ACCURATE_RND, NULL, NULL, NULL);
        if (reader->sws == NULL) {
            return cffmpegshim_fail(error, CFFmpegShim_error_library, AVERROR(EINVAL), 0,
                                    "cannot convert pixel format %s to 8-bit grey",
                                    av_get_pix_fmt_name(frame->format) ? av_get_pix_fmt_name(frame->format) : "?");
        }
        // Limited-range YUV (16...235) is stretched to full-range grey.
        // The deprecated yuvj* formats are full range whatever color_range says.
        enum AVPixelFormat format = frame->format;
        int source_full = frame->color_range == AVCOL_RANGE_JPEG || format == AV_PIX_FMT_YUVJ420P
            || format == AV_PIX_FMT_YUVJ422P || format == AV_PIX_FMT_YUVJ444P || format == AV_PIX_FMT_YUVJ440P
            || format == AV_PIX_FMT_YUVJ411P;
        const int *coefficients = sws_getCoefficients(SWS_CS_DEFAULT);
        sws_setColorspaceDetails(reader->sws, coefficients, source_full, coefficients, 1, 0, 1 << 16, 1 << 16);
        uint8_t *planes[4] = {reader->gray, NULL, NULL, NULL};
        int strides[4] = {width, 0, 0, 0};
        int rows = sws_scale(reader->sws, (const uint8_t *const *)frame->data, frame->linesize, 0, height, planes,
                             strides);
        if (rows != height) {
            return cffmpegshim_fail(error, CFFmpegShim_error_library, rows < 0 ? rows : AVERROR(EINVAL), 0,
                                    "pixel conversion failed");
        }
    }
    out->pixels = reader->gray;
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
            int width = 0, height = 0;
            if (parse_too_large(&width, &height)) {
                too_large(error, width, height, reader->max_pixels);
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
            int width = 0, height = 0;
            if (parse_too_large(&width, &height)) {
                too_large(error, width, height, reader->max_pixels);
                return -1;
            }
            if (count_failure(reader, "undecodable packet skipped", result)) return finish_stream(reader);
        }
    }
    return 0;
}
