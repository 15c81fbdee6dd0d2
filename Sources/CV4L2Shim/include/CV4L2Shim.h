// Static-inline wrappers over libv4l2's variadic calls and the VIDIOC_* request
// macros, which Swift cannot call or import. Plain structs in, plain structs out:
// no union of linux/videodev2.h reaches Swift. Every call returns 0 (or a count,
// or a pointer) on success and -1 (or NULL) with errno set on failure.
#ifndef CV4L2SHIM_H
#define CV4L2SHIM_H

#include <errno.h>
#include <fcntl.h>
#include <libv4l2.h>
#include <linux/videodev2.h>
#include <poll.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

// Control identifiers and values Swift needs (composite macros do not import).
enum {
    CV4L2Shim_CID_EXPOSURE_AUTO = V4L2_CID_EXPOSURE_AUTO,
    CV4L2Shim_CID_EXPOSURE_ABSOLUTE = V4L2_CID_EXPOSURE_ABSOLUTE,
    CV4L2Shim_CID_FOCUS_AUTO = V4L2_CID_FOCUS_AUTO,
    CV4L2Shim_CID_FOCUS_ABSOLUTE = V4L2_CID_FOCUS_ABSOLUTE,
    CV4L2Shim_CID_FLASH_LED_MODE = V4L2_CID_FLASH_LED_MODE,
    CV4L2Shim_CID_FLASH_TORCH_INTENSITY = V4L2_CID_FLASH_TORCH_INTENSITY,
    CV4L2Shim_EXPOSURE_MANUAL = V4L2_EXPOSURE_MANUAL,
    CV4L2Shim_EXPOSURE_AUTO = V4L2_EXPOSURE_AUTO,
    CV4L2Shim_EXPOSURE_APERTURE_PRIORITY = V4L2_EXPOSURE_APERTURE_PRIORITY,
    CV4L2Shim_FLASH_LED_MODE_NONE = V4L2_FLASH_LED_MODE_NONE,
    CV4L2Shim_FLASH_LED_MODE_TORCH = V4L2_FLASH_LED_MODE_TORCH,
    CV4L2Shim_CTRL_TYPE_INTEGER = V4L2_CTRL_TYPE_INTEGER,
    CV4L2Shim_CTRL_TYPE_BOOLEAN = V4L2_CTRL_TYPE_BOOLEAN,
    CV4L2Shim_CTRL_TYPE_MENU = V4L2_CTRL_TYPE_MENU,
    CV4L2Shim_CTRL_TYPE_BUTTON = V4L2_CTRL_TYPE_BUTTON,
    CV4L2Shim_CTRL_TYPE_INTEGER_MENU = V4L2_CTRL_TYPE_INTEGER_MENU,
    CV4L2Shim_CTRL_TYPE_CTRL_CLASS = V4L2_CTRL_TYPE_CTRL_CLASS,
    CV4L2Shim_CTRL_FLAG_DISABLED = V4L2_CTRL_FLAG_DISABLED,
    CV4L2Shim_CTRL_FLAG_READ_ONLY = V4L2_CTRL_FLAG_READ_ONLY,
    CV4L2Shim_CTRL_FLAG_INACTIVE = V4L2_CTRL_FLAG_INACTIVE,
    CV4L2Shim_FMT_FLAG_COMPRESSED = V4L2_FMT_FLAG_COMPRESSED,
    CV4L2Shim_FMT_FLAG_EMULATED = V4L2_FMT_FLAG_EMULATED,
    CV4L2Shim_FRMSIZE_DISCRETE = V4L2_FRMSIZE_TYPE_DISCRETE,
    CV4L2Shim_FRMIVAL_DISCRETE = V4L2_FRMIVAL_TYPE_DISCRETE,
    CV4L2Shim_BUF_FLAG_ERROR = V4L2_BUF_FLAG_ERROR,
};

/// What QUERYCAP says about the opened node (device_caps when the driver reports them).
typedef struct {
    uint32_t capabilities;
    int can_capture;           // single-planar video capture
    int can_capture_mplane;    // multi-planar only (not supported by this package)
    int can_stream;
} CV4L2Shim_Capability;

