// Encoding luma or RGB frames into a video file whose container follows the
// file name's extension.
#include "internal.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>

struct CFFmpegShim_writer {
    AVFormatContext *format;
    AVCodecContext *codec;
    AVStream *stream;
    struct SwsContext *sws[2];
    AVFrame *frame;
    AVPacket *packet;
    /// Size of the caller's frames; the encoded size is rounded up to even.
    int width;
    int height;
    /// Caller frames copied with the last row and column repeated, when the
    /// size is odd (4:2:0 encoders need even sizes).
    uint8_t *padded;
    bool file_open;
    bool header_written;
    bool finished;
    int64_t last_pts;
    char codec_name[32];
};

typedef struct {
    const char *extension;
    const char *muxer;
    int codec;  // 0 = H.264 if libx264 exists, else MPEG-4 part 2
    enum AVPixelFormat pixel_format;
} container;

static const container containers[] = {
    {"mp4", "mp4", 0, AV_PIX_FMT_YUV420P},
    {"mov", "mov", 0, AV_PIX_FMT_YUV420P},
    {"mkv", "matroska", 0, AV_PIX_FMT_YUV420P},
    {"avi", "avi", AV_CODEC_ID_MJPEG, AV_PIX_FMT_YUVJ420P},
    {"y4m", "yuv4mpegpipe", AV_CODEC_ID_WRAPPED_AVFRAME, AV_PIX_FMT_YUV420P},
};

static const container *container_for(const char *path) {
    const char *dot = strrchr(path, '.');
    const char *slash = strrchr(path, '/');
    if (dot == NULL || (slash != NULL && dot < slash)) return NULL;
    for (size_t i = 0; i < sizeof containers / sizeof containers[0]; i++) {
        if (strcasecmp(dot + 1, containers[i].extension) == 0) return &containers[i];
    }
    return NULL;
}

bool CFFmpegShim_writer_knows_extension(const char *path) { return path != NULL && container_for(path) != NULL; }

static int32_t configure_encoder(CFFmpegShim_writer *writer, const container *kind, int32_t rate_numerator,
                                 int32_t rate_denominator, CFFmpegShim_error *error) {
    const AVCodec *encoder = NULL;
    if (kind->codec == 0) {
        encoder = avcodec_find_encoder_by_name("libx264");
        if (encoder == NULL) encoder = avcodec_find_encoder(AV_CODEC_ID_MPEG4);
    } else {
        encoder = avcodec_find_encoder(kind->codec);
    }
    if (encoder == NULL) {
        return cffmpegshim_fail(error, CFFmpegShim_error_codec_unavailable, AVERROR_ENCODER_NOT_FOUND, 0,
                                "no encoder for .%s files in this FFmpeg build", kind->extension);
    }
    snprintf(writer->codec_name, sizeof writer->codec_name, "%s", encoder->name);
    AVCodecContext *codec = avcodec_alloc_context3(encoder);
    writer->codec = codec;
    if (codec == NULL) {
        return cffmpegshim_fail(error, CFFmpegShim_error_out_of_memory, AVERROR(ENOMEM), ENOMEM, "out of memory");
    }
    codec->width = (writer->width + 1) & ~1;
    codec->height = (writer->height + 1) & ~1;
    codec->pix_fmt = kind->pixel_format;
    codec->time_base = (AVRational){rate_denominator, rate_numerator};
    codec->framerate = (AVRational){rate_numerator, rate_denominator};
    codec->sample_aspect_ratio = (AVRational){1, 1};
    int gop = rate_denominator > 0 ? 2 * rate_numerator / rate_denominator : 12;
    codec->gop_size = gop > 0 ? gop : 1;
    codec->thread_count = 2;
    if (encoder->id == AV_CODEC_ID_H264) {
        av_opt_set(codec->priv_data, "preset", "veryfast", 0);
        av_opt_set(codec->priv_data, "crf", "18", 0);
    } else if (encoder->id == AV_CODEC_ID_MPEG4 || encoder->id == AV_CODEC_ID_MJPEG) {
        // Fixed quantiser 3: small error, so overlays and test patterns survive.
        codec->flags |= AV_CODEC_FLAG_QSCALE;
        codec->global_quality = FF_QP2LAMBDA * 3;
    }
    if (encoder->id == AV_CODEC_ID_MJPEG) codec->color_range = AVCOL_RANGE_JPEG;
    if (writer->format->oformat->flags & AVFMT_GLOBALHEADER) codec->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    int result = avcodec_open2(codec, encoder, NULL);
    if (result < 0) {
        return cffmpegshim_fail(error, CFFmpegShim_error_codec_unavailable, result, 0,
                                "cannot open the %s encoder", encoder->name);
    }
    writer->stream = avformat_new_stream(writer->format, NULL);
    if (writer->stream == NULL) {
        return cffmpegshim_fail(error, CFFmpegShim_error_out_of_memory, AVERROR(ENOMEM), ENOMEM, "out of memory");
    }
    result = avcodec_parameters_from_context(writer->stream->codecpar, codec);
    if (result < 0) return cffmpegshim_fail(error, CFFmpegShim_error_library, result, 0, "bad codec parameters");
    writer->stream->time_base = codec->time_base;
    writer->stream->avg_frame_rate = codec->framerate;
    return CFFmpegShim_ok;
}

