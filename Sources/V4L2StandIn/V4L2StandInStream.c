// The streaming half of the device: the videobuf2 mmap queue and the frame clock.
#define _GNU_SOURCE
#include "V4L2StandIn.h"
#include "V4L2StandInState.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define D (&standin_device)
#define FAIL(code) do { errno = (code); return -1; } while (0)

static void fill_buffer_info(struct v4l2_buffer *buffer, int index) {
    struct standin_buffer *b = &D->buffers[index];
    uint32_t type = buffer->type;
    memset(buffer, 0, sizeof *buffer);
    buffer->index = (uint32_t)index;
    buffer->type = type;
    buffer->memory = V4L2_MEMORY_MMAP;
    buffer->length = D->buffer_length;
    buffer->m.offset = (uint32_t)((size_t)index * D->buffer_size);
    buffer->field = V4L2_FIELD_NONE;
    buffer->bytesused = b->bytesused;
    buffer->sequence = b->sequence;
    buffer->timestamp = b->timestamp;
    buffer->flags = V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC | V4L2_BUF_FLAG_TSTAMP_SRC_SOE;
    if (b->map_count > 0) buffer->flags |= V4L2_BUF_FLAG_MAPPED;
    if (b->queued) buffer->flags |= V4L2_BUF_FLAG_QUEUED;
    if (b->done) buffer->flags |= V4L2_BUF_FLAG_DONE;
    if (b->error) buffer->flags |= V4L2_BUF_FLAG_ERROR;
}

static void fill_frame(int index, uint32_t sequence, double time) {
    struct standin_buffer *b = &D->buffers[index];
    uint8_t *out = D->memory + (size_t)index * D->buffer_size;
    uint8_t *luma = malloc((size_t)D->width * D->height);
    if (!luma) return;
    V4L2StandIn_render_luma(sequence, D->width, D->height, luma);
    if (D->pixelformat == V4L2_PIX_FMT_MJPEG) {
        b->bytesused = (uint32_t)V4L2StandIn_encode_jpeg(luma, D->width, D->height, out, D->buffer_length);
    } else {
        size_t pixels = (size_t)D->width * D->height;
        for (size_t i = 0; i < pixels; i++) {
            out[2 * i] = luma[i];
            out[2 * i + 1] = 128;  // U and V alternate; neutral chroma = grey scene
        }
        b->bytesused = (uint32_t)(pixels * 2);
    }
    free(luma);
    // A damaged transfer: uvcvideo flags an incomplete frame with V4L2_BUF_FLAG_ERROR;
    // an MJPEG frame is also cut short, as a lost USB packet leaves it.
    long every = standin_config.corrupt_every;
    b->error = every > 0 && sequence % (uint32_t)every == (uint32_t)(every - 1);
    if (b->error && D->pixelformat == V4L2_PIX_FMT_MJPEG && b->bytesused > 64) b->bytesused = 64;
    b->sequence = sequence;
    b->timestamp.tv_sec = (time_t)time;
    b->timestamp.tv_usec = (suseconds_t)((time - (double)(time_t)time) * 1e6);
}

void standin_produce(double now) {
    double interval = 1.0 / (double)D->fps + (double)standin_config.delay_ms / 1000.0;
    while (D->streaming && D->next_tick <= now) {
        if (D->incoming_count > 0) {
            int index = D->incoming[0];
            memmove(D->incoming, D->incoming + 1, (size_t)(--D->incoming_count) * sizeof(int));
            fill_frame(index, D->sequence, D->next_tick);
            D->buffers[index].queued = 0;
            D->buffers[index].done = 1;
            D->done[D->done_count++] = index;
        } else {
            V4L2StandIn_log("frame %u dropped: no buffer queued", D->sequence);
        }
        D->sequence++;
        D->next_tick += interval;
    }
}

