// Decoding one still image (PNG, JPEG, …) into packed RGB24: for checking rendered
// pictures such as browser screenshots by colour. Video frames go through reader.c.
#include "internal.h"
#include "reader_internal.h"

#include <stdlib.h>
#include <string.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libswscale/swscale.h>

int32_t CFFmpegShim_image_read_rgb(const char *path, int64_t max_pixels, uint8_t **pixels, int32_t *width,
                                   int32_t *height, CFFmpegShim_error *error) {
    cffmpegshim_clear_log();
    *pixels = NULL;
    AVFormatContext *format = NULL;
    AVCodecContext *codec = NULL;
    AVPacket *packet = av_packet_alloc();
    AVFrame *frame = av_frame_alloc();
    struct SwsContext *sws = NULL;
    int32_t status = CFFmpegShim_ok;
    int result = avformat_open_input(&format, path, NULL, NULL);
    if (result < 0) { status = cffmpegshim_fail(error, cffmpegshim_status_for_averror(result), result, 0, "cannot open %s", path); goto done; }
    const AVCodec *decoder = NULL;
    int index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0);
    if (index < 0 || !decoder) { status = cffmpegshim_fail(error, CFFmpegShim_error_no_video_stream, index, 0, "%s holds no picture", path); goto done; }
    codec = avcodec_alloc_context3(decoder);
    if (!codec || !packet || !frame) { status = cffmpegshim_fail(error, CFFmpegShim_error_out_of_memory, 0, 0, "out of memory"); goto done; }
    avcodec_parameters_to_context(codec, format->streams[index]->codecpar);
    if ((int64_t)codec->width * codec->height > max_pixels) {
        status = cffmpegshim_too_large(error, codec->width, codec->height, max_pixels);
        goto done;
    }
    // The stream's size is what the demuxer guessed; the decoder may meet another one (a JPEG
    // whose frame header disagrees with the probe's, found by fuzzing: 65178x2296 RGB behind a
    // small stream size). libavcodec refuses frames above its max_pixels, and the decoded
    // frame is checked again below, before anything is allocated for it.
    codec->max_pixels = max_pixels;
    result = avcodec_open2(codec, decoder, NULL);
    if (result < 0) { status = cffmpegshim_fail(error, CFFmpegShim_error_codec_unavailable, result, 0, "cannot open the decoder"); goto done; }
    bool decoded = false;
    while (!decoded && av_read_frame(format, packet) >= 0) {
        if (packet->stream_index == index && avcodec_send_packet(codec, packet) >= 0) {
            decoded = avcodec_receive_frame(codec, frame) >= 0;
        }
        av_packet_unref(packet);
    }
    if (!decoded) {
        avcodec_send_packet(codec, NULL);
        decoded = avcodec_receive_frame(codec, frame) >= 0;
    }
    if (!decoded) { status = cffmpegshim_fail(error, CFFmpegShim_error_decode, 0, 0, "nothing decodable in %s", path); goto done; }
    if ((int64_t)frame->width * frame->height > max_pixels) {
        status = cffmpegshim_too_large(error, frame->width, frame->height, max_pixels);
        goto done;
    }
    bool yuvj = false;
    enum AVPixelFormat source_format = cffmpegshim_swscale_format(frame->format, &yuvj);
    sws = sws_getContext(frame->width, frame->height, source_format, frame->width, frame->height, AV_PIX_FMT_RGB24,
                         SWS_POINT, NULL, NULL, NULL);
    if (sws != NULL && yuvj) {
        // Full-range input, as libswscale reads a yuvj* picture; every other detail left as it was.
        int *inverse, *table, source_range, destination_range, brightness, contrast, saturation;
        if (sws_getColorspaceDetails(sws, &inverse, &source_range, &table, &destination_range, &brightness, &contrast,
                                     &saturation) >= 0) {
            sws_setColorspaceDetails(sws, inverse, 1, table, destination_range, brightness, contrast, saturation);
        }
    }
    uint8_t *out = sws ? malloc((size_t)frame->width * frame->height * 3) : NULL;
    if (!out) { status = cffmpegshim_fail(error, CFFmpegShim_error_out_of_memory, 0, 0, "cannot convert %s to RGB", path); goto done; }
    uint8_t *planes[4] = {out, NULL, NULL, NULL};
    int strides[4] = {frame->width * 3, 0, 0, 0};
    sws_scale(sws, (const uint8_t *const *)frame->data, frame->linesize, 0, frame->height, planes, strides);
    *pixels = out;
    *width = frame->width;
    *height = frame->height;
done:
    sws_freeContext(sws);
    avcodec_free_context(&codec);
    avformat_close_input(&format);
    av_packet_free(&packet);
    av_frame_free(&frame);
    return status;
}

void CFFmpegShim_image_free(uint8_t *pixels) { free(pixels); }