/// One frame size: discrete (width x height) or a stepwise/continuous range.
typedef struct {
    uint32_t type;  // CV4L2Shim_FRMSIZE_DISCRETE or a range
    uint32_t width, height;
    uint32_t min_width, max_width, step_width, min_height, max_height, step_height;
} CV4L2Shim_FrameSize;

/// One frame interval (seconds per frame as a fraction): discrete or a range.
typedef struct {
    uint32_t type;  // CV4L2Shim_FRMIVAL_DISCRETE or a range
    uint32_t numerator, denominator;
    uint32_t min_numerator, min_denominator, max_numerator, max_denominator;
} CV4L2Shim_FrameInterval;

/// The single-planar capture format.
typedef struct {
    uint32_t width, height, pixelformat, bytesperline, sizeimage;
} CV4L2Shim_PixFormat;

/// A dequeued buffer.
typedef struct {
    uint32_t index, bytesused, sequence, flags;
    int64_t seconds, microseconds;
} CV4L2Shim_Buffer;

/// A control as VIDIOC_QUERYCTRL describes it.
typedef struct {
    uint32_t id, type, flags;
    int32_t minimum, maximum, step, default_value;
} CV4L2Shim_Control;

static inline void CV4L2Shim_copy_string(char *out, size_t capacity, const unsigned char *in, size_t length) {
    if (!out || capacity == 0) return;
    size_t n = strnlen((const char *)in, length);
    if (n >= capacity) n = capacity - 1;
    memcpy(out, in, n);
    out[n] = 0;
}

static inline int CV4L2Shim_open(const char *path, int nonblocking) {
    return v4l2_open(path, O_RDWR | O_CLOEXEC | (nonblocking ? O_NONBLOCK : 0));
}

static inline int CV4L2Shim_close(int fd) { return v4l2_close(fd); }

static inline int CV4L2Shim_query_capability(int fd, CV4L2Shim_Capability *out, char *driver, char *card,
                                             char *bus_info, size_t capacity) {
    struct v4l2_capability cap = {0};
    if (v4l2_ioctl(fd, VIDIOC_QUERYCAP, &cap) < 0) return -1;
    uint32_t caps = (cap.capabilities & V4L2_CAP_DEVICE_CAPS) ? cap.device_caps : cap.capabilities;
    out->capabilities = caps;
    out->can_capture = (caps & V4L2_CAP_VIDEO_CAPTURE) != 0;
    out->can_capture_mplane = (caps & V4L2_CAP_VIDEO_CAPTURE_MPLANE) != 0;
    out->can_stream = (caps & V4L2_CAP_STREAMING) != 0;
    CV4L2Shim_copy_string(driver, capacity, cap.driver, sizeof cap.driver);
    CV4L2Shim_copy_string(card, capacity, cap.card, sizeof cap.card);
    CV4L2Shim_copy_string(bus_info, capacity, cap.bus_info, sizeof cap.bus_info);
    return 0;
}

static inline int CV4L2Shim_enum_format(int fd, uint32_t index, uint32_t *pixelformat, uint32_t *flags,
                                        char *description, size_t capacity) {
    struct v4l2_fmtdesc desc = {.index = index, .type = V4L2_BUF_TYPE_VIDEO_CAPTURE};
    if (v4l2_ioctl(fd, VIDIOC_ENUM_FMT, &desc) < 0) return -1;
    *pixelformat = desc.pixelformat;
    *flags = desc.flags;
    CV4L2Shim_copy_string(description, capacity, desc.description, sizeof desc.description);
    return 0;
}

static inline int CV4L2Shim_enum_frame_size(int fd, uint32_t pixelformat, uint32_t index, CV4L2Shim_FrameSize *out) {
    struct v4l2_frmsizeenum size = {.index = index, .pixel_format = pixelformat};
    if (v4l2_ioctl(fd, VIDIOC_ENUM_FRAMESIZES, &size) < 0) return -1;
    const struct v4l2_frmsize_stepwise *range = &size.stepwise;
    *out = size.type == V4L2_FRMSIZE_TYPE_DISCRETE
        ? (CV4L2Shim_FrameSize){.type = size.type, .width = size.discrete.width, .height = size.discrete.height}
        : (CV4L2Shim_FrameSize){.type = size.type, .min_width = range->min_width, .max_width = range->max_width,
                                .step_width = range->step_width, .min_height = range->min_height,
                                .max_height = range->max_height, .step_height = range->step_height};
    return 0;
}

