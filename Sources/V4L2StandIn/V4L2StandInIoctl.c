// The ioctl interface of the stand-in device (linux/videodev2.h semantics).
#define _GNU_SOURCE
#include "V4L2StandIn.h"
#include "V4L2StandInState.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int standin_queryctrl(struct v4l2_queryctrl *query);
int standin_querymenu(struct v4l2_querymenu *query);
int standin_g_ctrl(struct v4l2_control *control);
int standin_s_ctrl(struct v4l2_control *control);

#define D (&standin_device)
#define FAIL(code) do { errno = (code); return -1; } while (0)

static double fabs_diff(uint32_t a, double b) { return (double)a > b ? (double)a - b : b - (double)a; }

int standin_stream_ioctl(int fd, int slot, unsigned long request, void *arg);

static int offers_format(uint32_t pixelformat) {
    for (int i = 0; i < standin_config.format_count; i++) if (standin_config.formats[i] == pixelformat) return 1;
    return 0;
}

static int offers_size(uint32_t width, uint32_t height) {
    for (int i = 0; i < standin_config.size_count; i++)
        if (standin_config.sizes[i][0] == width && standin_config.sizes[i][1] == height) return 1;
    return 0;
}

static void describe_format(struct v4l2_pix_format *pix, uint32_t pixelformat, uint32_t width, uint32_t height) {
    memset(pix, 0, sizeof *pix);
    pix->width = width;
    pix->height = height;
    pix->pixelformat = pixelformat;
    pix->field = V4L2_FIELD_NONE;
    if (pixelformat == V4L2_PIX_FMT_MJPEG) {
        pix->bytesperline = 0;
        pix->sizeimage = width * height * 2;  // the camera's maximum compressed frame size
        pix->colorspace = V4L2_COLORSPACE_JPEG;
    } else {
        pix->bytesperline = width * 2;
        pix->sizeimage = width * height * 2;
        pix->colorspace = V4L2_COLORSPACE_SRGB;
    }
}

// uvc_v4l2_try_format: an unknown format falls back to the first one, the size to the closest.
static void try_format(struct v4l2_pix_format *pix) {
    uint32_t pixelformat = offers_format(pix->pixelformat) ? pix->pixelformat : standin_config.formats[0];
    int best = 0;
    long best_distance = -1;
    for (int i = 0; i < standin_config.size_count; i++) {
        long w = (long)standin_config.sizes[i][0], h = (long)standin_config.sizes[i][1];
        long distance = labs(w - (long)pix->width) * h + labs(h - (long)pix->height) * w;
        if (best_distance < 0 || distance < best_distance) { best = i; best_distance = distance; }
    }
    describe_format(pix, pixelformat, standin_config.sizes[best][0], standin_config.sizes[best][1]);
}

