// Frame content and the camera's on-board JPEG encoder.
#define _GNU_SOURCE
#include "V4L2StandIn.h"
#include "V4L2StandInState.h"

#include <libavcodec/avcodec.h>
#include <libavutil/frame.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/syscall.h>

static pthread_mutex_t frames_lock = PTHREAD_MUTEX_INITIALIZER;
static int frames_loaded;
static const uint8_t *frames_data;   // the whole frames file, mapped read-only
static size_t frames_count;
static uint32_t frames_width = 640, frames_height = 480;

void V4L2StandIn_log(const char *format, ...) {
    const char *path = getenv("BT_V4L2_STANDIN_LOG");
    if (!path || !*path) return;
    FILE *file = fopen(path, "a");
    if (!file) return;
    va_list ap;
    va_start(ap, format);
    vfprintf(file, format, ap);
    va_end(ap);
    fputc('\n', file);
    fclose(file);
}

static void load_frames(void) {
    if (frames_loaded) return;
    frames_loaded = 1;
    const char *size = getenv("BT_V4L2_STANDIN_FRAME_SIZE");
    unsigned w = 0, h = 0;
    if (size && sscanf(size, "%ux%u", &w, &h) == 2 && w > 0 && h > 0) {
        frames_width = w;
        frames_height = h;
    }
    const char *path = getenv("BT_V4L2_STANDIN_FRAMES");
    if (!path || !*path) return;
    // Raw syscalls: the stand-in must not re-enter its own interposed functions.
    int fd = (int)raw_syscall(SYS_openat, AT_FDCWD, (long)path, O_RDONLY | O_CLOEXEC, 0, 0, 0);
    if (fd < 0) { V4L2StandIn_log("frames file %s cannot be opened", path); return; }
    struct stat st;
    size_t frame_bytes = (size_t)frames_width * frames_height;
    if (fstat(fd, &st) == 0 && (size_t)st.st_size >= frame_bytes) {
        void *data = (void *)raw_syscall(SYS_mmap, 0, (long)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (data != MAP_FAILED) {
            frames_data = data;
            frames_count = (size_t)st.st_size / frame_bytes;
        }
    }
    raw_syscall(SYS_close, fd, 0, 0, 0, 0, 0);
    V4L2StandIn_log("frames file %s: %zu frames of %ux%u", path, frames_count, frames_width, frames_height);
}

void V4L2StandIn_render_luma(uint32_t sequence, uint32_t width, uint32_t height, uint8_t *luma) {
    pthread_mutex_lock(&frames_lock);
    load_frames();
    pthread_mutex_unlock(&frames_lock);
    if (frames_count == 0) {
        // A moving diagonal ramp: content changes every frame, so stale buffers show.
        for (uint32_t y = 0; y < height; y++)
            for (uint32_t x = 0; x < width; x++)
                luma[(size_t)y * width + x] = (uint8_t)(x + y + 4 * sequence);
        return;
    }
    const uint8_t *src = frames_data + (size_t)(sequence % frames_count) * frames_width * frames_height;
    for (uint32_t y = 0; y < height; y++) {
        uint32_t sy = (uint32_t)((uint64_t)y * frames_height / height);
        for (uint32_t x = 0; x < width; x++) {
            uint32_t sx = (uint32_t)((uint64_t)x * frames_width / width);
            luma[(size_t)y * width + x] = src[(size_t)sy * frames_width + sx];
        }
    }
}

size_t V4L2StandIn_encode_jpeg(const uint8_t *luma, uint32_t width, uint32_t height,
                               uint8_t *out, size_t capacity) {
    const AVCodec *codec = avcodec_find_encoder(AV_CODEC_ID_MJPEG);
    if (!codec) return 0;
    AVCodecContext *context = avcodec_alloc_context3(codec);
    AVFrame *frame = av_frame_alloc();
    AVPacket *packet = av_packet_alloc();
    size_t written = 0;
    if (!context || !frame || !packet) goto done;
    context->width = (int)width;
    context->height = (int)height;
    // 4:2:0 (Y 2x2, Cb 1x1, Cr 1x1). Many UVC cameras send 4:2:2 as Y 2x1; FFmpeg's
    // encoder writes 4:2:2 as Y 2x2 + chroma 1x2, a layout libv4lconvert rejects.
    context->pix_fmt = AV_PIX_FMT_YUVJ420P;
    context->time_base = (AVRational){1, 30};
    context->flags |= AV_CODEC_FLAG_QSCALE;
    context->global_quality = FF_QP2LAMBDA * 2;  // high quality: content is compared in tests
    if (avcodec_open2(context, codec, NULL) < 0) goto done;
    frame->format = context->pix_fmt;
    frame->width = (int)width;
    frame->height = (int)height;
    frame->quality = context->global_quality;
    if (av_frame_get_buffer(frame, 0) < 0) goto done;
    for (uint32_t y = 0; y < height; y++) {
        memcpy(frame->data[0] + (size_t)y * frame->linesize[0], luma + (size_t)y * width, width);
    }
    for (uint32_t y = 0; y < (height + 1) / 2; y++) {
        memset(frame->data[1] + (size_t)y * frame->linesize[1], 128, (width + 1) / 2);
        memset(frame->data[2] + (size_t)y * frame->linesize[2], 128, (width + 1) / 2);
    }
    if (avcodec_send_frame(context, frame) < 0) goto done;
    if (avcodec_receive_packet(context, packet) < 0) goto done;
    if ((size_t)packet->size <= capacity) {
        memcpy(out, packet->data, (size_t)packet->size);
        written = (size_t)packet->size;
    }
done:
    av_packet_free(&packet);
    av_frame_free(&frame);
    avcodec_free_context(&context);
    return written;
}