static int32_t open_file(CFFmpegShim_writer *writer, const char *path, const container *kind,
                         CFFmpegShim_error *error) {
    int result = avio_open(&writer->format->pb, path, AVIO_FLAG_WRITE);
    if (result < 0) {
        char reason[AV_ERROR_MAX_STRING_SIZE];
        av_strerror(result, reason, sizeof reason);
        int32_t status = cffmpegshim_status_for_averror(result);
        if (status == CFFmpegShim_error_library || status == CFFmpegShim_error_unsupported_format) {
            status = CFFmpegShim_error_io;
        }
        return cffmpegshim_fail(error, status, result, result > -4096 ? AVUNERROR(result) : 0, "%s", reason);
    }
    writer->file_open = true;
    AVDictionary *options = NULL;
    // The index goes first, so that a file cut short still plays up to the cut.
    if (strcmp(kind->muxer, "mp4") == 0 || strcmp(kind->muxer, "mov") == 0) {
        av_dict_set(&options, "movflags", "+faststart", 0);
    }
    result = avformat_write_header(writer->format, &options);
    av_dict_free(&options);
    if (result < 0) {
        return cffmpegshim_fail(error, CFFmpegShim_error_encode, result, 0, "cannot write the file header");
    }
    writer->header_written = true;
    writer->frame = av_frame_alloc();
    writer->packet = av_packet_alloc();
    if (writer->frame == NULL || writer->packet == NULL) {
        return cffmpegshim_fail(error, CFFmpegShim_error_out_of_memory, AVERROR(ENOMEM), ENOMEM, "out of memory");
    }
    writer->frame->format = writer->codec->pix_fmt;
    writer->frame->width = writer->codec->width;
    writer->frame->height = writer->codec->height;
    result = av_frame_get_buffer(writer->frame, 0);
    if (result < 0) {
        return cffmpegshim_fail(error, CFFmpegShim_error_out_of_memory, result, ENOMEM, "out of memory");
    }
    return CFFmpegShim_ok;
}