static int handle(int fd, int slot, unsigned long request, void *arg) {
    int capture = standin_config.fault != STANDIN_FAULT_METADATA;
    switch (request) {
    case VIDIOC_QUERYCAP: {
        struct v4l2_capability *cap = arg;
        memset(cap, 0, sizeof *cap);
        strcpy((char *)cap->driver, "uvcvideo");
        strcpy((char *)cap->card, capture ? "Stand-in UVC Camera" : "Stand-in UVC Camera (metadata)");
        strcpy((char *)cap->bus_info, "usb-standin-1");
        cap->version = (6u << 16) | (1u << 8);
        cap->device_caps = (capture ? V4L2_CAP_VIDEO_CAPTURE : V4L2_CAP_META_CAPTURE) |
                           V4L2_CAP_STREAMING | V4L2_CAP_EXT_PIX_FORMAT;
        cap->capabilities = V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_META_CAPTURE | V4L2_CAP_STREAMING |
                            V4L2_CAP_EXT_PIX_FORMAT | V4L2_CAP_DEVICE_CAPS;
        return 0;
    }
    case VIDIOC_ENUMINPUT: {
        struct v4l2_input *input = arg;
        if (input->index != 0) FAIL(EINVAL);
        memset(input, 0, sizeof *input);
        strcpy((char *)input->name, "Camera 1");
        input->type = V4L2_INPUT_TYPE_CAMERA;
        return 0;
    }
    case VIDIOC_G_INPUT: *(int *)arg = 0; return 0;
    case VIDIOC_S_INPUT: if (*(int *)arg != 0) FAIL(EINVAL); return 0;
    case VIDIOC_QUERYCTRL: return standin_queryctrl(arg);
    case VIDIOC_QUERYMENU: return standin_querymenu(arg);
    case VIDIOC_G_CTRL: return standin_g_ctrl(arg);
    case VIDIOC_S_CTRL: {
        int result = standin_s_ctrl(arg);
        struct v4l2_control *c = arg;
        V4L2StandIn_log("S_CTRL id=0x%08x value=%d -> %d", c->id, c->value, result == 0 ? 0 : errno);
        return result;
    }
    default: break;
    }
    if (!capture) FAIL(ENOTTY);  // a metadata node has no video capture ioctls
    switch (request) {
    case VIDIOC_ENUM_FMT: {
        struct v4l2_fmtdesc *desc = arg;
        if (desc->type != V4L2_BUF_TYPE_VIDEO_CAPTURE || desc->index >= (uint32_t)standin_config.format_count) FAIL(EINVAL);
        uint32_t index = desc->index, type = desc->type;
        memset(desc, 0, sizeof *desc);
        desc->index = index;
        desc->type = type;
        desc->pixelformat = standin_config.formats[index];
        int jpeg = desc->pixelformat == V4L2_PIX_FMT_MJPEG;
        desc->flags = jpeg ? V4L2_FMT_FLAG_COMPRESSED : 0;
        strcpy((char *)desc->description, jpeg ? "Motion-JPEG" : "YUYV 4:2:2");
        return 0;
    }
    case VIDIOC_ENUM_FRAMESIZES: {
        struct v4l2_frmsizeenum *size = arg;
        if (!offers_format(size->pixel_format) || size->index >= (uint32_t)standin_config.size_count) FAIL(EINVAL);
        size->type = V4L2_FRMSIZE_TYPE_DISCRETE;
        size->discrete.width = standin_config.sizes[size->index][0];
        size->discrete.height = standin_config.sizes[size->index][1];
        return 0;
    }
    case VIDIOC_ENUM_FRAMEINTERVALS: {
        struct v4l2_frmivalenum *interval = arg;
        if (!offers_format(interval->pixel_format) || !offers_size(interval->width, interval->height) ||
            interval->index >= (uint32_t)standin_config.fps_count) FAIL(EINVAL);
        interval->type = V4L2_FRMIVAL_TYPE_DISCRETE;
        interval->discrete.numerator = 1;
        interval->discrete.denominator = standin_config.fps[interval->index];
        return 0;
    }
    case VIDIOC_G_FMT: case VIDIOC_S_FMT: case VIDIOC_TRY_FMT: {
        struct v4l2_format *format = arg;
        if (format->type != V4L2_BUF_TYPE_VIDEO_CAPTURE) FAIL(EINVAL);
        if (request == VIDIOC_G_FMT) {
            describe_format(&format->fmt.pix, D->pixelformat, D->width, D->height);
            return 0;
        }
        if (request == VIDIOC_S_FMT && (D->buffer_count > 0 || D->streaming)) FAIL(EBUSY);  // uvc_queue_allocated
        try_format(&format->fmt.pix);
        if (request == VIDIOC_S_FMT) {
            D->pixelformat = format->fmt.pix.pixelformat;
            D->width = format->fmt.pix.width;
            D->height = format->fmt.pix.height;
        }
        V4L2StandIn_log("%s %.4s %ux%u", request == VIDIOC_S_FMT ? "S_FMT" : "TRY_FMT",
                        (const char *)&format->fmt.pix.pixelformat, format->fmt.pix.width, format->fmt.pix.height);
        return 0;
    }
    case VIDIOC_G_PARM: case VIDIOC_S_PARM: {
        struct v4l2_streamparm *parm = arg;
        if (parm->type != V4L2_BUF_TYPE_VIDEO_CAPTURE) FAIL(EINVAL);
        if (request == VIDIOC_S_PARM) {
            if (D->streaming) FAIL(EBUSY);
            struct v4l2_fract want = parm->parm.capture.timeperframe;
            double fps = want.numerator ? (double)want.denominator / want.numerator : 1e9;
            uint32_t best = standin_config.fps[0];
            for (int i = 0; i < standin_config.fps_count; i++)
                if (fabs_diff(standin_config.fps[i], fps) < fabs_diff(best, fps)) best = standin_config.fps[i];
            D->fps = best;
            V4L2StandIn_log("S_PARM %u fps", best);
        }
        memset(&parm->parm, 0, sizeof parm->parm);
        parm->parm.capture.capability = V4L2_CAP_TIMEPERFRAME;
        parm->parm.capture.timeperframe.numerator = 1;
        parm->parm.capture.timeperframe.denominator = D->fps;
        return 0;
    }
    default: break;
    }
    return standin_stream_ioctl(fd, slot, request, arg);
}

int V4L2StandIn_ioctl(int fd, unsigned long request, void *arg) {
    pthread_mutex_lock(&standin_lock);
    int slot = standin_fd_slot(fd);
    int result;
    if (slot < 0) { errno = EBADF; result = -1; }
    else if (standin_check_gone()) { errno = ENODEV; result = -1; }  // video_is_registered() is false
    else if (arg == NULL) { errno = EFAULT; result = -1; }
    else result = handle(fd, slot, request, arg);
    int saved = errno;
    if (result != 0 && !(saved == EINVAL && (request == VIDIOC_QUERYCTRL || request == VIDIOC_QUERYMENU ||
        request == VIDIOC_ENUM_FMT || request == VIDIOC_ENUM_FRAMESIZES || request == VIDIOC_ENUM_FRAMEINTERVALS)))
        V4L2StandIn_log("ioctl 0x%08lx (nr %lu) -> %s", request, request & 0xff, strerror(saved));
    pthread_mutex_unlock(&standin_lock);
    errno = saved;
    return result;
}