static inline int CV4L2Shim_enum_frame_interval(int fd, uint32_t pixelformat, uint32_t width, uint32_t height,
                                                uint32_t index, CV4L2Shim_FrameInterval *out) {
    struct v4l2_frmivalenum interval = {.index = index, .pixel_format = pixelformat, .width = width, .height = height};
    if (v4l2_ioctl(fd, VIDIOC_ENUM_FRAMEINTERVALS, &interval) < 0) return -1;
    const struct v4l2_frmival_stepwise *range = &interval.stepwise;
    *out = interval.type == V4L2_FRMIVAL_TYPE_DISCRETE
        ? (CV4L2Shim_FrameInterval){.type = interval.type, .numerator = interval.discrete.numerator,
                                    .denominator = interval.discrete.denominator}
        : (CV4L2Shim_FrameInterval){.type = interval.type, .min_numerator = range->min.numerator,
                                    .min_denominator = range->min.denominator,
                                    .max_numerator = range->max.numerator, .max_denominator = range->max.denominator};
    return 0;
}

static inline void CV4L2Shim_read_pix(const struct v4l2_format *format, CV4L2Shim_PixFormat *out) {
    out->width = format->fmt.pix.width;
    out->height = format->fmt.pix.height;
    out->pixelformat = format->fmt.pix.pixelformat;
    out->bytesperline = format->fmt.pix.bytesperline;
    out->sizeimage = format->fmt.pix.sizeimage;
}

static inline int CV4L2Shim_get_format(int fd, CV4L2Shim_PixFormat *out) {
    struct v4l2_format format = {.type = V4L2_BUF_TYPE_VIDEO_CAPTURE};
    if (v4l2_ioctl(fd, VIDIOC_G_FMT, &format) < 0) return -1;
    CV4L2Shim_read_pix(&format, out);
    return 0;
}

/// VIDIOC_S_FMT (or VIDIOC_TRY_FMT when `try_only`); `format` is updated to what the driver chose.
static inline int CV4L2Shim_set_format(int fd, CV4L2Shim_PixFormat *format, int try_only) {
    struct v4l2_format request = {
        .type = V4L2_BUF_TYPE_VIDEO_CAPTURE,
        .fmt.pix = {.width = format->width, .height = format->height, .pixelformat = format->pixelformat,
                    .field = V4L2_FIELD_NONE},
    };
    if (v4l2_ioctl(fd, try_only ? VIDIOC_TRY_FMT : VIDIOC_S_FMT, &request) < 0) return -1;
    CV4L2Shim_read_pix(&request, format);
    return 0;
}

/// VIDIOC_G_PARM, or VIDIOC_S_PARM when `numerator` is non-zero; the interval in force is returned.
static inline int CV4L2Shim_frame_interval(int fd, uint32_t *numerator, uint32_t *denominator) {
    struct v4l2_streamparm parm = {.type = V4L2_BUF_TYPE_VIDEO_CAPTURE};
    if (*numerator != 0) {
        parm.parm.capture.timeperframe.numerator = *numerator;
        parm.parm.capture.timeperframe.denominator = *denominator;
        if (v4l2_ioctl(fd, VIDIOC_S_PARM, &parm) < 0) return -1;
    } else if (v4l2_ioctl(fd, VIDIOC_G_PARM, &parm) < 0) {
        return -1;
    }
    *numerator = parm.parm.capture.timeperframe.numerator;
    *denominator = parm.parm.capture.timeperframe.denominator;
    return 0;
}

/// VIDIOC_REQBUFS for mmap buffers; returns the count granted.
static inline int CV4L2Shim_request_buffers(int fd, uint32_t count) {
    struct v4l2_requestbuffers request = {.count = count, .type = V4L2_BUF_TYPE_VIDEO_CAPTURE, .memory = V4L2_MEMORY_MMAP};
    if (v4l2_ioctl(fd, VIDIOC_REQBUFS, &request) < 0) return -1;
    return (int)request.count;
}