CFFmpegShim_writer *CFFmpegShim_writer_create(const char *path, int32_t width, int32_t height,
                                              int32_t rate_numerator, int32_t rate_denominator,
                                              CFFmpegShim_error *error) {
    cffmpegshim_clear_log();
    if (path == NULL || path[0] == '\0') {
        cffmpegshim_fail(error, CFFmpegShim_error_invalid_argument, 0, 0, "empty path");
        return NULL;
    }
    const container *kind = container_for(path);
    if (kind == NULL) {
        cffmpegshim_fail(error, CFFmpegShim_error_invalid_argument, 0, 0,
                         "unknown video file extension (use .mp4, .mov, .mkv, .avi or .y4m)");
        return NULL;
    }
    if (width <= 0 || height <= 0 || width > 16384 || height > 16384) {
        cffmpegshim_fail(error, CFFmpegShim_error_invalid_argument, 0, 0,
                         "frame size %dx%d is outside 1x1...16384x16384", width, height);
        return NULL;
    }
    if (rate_numerator <= 0 || rate_denominator <= 0) {
        cffmpegshim_fail(error, CFFmpegShim_error_invalid_argument, 0, 0, "frame rate must be positive");
        return NULL;
    }
    CFFmpegShim_writer *writer = av_mallocz(sizeof *writer);
    if (writer == NULL) {
        cffmpegshim_fail(error, CFFmpegShim_error_out_of_memory, AVERROR(ENOMEM), ENOMEM, "out of memory");
        return NULL;
    }
    writer->width = width;
    writer->height = height;
    writer->last_pts = INT64_MIN;
    int result = avformat_alloc_output_context2(&writer->format, NULL, kind->muxer, path);
    if (result < 0 || writer->format == NULL) {
        cffmpegshim_fail(error, CFFmpegShim_error_codec_unavailable, result, 0, "no %s muxer in this FFmpeg build",
                         kind->muxer);
        CFFmpegShim_writer_destroy(writer);
        return NULL;
    }
    if (configure_encoder(writer, kind, rate_numerator, rate_denominator, error) != CFFmpegShim_ok
        || open_file(writer, path, kind, error) != CFFmpegShim_ok) {
        CFFmpegShim_writer_destroy(writer);
        return NULL;
    }
    if ((width | height) & 1) {
        writer->padded = av_malloc((size_t)writer->codec->width * writer->codec->height * 3);
        if (writer->padded == NULL) {
            cffmpegshim_fail(error, CFFmpegShim_error_out_of_memory, AVERROR(ENOMEM), ENOMEM, "out of memory");
            CFFmpegShim_writer_destroy(writer);
            return NULL;
        }
    }
    return writer;
}

/// Sends `frame` (NULL to flush) and writes every packet the encoder returns.
static int32_t encode(CFFmpegShim_writer *writer, AVFrame *frame, CFFmpegShim_error *error) {
    int result = avcodec_send_frame(writer->codec, frame);
    if (result < 0) return cffmpegshim_fail(error, CFFmpegShim_error_encode, result, 0, "encoder refused the frame");
    for (;;) {
        result = avcodec_receive_packet(writer->codec, writer->packet);
        if (result == AVERROR(EAGAIN) || result == AVERROR_EOF) return CFFmpegShim_ok;
        if (result < 0) return cffmpegshim_fail(error, CFFmpegShim_error_encode, result, 0, "encoding failed");
        av_packet_rescale_ts(writer->packet, writer->codec->time_base, writer->stream->time_base);
        writer->packet->stream_index = writer->stream->index;
        result = av_interleaved_write_frame(writer->format, writer->packet);
        if (result < 0) {
            int32_t status = result == AVERROR(ENOSPC) || result == AVERROR(EIO) ? CFFmpegShim_error_io
                                                                                 : CFFmpegShim_error_encode;
            return cffmpegshim_fail(error, status, result, result > -4096 ? AVUNERROR(result) : 0,
                                    "writing to the file failed");
        }
    }
}

