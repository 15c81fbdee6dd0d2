// The device model: a UVC camera as the uvcvideo driver and videobuf2 present it
// to userspace (formats, controls, the mmap streaming queue, unplugging).
#define _GNU_SOURCE
#include "V4L2StandIn.h"
#include "V4L2StandInState.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

struct standin_config standin_config;
struct standin_device standin_device;
pthread_mutex_t standin_lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static pthread_once_t config_once = PTHREAD_ONCE_INIT;

static void parse_list(const char *text, void (*add)(const char *item, size_t length)) {
    while (text && *text) {
        const char *end = strchr(text, ',');
        size_t length = end ? (size_t)(end - text) : strlen(text);
        if (length > 0) add(text, length);
        text = end ? end + 1 : NULL;
    }
}

static void add_format(const char *item, size_t length) {
    if (standin_config.format_count >= STANDIN_MAX_FORMATS) return;
    if (length == 4 && strncasecmp(item, "yuyv", 4) == 0)
        standin_config.formats[standin_config.format_count++] = V4L2_PIX_FMT_YUYV;
    else if (length == 5 && strncasecmp(item, "mjpeg", 5) == 0)
        standin_config.formats[standin_config.format_count++] = V4L2_PIX_FMT_MJPEG;
}

static void add_size(const char *item, size_t length) {
    (void)length;
    unsigned w, h;
    if (standin_config.size_count < STANDIN_MAX_SIZES && sscanf(item, "%ux%u", &w, &h) == 2 && w > 1 && h > 0) {
        standin_config.sizes[standin_config.size_count][0] = w & ~1u;  // YUYV needs even widths
        standin_config.sizes[standin_config.size_count][1] = h;
        standin_config.size_count++;
    }
}

static void add_fps(const char *item, size_t length) {
    (void)length;
    unsigned fps;
    if (standin_config.fps_count < STANDIN_MAX_FPS && sscanf(item, "%u", &fps) == 1 && fps > 0)
        standin_config.fps[standin_config.fps_count++] = fps;
}

static void load_config(void) {
    const char *path = getenv("BT_V4L2_STANDIN_DEVICE");
    if (!path || !*path || strlen(path) >= sizeof standin_config.path) return;
    strcpy(standin_config.path, path);
    const char *formats = getenv("BT_V4L2_STANDIN_FORMATS");
    parse_list(formats ? formats : "yuyv,mjpeg", add_format);
    const char *sizes = getenv("BT_V4L2_STANDIN_SIZES");
    parse_list(sizes ? sizes : "640x480,320x240", add_size);
    const char *fps = getenv("BT_V4L2_STANDIN_FPS");
    parse_list(fps ? fps : "30,15", add_fps);
    if (standin_config.format_count == 0) standin_config.formats[standin_config.format_count++] = V4L2_PIX_FMT_YUYV;
    if (standin_config.size_count == 0) add_size("640x480", 7);
    if (standin_config.fps_count == 0) standin_config.fps[standin_config.fps_count++] = 30;
    const char *fault = getenv("BT_V4L2_STANDIN_FAULT");
    if (fault && strcmp(fault, "busy") == 0) standin_config.fault = STANDIN_FAULT_BUSY;
    if (fault && strcmp(fault, "denied") == 0) standin_config.fault = STANDIN_FAULT_DENIED;
    if (fault && strcmp(fault, "metadata") == 0) standin_config.fault = STANDIN_FAULT_METADATA;
    const char *unplug = getenv("BT_V4L2_STANDIN_UNPLUG_AFTER");
    standin_config.unplug_after = unplug && *unplug ? atol(unplug) : -1;
    const char *delay = getenv("BT_V4L2_STANDIN_DELAY_MS");
    standin_config.delay_ms = delay ? atol(delay) : 0;
    if (standin_config.delay_ms < 0) standin_config.delay_ms = 0;
    const char *corrupt = getenv("BT_V4L2_STANDIN_CORRUPT_EVERY");
    standin_config.corrupt_every = corrupt ? atol(corrupt) : 0;
    if (standin_config.corrupt_every < 0) standin_config.corrupt_every = 0;

    struct standin_device *d = &standin_device;
    for (int i = 0; i < STANDIN_MAX_FDS; i++) d->fds[i] = -1;
    d->owner = -1;
    d->pixelformat = standin_config.formats[0];
    d->width = standin_config.sizes[0][0];
    d->height = standin_config.sizes[0][1];
    d->fps = standin_config.fps[0];
    standin_controls_reset();
    standin_config.enabled = 1;
}

