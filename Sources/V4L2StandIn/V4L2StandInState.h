// Internal state of the stand-in device (one device per process).
#ifndef V4L2STANDIN_STATE_H
#define V4L2STANDIN_STATE_H

#include <linux/videodev2.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

#define STANDIN_MAX_FORMATS 4
#define STANDIN_MAX_SIZES 8
#define STANDIN_MAX_FPS 8
#define STANDIN_MAX_FDS 16
#define STANDIN_MAX_BUFFERS 32
#define STANDIN_MAX_MAPPINGS 64

enum { STANDIN_FAULT_NONE, STANDIN_FAULT_BUSY, STANDIN_FAULT_DENIED, STANDIN_FAULT_METADATA };

struct standin_config {
    int enabled;
    char path[256];
    uint32_t formats[STANDIN_MAX_FORMATS];
    int format_count;
    uint32_t sizes[STANDIN_MAX_SIZES][2];
    int size_count;
    uint32_t fps[STANDIN_MAX_FPS];
    int fps_count;
    int fault;
    long unplug_after;  // -1: never
    long delay_ms;
    long corrupt_every;  // 0: never
};

struct standin_buffer {
    int queued, done, map_count, error;
    uint32_t bytesused, sequence;
    struct timeval timestamp;
};

struct standin_device {
    int fds[STANDIN_MAX_FDS];
    int fd_flags[STANDIN_MAX_FDS];
    int owner;  // descriptor owning the buffer queue, -1 when none
    uint32_t pixelformat, width, height, fps;
    // Buffers: one memfd holds them all, buffer i at offset i * buffer_size.
    int memfd;
    uint8_t *memory;
    size_t buffer_size;      // page aligned
    uint32_t buffer_length;  // sizeimage
    uint32_t buffer_count;
    struct standin_buffer buffers[STANDIN_MAX_BUFFERS];
    struct { void *address; size_t length; int buffer; } mappings[STANDIN_MAX_MAPPINGS];
    int incoming[STANDIN_MAX_BUFFERS], incoming_count;  // queued, waiting to be filled (FIFO)
    int done[STANDIN_MAX_BUFFERS], done_count;          // filled, waiting for DQBUF (FIFO)
    int streaming;
    double next_tick;  // CLOCK_MONOTONIC seconds of the next frame
    uint32_t sequence;
    long dequeued;
    int gone;
    int has_streamed;
    int32_t controls[8];
};

// syscall() with every argument widened to long, so no stale upper register bits
// reach the kernel (syscall() reads its variadic arguments as longs).
static inline long raw_syscall(long number, long a0, long a1, long a2, long a3, long a4, long a5) {
    return syscall(number, a0, a1, a2, a3, a4, a5);
}

extern struct standin_config standin_config;
extern struct standin_device standin_device;
extern pthread_mutex_t standin_lock;

int standin_fd_slot(int fd);
double standin_now(void);
void standin_free_buffers(void);
int standin_allocate_buffers(uint32_t count, uint32_t size);
int standin_check_gone(void);
/// Fills queued buffers with the frames due by `now`; frames without a queued buffer are dropped.
void standin_produce(double now);
void standin_controls_reset(void);

#endif