int32_t CFFmpegShim_writer_write(CFFmpegShim_writer *writer, const uint8_t *pixels, int32_t stride,
                                 int32_t pixel_layout, int64_t pts, CFFmpegShim_error *error) {
    cffmpegshim_clear_log();
    if (writer->finished) {
        return cffmpegshim_fail(error, CFFmpegShim_error_invalid_argument, 0, 0, "the writer is already finished");
    }
    if (pixels == NULL || (pixel_layout != CFFmpegShim_pixels_gray8 && pixel_layout != CFFmpegShim_pixels_rgb24)) {
        return cffmpegshim_fail(error, CFFmpegShim_error_invalid_argument, 0, 0, "no pixels or unknown layout");
    }
    int bytes_per_pixel = pixel_layout == CFFmpegShim_pixels_rgb24 ? 3 : 1;
    if (stride < writer->width * bytes_per_pixel) {
        return cffmpegshim_fail(error, CFFmpegShim_error_invalid_argument, 0, 0, "row stride too small");
    }
    if (pts <= writer->last_pts) {
        return cffmpegshim_fail(error, CFFmpegShim_error_invalid_argument, 0, 0, "timestamps must increase");
    }
    int width = writer->codec->width, height = writer->codec->height;
    const uint8_t *source = pixels;
    int source_stride = stride;
    if (writer->padded != NULL) {
        // Repeat the last column and row to reach the even encoded size.
        size_t row_bytes = (size_t)width * bytes_per_pixel;
        for (int y = 0; y < height; y++) {
            const uint8_t *in = pixels + (ptrdiff_t)(y < writer->height ? y : writer->height - 1) * stride;
            uint8_t *out = writer->padded + (size_t)y * row_bytes;
            memcpy(out, in, (size_t)writer->width * bytes_per_pixel);
            if (width > writer->width) {
                memcpy(out + (size_t)writer->width * bytes_per_pixel,
                       in + (size_t)(writer->width - 1) * bytes_per_pixel, bytes_per_pixel);
            }
        }
        source = writer->padded;
        source_stride = (int)row_bytes;
    }
    enum AVPixelFormat input_format = pixel_layout == CFFmpegShim_pixels_rgb24 ? AV_PIX_FMT_RGB24 : AV_PIX_FMT_GRAY8;
    struct SwsContext **sws = &writer->sws[pixel_layout];
    // The range is set below, on the context: a yuvj* target (MJPEG) goes in as its yuv* twin.
    *sws = sws_getCachedContext(*sws, width, height, input_format, width, height,
                                cffmpegshim_swscale_format(writer->codec->pix_fmt, NULL),
                                SWS_BILINEAR | SWS_ACCURATE_RND, NULL, NULL, NULL);
    if (*sws == NULL) {
        return cffmpegshim_fail(error, CFFmpegShim_error_library, AVERROR(EINVAL), 0, "cannot set up pixel conversion");
    }
    const int *coefficients = sws_getCoefficients(SWS_CS_ITU601);
    int destination_full = writer->codec->color_range == AVCOL_RANGE_JPEG;
    sws_setColorspaceDetails(*sws, coefficients, 1, coefficients, destination_full, 0, 1 << 16, 1 << 16);
    int result = av_frame_make_writable(writer->frame);
    if (result < 0) return cffmpegshim_fail(error, CFFmpegShim_error_out_of_memory, result, ENOMEM, "out of memory");
    const uint8_t *planes[4] = {source, NULL, NULL, NULL};
    int strides[4] = {source_stride, 0, 0, 0};
    sws_scale(*sws, planes, strides, 0, height, writer->frame->data, writer->frame->linesize);
    writer->frame->pts = pts;
    writer->last_pts = pts;
    return encode(writer, writer->frame, error);
}

int32_t CFFmpegShim_writer_finish(CFFmpegShim_writer *writer, CFFmpegShim_error *error) {
    cffmpegshim_clear_log();
    if (writer->finished) return CFFmpegShim_ok;
    writer->finished = true;
    int32_t status = encode(writer, NULL, error);
    if (status != CFFmpegShim_ok) return status;
    int result = av_write_trailer(writer->format);
    writer->header_written = false;
    if (result < 0) return cffmpegshim_fail(error, CFFmpegShim_error_encode, result, 0, "cannot finish the file");
    result = avio_closep(&writer->format->pb);
    writer->file_open = false;
    if (result < 0) {
        return cffmpegshim_fail(error, CFFmpegShim_error_io, result, result > -4096 ? AVUNERROR(result) : 0,
                                "closing the file failed");
    }
    return CFFmpegShim_ok;
}

void CFFmpegShim_writer_destroy(CFFmpegShim_writer *writer) {
    if (writer == NULL) return;
    if (writer->format != NULL && writer->file_open) avio_closep(&writer->format->pb);
    avformat_free_context(writer->format);
    avcodec_free_context(&writer->codec);
    sws_freeContext(writer->sws[0]);
    sws_freeContext(writer->sws[1]);
    av_frame_free(&writer->frame);
    av_packet_free(&writer->packet);
    av_free(writer->padded);
    av_free(writer);
}

const char *CFFmpegShim_writer_codec_name(const CFFmpegShim_writer *writer) { return writer->codec_name; }