static int dequeue(int fd, int slot, struct v4l2_buffer *buffer) {
    for (;;) {
        if (standin_check_gone()) FAIL(ENODEV);
        if (!D->streaming) FAIL(EINVAL);
        standin_produce(standin_now());
        if (D->done_count > 0) break;
        if (D->fd_flags[slot] & O_NONBLOCK) FAIL(EAGAIN);
        // Sleep until the next frame is due, without holding the device.
        double wait = D->incoming_count > 0 ? D->next_tick - standin_now() : 0.01;
        pthread_mutex_unlock(&standin_lock);
        if (wait > 0) {
            struct timespec ts = {(time_t)wait, (long)((wait - (double)(time_t)wait) * 1e9)};
            nanosleep(&ts, NULL);
        }
        pthread_mutex_lock(&standin_lock);
        if (D->owner != fd) FAIL(EINVAL);
    }
    int index = D->done[0];
    memmove(D->done, D->done + 1, (size_t)(--D->done_count) * sizeof(int));
    D->buffers[index].done = 0;
    fill_buffer_info(buffer, index);
    buffer->flags &= ~(uint32_t)V4L2_BUF_FLAG_DONE;
    D->dequeued++;
    return 0;
}


// REQBUFS, QUERYBUF, QBUF, DQBUF, STREAMON, STREAMOFF (vb2_ioctl_* semantics).
int standin_stream_ioctl(int fd, int slot, unsigned long request, void *arg) {
    int is_owner = D->owner == fd;
    int other_owner = D->owner >= 0 && !is_owner;
    switch (request) {
    case VIDIOC_REQBUFS: {
        struct v4l2_requestbuffers *req = arg;
        if (req->type != V4L2_BUF_TYPE_VIDEO_CAPTURE || req->memory != V4L2_MEMORY_MMAP) FAIL(EINVAL);
        if (other_owner || D->streaming) FAIL(EBUSY);
        for (uint32_t i = 0; i < D->buffer_count; i++) if (D->buffers[i].map_count > 0) FAIL(EBUSY);
        standin_free_buffers();
        req->capabilities = V4L2_BUF_CAP_SUPPORTS_MMAP;
        if (req->count == 0) return 0;
        uint32_t count = req->count > STANDIN_MAX_BUFFERS ? STANDIN_MAX_BUFFERS : req->count;
        uint32_t size = D->width * D->height * 2;  // YUYV, and MJPEG's maximum frame size
        if (standin_allocate_buffers(count, size) < 0) FAIL(ENOMEM);
        D->owner = fd;
        req->count = count;
        V4L2StandIn_log("REQBUFS %u buffers of %u bytes", count, size);
        return 0;
    }
    case VIDIOC_QUERYBUF: case VIDIOC_QBUF: case VIDIOC_DQBUF: {
        struct v4l2_buffer *buffer = arg;
        if (buffer->type != V4L2_BUF_TYPE_VIDEO_CAPTURE) FAIL(EINVAL);
        if (request != VIDIOC_QUERYBUF && other_owner) FAIL(EBUSY);
        if (request == VIDIOC_DQBUF) return dequeue(fd, slot, buffer);
        if (buffer->index >= D->buffer_count) FAIL(EINVAL);
        int index = (int)buffer->index;
        if (request == VIDIOC_QBUF) {
            if (buffer->memory != V4L2_MEMORY_MMAP) FAIL(EINVAL);
            if (D->buffers[index].queued || D->buffers[index].done) FAIL(EINVAL);
            D->buffers[index].queued = 1;
            D->incoming[D->incoming_count++] = index;
        }
        fill_buffer_info(buffer, index);
        return 0;
    }
    case VIDIOC_STREAMON: case VIDIOC_STREAMOFF: {
        if (*(int *)arg != V4L2_BUF_TYPE_VIDEO_CAPTURE) FAIL(EINVAL);
        if (other_owner) FAIL(EBUSY);
        if (request == VIDIOC_STREAMON) {
            if (D->buffer_count == 0) FAIL(EINVAL);
            if (D->streaming) return 0;
            D->streaming = 1;
            D->has_streamed = 1;
            D->sequence = 0;
            D->next_tick = standin_now() + 1.0 / (double)D->fps + (double)standin_config.delay_ms / 1000.0;
            V4L2StandIn_log("STREAMON %.4s %ux%u at %u fps", (const char *)&D->pixelformat, D->width, D->height, D->fps);
        } else {
            // All buffers return to the dequeued state.
            D->streaming = 0;
            for (uint32_t i = 0; i < D->buffer_count; i++) D->buffers[i].queued = D->buffers[i].done = 0;
            D->incoming_count = D->done_count = 0;
            V4L2StandIn_log("STREAMOFF");
        }
        return 0;
    }
    default:
        FAIL(ENOTTY);
    }
}