static void ensure_config(void) { pthread_once(&config_once, load_config); }

int V4L2StandIn_is_device_path(const char *path) {
    ensure_config();
    return standin_config.enabled && path && strcmp(path, standin_config.path) == 0;
}

int V4L2StandIn_owns_fd(int fd) {
    if (fd < 0) return 0;
    ensure_config();
    if (!standin_config.enabled) return 0;
    for (int i = 0; i < STANDIN_MAX_FDS; i++)
        if (__atomic_load_n(&standin_device.fds[i], __ATOMIC_ACQUIRE) == fd) return 1;
    return 0;
}

int standin_fd_slot(int fd) {
    for (int i = 0; i < STANDIN_MAX_FDS; i++)
        if (standin_device.fds[i] == fd) return i;
    return -1;
}

double standin_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int V4L2StandIn_open(int flags) {
    ensure_config();
    if (standin_config.fault == STANDIN_FAULT_BUSY) {
        V4L2StandIn_log("open %s -> EBUSY (fault injected)", standin_config.path);
        errno = EBUSY;
        return -1;
    }
    if (standin_config.fault == STANDIN_FAULT_DENIED) {
        V4L2StandIn_log("open %s -> EACCES (fault injected)", standin_config.path);
        errno = EACCES;
        return -1;
    }
    pthread_mutex_lock(&standin_lock);
    int result = -1;
    int slot = standin_fd_slot(-1);
    if (standin_device.gone) {
        errno = ENODEV;
    } else if (slot < 0) {
        errno = EMFILE;
    } else {
        // A real descriptor keeps the number unique in the process; /dev/null never blocks.
        int fd = (int)raw_syscall(SYS_openat, AT_FDCWD, (long)"/dev/null", O_RDWR | (flags & O_CLOEXEC), 0, 0, 0);
        if (fd >= 0) {
            standin_device.fd_flags[slot] = flags;
            __atomic_store_n(&standin_device.fds[slot], fd, __ATOMIC_RELEASE);
            result = fd;
        }
    }
    V4L2StandIn_log("open %s flags=0x%x -> %d", standin_config.path, (unsigned)flags, result);
    pthread_mutex_unlock(&standin_lock);
    return result;
}

int V4L2StandIn_close(int fd) {
    pthread_mutex_lock(&standin_lock);
    int slot = standin_fd_slot(fd);
    if (slot >= 0) {
        // Closing the queue's owner stops streaming and releases the buffers (vb2_fop_release).
        if (standin_device.owner == fd) {
            standin_device.streaming = 0;
            standin_free_buffers();
        }
        __atomic_store_n(&standin_device.fds[slot], -1, __ATOMIC_RELEASE);
    }
    V4L2StandIn_log("close %d", fd);
    pthread_mutex_unlock(&standin_lock);
    return (int)raw_syscall(SYS_close, fd, 0, 0, 0, 0, 0);
}

void standin_free_buffers(void) {
    struct standin_device *d = &standin_device;
    if (d->memory) raw_syscall(SYS_munmap, (long)d->memory, (long)(d->buffer_size * d->buffer_count), 0, 0, 0, 0);
    if (d->memfd >= 0 && d->buffer_count > 0) raw_syscall(SYS_close, d->memfd, 0, 0, 0, 0, 0);
    d->memory = NULL;
    d->memfd = -1;
    d->buffer_count = 0;
    d->incoming_count = d->done_count = 0;
    memset(d->buffers, 0, sizeof d->buffers);
    d->owner = -1;
}

int standin_allocate_buffers(uint32_t count, uint32_t size) {
    struct standin_device *d = &standin_device;
    long page = sysconf(_SC_PAGESIZE);
    size_t aligned = ((size_t)size + (size_t)page - 1) / (size_t)page * (size_t)page;
    int memfd = (int)raw_syscall(SYS_memfd_create, (long)"v4l2-standin-buffers", MFD_CLOEXEC, 0, 0, 0, 0);
    if (memfd < 0) return -1;
    if (ftruncate(memfd, (off_t)(aligned * count)) < 0) { raw_syscall(SYS_close, memfd, 0, 0, 0, 0, 0); return -1; }
    void *memory = (void *)raw_syscall(SYS_mmap, 0, (long)(aligned * count), PROT_READ | PROT_WRITE, MAP_SHARED, memfd, 0);
    if (memory == MAP_FAILED) { raw_syscall(SYS_close, memfd, 0, 0, 0, 0, 0); return -1; }
    d->memfd = memfd;
    d->memory = memory;
    d->buffer_size = aligned;
    d->buffer_length = size;
    d->buffer_count = count;
    return 0;
}