/// Maps buffer `index` (VIDIOC_QUERYBUF + v4l2_mmap); NULL with errno on failure.
static inline void *CV4L2Shim_map_buffer(int fd, uint32_t index, uint32_t *length) {
    struct v4l2_buffer buffer = {.index = index, .type = V4L2_BUF_TYPE_VIDEO_CAPTURE, .memory = V4L2_MEMORY_MMAP};
    if (v4l2_ioctl(fd, VIDIOC_QUERYBUF, &buffer) < 0) return NULL;
    void *memory = v4l2_mmap(NULL, buffer.length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, buffer.m.offset);
    if (memory == MAP_FAILED) return NULL;
    *length = buffer.length;
    return memory;
}

static inline int CV4L2Shim_unmap_buffer(void *memory, uint32_t length) { return v4l2_munmap(memory, length); }

static inline int CV4L2Shim_queue_buffer(int fd, uint32_t index) {
    struct v4l2_buffer buffer = {.index = index, .type = V4L2_BUF_TYPE_VIDEO_CAPTURE, .memory = V4L2_MEMORY_MMAP};
    return v4l2_ioctl(fd, VIDIOC_QBUF, &buffer);
}

static inline int CV4L2Shim_dequeue_buffer(int fd, CV4L2Shim_Buffer *out) {
    struct v4l2_buffer buffer = {.type = V4L2_BUF_TYPE_VIDEO_CAPTURE, .memory = V4L2_MEMORY_MMAP};
    if (v4l2_ioctl(fd, VIDIOC_DQBUF, &buffer) < 0) return -1;
    out->index = buffer.index;
    out->bytesused = buffer.bytesused;
    out->sequence = buffer.sequence;
    out->flags = buffer.flags;
    out->seconds = (int64_t)buffer.timestamp.tv_sec;
    out->microseconds = (int64_t)buffer.timestamp.tv_usec;
    return 0;
}

static inline int CV4L2Shim_stream(int fd, int on) {
    int type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    return v4l2_ioctl(fd, on ? VIDIOC_STREAMON : VIDIOC_STREAMOFF, &type);
}

/// Waits up to `timeout_ms` for a frame: 1 ready, 0 timed out, -1 error (errno);
/// `*failed` is set when the device reports an error condition (e.g. it was unplugged).
static inline int CV4L2Shim_wait_readable(int fd, int timeout_ms, int *failed) {
    struct pollfd entry = {fd, POLLIN, 0};
    int result;
    do { result = poll(&entry, 1, timeout_ms); } while (result < 0 && errno == EINTR);
    *failed = result > 0 && (entry.revents & (POLLERR | POLLHUP | POLLNVAL)) != 0;
    return result;
}

/// VIDIOC_QUERYCTRL; with `next`, the first control after `id` (V4L2_CTRL_FLAG_NEXT_CTRL).
static inline int CV4L2Shim_query_control(int fd, uint32_t id, int next, CV4L2Shim_Control *out,
                                          char *name, size_t capacity) {
    struct v4l2_queryctrl query = {.id = next ? (id | V4L2_CTRL_FLAG_NEXT_CTRL) : id};
    if (v4l2_ioctl(fd, VIDIOC_QUERYCTRL, &query) < 0) return -1;
    out->id = query.id;
    out->type = query.type;
    out->flags = query.flags;
    out->minimum = query.minimum;
    out->maximum = query.maximum;
    out->step = query.step;
    out->default_value = query.default_value;
    CV4L2Shim_copy_string(name, capacity, query.name, sizeof query.name);
    return 0;
}

static inline int CV4L2Shim_query_menu(int fd, uint32_t id, uint32_t index, char *name, size_t capacity) {
    struct v4l2_querymenu query = {.id = id, .index = index};
    if (v4l2_ioctl(fd, VIDIOC_QUERYMENU, &query) < 0) return -1;
    CV4L2Shim_copy_string(name, capacity, query.name, sizeof query.name);
    return 0;
}

static inline int CV4L2Shim_get_control(int fd, uint32_t id, int32_t *value) {
    struct v4l2_control control = {id, 0};
    if (v4l2_ioctl(fd, VIDIOC_G_CTRL, &control) < 0) return -1;
    *value = control.value;
    return 0;
}

static inline int CV4L2Shim_set_control(int fd, uint32_t id, int32_t value) {
    struct v4l2_control control = {id, value};
    return v4l2_ioctl(fd, VIDIOC_S_CTRL, &control);
}

#endif
