// Still-image JPEG encoding of 8-bit luma frames with libavcodec's MJPEG encoder
// (the live view's MJPEG stream). No policy: the caller picks size and quality.
#include "internal.h"

#include <stdlib.h>
#include <string.h>

#include <libavcodec/avcodec.h>

struct CFFmpegShim_jpeg_encoder {
    AVCodecContext *context;
    AVFrame *frame;
    AVPacket *packet;
    int32_t quality;
    /// Encoders refuse a timestamp that does not increase, so each picture gets the next one.
    int64_t next_pts;
};

CFFmpegShim_jpeg_encoder *CFFmpegShim_jpeg_encoder_create(int32_t width, int32_t height, int32_t quality,
                                                          CFFmpegShim_error *error) {
    cffmpegshim_clear_log();
    if (width < 1 || height < 1 || width > 16384 || height > 16384 || quality < 1 || quality > 31) {
        cffmpegshim_fail(error, CFFmpegShim_error_invalid_argument, 0, 0,
                         "JPEG encoder: size %dx%d or quality %d out of range", width, height, quality);
        return NULL;
    }
    const AVCodec *codec = avcodec_find_encoder(AV_CODEC_ID_MJPEG);
    if (!codec) {
        cffmpegshim_fail(error, CFFmpegShim_error_codec_unavailable, 0, 0, "this FFmpeg has no MJPEG encoder");
        return NULL;
    }
    CFFmpegShim_jpeg_encoder *encoder = calloc(1, sizeof *encoder);
    if (!encoder) { cffmpegshim_fail(error, CFFmpegShim_error_out_of_memory, 0, 0, "out of memory"); return NULL; }
    encoder->quality = quality;
    encoder->context = avcodec_alloc_context3(codec);
    encoder->frame = av_frame_alloc();
    encoder->packet = av_packet_alloc();
    if (!encoder->context || !encoder->frame || !encoder->packet) {
        CFFmpegShim_jpeg_encoder_destroy(encoder);
        cffmpegshim_fail(error, CFFmpegShim_error_out_of_memory, 0, 0, "out of memory");
        return NULL;
    }
    AVCodecContext *c = encoder->context;
    c->width = width;
    c->height = height;
    c->pix_fmt = AV_PIX_FMT_YUVJ420P;
    c->time_base = (AVRational){1, 30};
    c->flags |= AV_CODEC_FLAG_QSCALE;
    c->global_quality = FF_QP2LAMBDA * quality;
    int status = avcodec_open2(c, codec, NULL);
    if (status < 0) {
        CFFmpegShim_jpeg_encoder_destroy(encoder);
        cffmpegshim_fail(error, CFFmpegShim_error_codec_unavailable, status, 0, "cannot open the MJPEG encoder");
        return NULL;
    }
    encoder->frame->format = c->pix_fmt;
    encoder->frame->width = width;
    encoder->frame->height = height;
    status = av_frame_get_buffer(encoder->frame, 0);
    if (status < 0) {
        CFFmpegShim_jpeg_encoder_destroy(encoder);
        cffmpegshim_fail(error, CFFmpegShim_error_out_of_memory, status, 0, "cannot allocate a %dx%d picture", width, height);
        return NULL;
    }
    // Grey pictures: neutral chroma, written once.
    for (int plane = 1; plane <= 2; plane++) {
        int rows = (height + 1) / 2;
        for (int y = 0; y < rows; y++) {
            memset(encoder->frame->data[plane] + (size_t)y * encoder->frame->linesize[plane], 128, (size_t)(width + 1) / 2);
        }
    }
    return encoder;
}

int32_t CFFmpegShim_jpeg_encoder_encode(CFFmpegShim_jpeg_encoder *encoder, const uint8_t *luma, int32_t stride,
                                        uint8_t *output, size_t capacity, size_t *written, CFFmpegShim_error *error) {
    cffmpegshim_clear_log();
    *written = 0;
    AVFrame *frame = encoder->frame;
    int status = av_frame_make_writable(frame);
    if (status < 0) return cffmpegshim_fail(error, CFFmpegShim_error_out_of_memory, status, 0, "picture not writable");
    for (int y = 0; y < frame->height; y++) {
        memcpy(frame->data[0] + (size_t)y * frame->linesize[0], luma + (size_t)y * stride, (size_t)frame->width);
    }
    frame->quality = encoder->context->global_quality;
    frame->pts = encoder->next_pts++;
    status = avcodec_send_frame(encoder->context, frame);
    if (status < 0) return cffmpegshim_fail(error, CFFmpegShim_error_encode, status, 0, "MJPEG encoder refused the picture");
    status = avcodec_receive_packet(encoder->context, encoder->packet);
    if (status < 0) return cffmpegshim_fail(error, CFFmpegShim_error_encode, status, 0, "MJPEG encoder produced no picture");
    int32_t result = CFFmpegShim_ok;
    if ((size_t)encoder->packet->size > capacity) {
        result = cffmpegshim_fail(error, CFFmpegShim_error_encode, 0, 0, "JPEG of %d bytes exceeds the %zu-byte buffer",
                                  encoder->packet->size, capacity);
    } else {
        memcpy(output, encoder->packet->data, (size_t)encoder->packet->size);
        *written = (size_t)encoder->packet->size;
    }
    av_packet_unref(encoder->packet);
    return result;
}

void CFFmpegShim_jpeg_encoder_destroy(CFFmpegShim_jpeg_encoder *encoder) {
    if (!encoder) return;
    avcodec_free_context(&encoder->context);
    av_frame_free(&encoder->frame);
    av_packet_free(&encoder->packet);
    free(encoder);
}