void *V4L2StandIn_mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset) {
    pthread_mutex_lock(&standin_lock);
    struct standin_device *d = &standin_device;
    void *result = MAP_FAILED;
    int index = d->buffer_size ? (int)((size_t)offset / d->buffer_size) : -1;
    if (d->gone) {
        errno = ENODEV;
    } else if (!(flags & MAP_SHARED)) {
        errno = EINVAL;  // vb2_mmap: "invalid vma flags, VM_SHARED needed"
    } else if (index < 0 || index >= (int)d->buffer_count || (size_t)offset % d->buffer_size != 0 ||
               length > d->buffer_size) {
        errno = EINVAL;
    } else {
        result = (void *)raw_syscall(SYS_mmap, (long)addr, (long)length, prot, flags, d->memfd, (long)offset);
        if (result != MAP_FAILED) {
            for (int i = 0; i < STANDIN_MAX_MAPPINGS; i++) {
                if (d->mappings[i].address == NULL) {
                    d->mappings[i].address = result;
                    d->mappings[i].length = length;
                    d->mappings[i].buffer = index;
                    break;
                }
            }
            d->buffers[index].map_count++;
        }
    }
    V4L2StandIn_log("mmap fd=%d length=%zu offset=%ld -> %s", fd, length, (long)offset,
                    result == MAP_FAILED ? "MAP_FAILED" : "ok");
    pthread_mutex_unlock(&standin_lock);
    return result;
}

void V4L2StandIn_note_munmap(void *addr, size_t length) {
    ensure_config();
    if (!standin_config.enabled || addr == NULL) return;
    pthread_mutex_lock(&standin_lock);
    struct standin_device *d = &standin_device;
    for (int i = 0; i < STANDIN_MAX_MAPPINGS; i++) {
        if (d->mappings[i].address == addr) {
            int index = d->mappings[i].buffer;
            if (index >= 0 && index < STANDIN_MAX_BUFFERS && d->buffers[index].map_count > 0)
                d->buffers[index].map_count--;
            d->mappings[i].address = NULL;
            V4L2StandIn_log("munmap buffer %d length=%zu", index, length);
            break;
        }
    }
    pthread_mutex_unlock(&standin_lock);
}

// The device disappears once streaming started and K frames were dequeued
// (BT_V4L2_STANDIN_UNPLUG_AFTER; K = 0: right after STREAMON).
int standin_check_gone(void) {
    struct standin_device *d = &standin_device;
    if (!d->gone && d->has_streamed && standin_config.unplug_after >= 0 && d->dequeued >= standin_config.unplug_after) {
        d->gone = 1;
        d->streaming = 0;
        V4L2StandIn_log("device unplugged after %ld frames", d->dequeued);
    }
    return d->gone;
}

short V4L2StandIn_poll_revents(int fd, short events) {
    pthread_mutex_lock(&standin_lock);
    struct standin_device *d = &standin_device;
    short revents = 0;
    if (standin_check_gone()) {
        // v4l2_poll() on an unregistered device.
        revents = POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM | POLLERR | POLLHUP | POLLPRI;
    } else if (d->owner != fd || !d->streaming) {
        revents = POLLERR;  // vb2_poll: not streaming, or another file owns the queue
    } else {
        standin_produce(standin_now());
        if (d->done_count > 0) revents = (short)(events & (POLLIN | POLLRDNORM));
    }
    pthread_mutex_unlock(&standin_lock);
    return revents;
}

int V4L2StandIn_ms_until_ready(int fd) {
    pthread_mutex_lock(&standin_lock);
    struct standin_device *d = &standin_device;
    int ms = 0;
    if (!d->gone && d->owner == fd && d->streaming && d->done_count == 0) {
        if (d->incoming_count == 0) ms = -1;
        else {
            double wait = d->next_tick - standin_now();
            ms = wait <= 0 ? 0 : (int)(wait * 1000.0) + 1;
        }
    }
    pthread_mutex_unlock(&standin_lock);
    return ms;
}
