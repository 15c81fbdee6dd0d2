// Opening any file libavformat reads (videos, image sequences, still images)
// for decoding into 8-bit luma frames; decoding itself is in reader_decode.c.
#include "reader_internal.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool is_image_format(const char *name) {
    return strcmp(name, "image2") == 0 || strstr(name, "_pipe") != NULL || strcmp(name, "image2pipe") == 0;
}

int32_t cffmpegshim_too_large(CFFmpegShim_error *error, int64_t width, int64_t height, int64_t limit) {
    cffmpegshim_fail(error, CFFmpegShim_error_too_large, AVERROR(EINVAL), 0,
                     "picture is %" PRId64 "x%" PRId64 " pixels, more than the limit of %" PRId64,
                     width, height, limit);
    if (error != NULL) {
        error->width = width < 0 ? 0 : width;
        error->height = height < 0 ? 0 : height;
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

/// Whether `path` is a sequence pattern libavformat's image2 demuxer expands: exactly one `%d`
/// conversion, optionally with a width (`%5d`, `%05d`), and `%%` for a literal `%`. Anything else
/// (`%s`, two numbers) is not expanded by FFmpeg, which then quietly reads something else (for
/// `seq/%s.png`, the folder `seq/`) and delivers no frame.
static bool is_sequence_pattern(const char *path) {
    int numbers = 0;
    for (const char *p = path; *p != '\0'; p++) {
        if (*p != '%') continue;
        p++;
        if (*p == '%') continue;
        while (*p >= '0' && *p <= '9') p++;
        if (*p != 'd') return false;
        numbers++;
    }
    return numbers == 1;
}

static int32_t open_input(CFFmpegShim_reader *reader, const char *path, CFFmpegShim_error *error) {
    bool is_pattern = false;
    int32_t status = check_path(path, &is_pattern, error);
    if (status != CFFmpegShim_ok) return status;
    if (is_pattern && !is_sequence_pattern(path)) {
        return cffmpegshim_fail(error, CFFmpegShim_error_invalid_argument, AVERROR(ENOENT), ENOENT,
                                "no such file, and it matches no file as an image sequence pattern either: a "
                                "pattern takes exactly one number, %%d, optionally with a width such as %%05d "
                                "(write %%%% for a literal %%)");
    }

    int64_t width = 0, height = 0;
    // Header sizes are up to 32 bits each: compare by division, their product can overflow 64 bits.
    if (!is_pattern && cffmpegshim_sniff_image_size(path, &width, &height) && width > 0 && height > 0
        && width > reader->max_pixels / height) {
        return cffmpegshim_too_large(error, width, height, reader->max_pixels);
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
            // image2 looks for the first file among the numbers 0...4 (its start_number_range).
            char first[1024] = "", last[1024] = "";
            if (av_get_frame_filename(first, sizeof first, path, 0) < 0
                || av_get_frame_filename(last, sizeof last, path, 4) < 0) {
                return cffmpegshim_fail(error, CFFmpegShim_error_not_found, result, ENOENT, "no file matches the pattern");
            }
            return cffmpegshim_fail(error, CFFmpegShim_error_not_found, result, ENOENT,
                                    "looked for %s to %s, none exists", first, last);
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

/// The pixel limit handed to libavcodec. Its buffer allocator checks the width rounded up to
/// its stride alignment (up to 64) times the height, so a picture just inside our limit (say
/// 10000x10000 against 100 megapixels: 10048x10000 aligned) failed with "get_buffer() failed"
/// and was skipped as undecodable. Our own limit is exact and checked on the container's size
/// (above) and on every decoded picture (convert); libavcodec's only has to stop forged sizes
/// from being allocated, so it gets the alignment's headroom: exact when the size is known,
/// an eighth more otherwise.
static int64_t decoder_pixel_limit(int64_t limit, int64_t width, int64_t height) {
    if (width > 0 && height > 0 && width * height <= limit) {
        int64_t aligned = (width + 127) / 64 * 64 * ((height + 127) / 64 * 64);
        return aligned > limit ? aligned : limit;
    }
    return limit > INT64_MAX - limit / 8 ? INT64_MAX : limit + limit / 8;
}

static int32_t open_decoder(CFFmpegShim_reader *reader, CFFmpegShim_error *error) {
    AVFormatContext *format = reader->format;
    AVDictionary **stream_options = av_calloc(format->nb_streams ? format->nb_streams : 1, sizeof *stream_options);
    if (stream_options == NULL) {
        return cffmpegshim_fail(error, CFFmpegShim_error_out_of_memory, AVERROR(ENOMEM), ENOMEM, "out of memory");
    }
    for (unsigned i = 0; i < format->nb_streams; i++) {
        AVCodecParameters *parameters = format->streams[i]->codecpar;
        av_dict_set_int(&stream_options[i], "max_pixels",
                        decoder_pixel_limit(reader->max_pixels, parameters->width, parameters->height), 0);
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
        return cffmpegshim_too_large(error, parameters->width, parameters->height, reader->max_pixels);
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
    reader->codec->max_pixels = decoder_pixel_limit(reader->max_pixels, parameters->width, parameters->height);
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
    reader->luma_format = AV_PIX_FMT_NONE;
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

void CFFmpegShim_reader_set_exact_conversion(CFFmpegShim_reader *reader, bool exact) {
    reader->exact_conversion = exact;
}

bool CFFmpegShim_reader_uses_luma_table(const CFFmpegShim_reader *reader) {
    return !reader->exact_conversion && reader->luma_state == 1;
}

bool CFFmpegShim_reader_computes_luma(const CFFmpegShim_reader *reader) {
    return CFFmpegShim_reader_uses_luma_table(reader) && reader->luma_affine;
}
