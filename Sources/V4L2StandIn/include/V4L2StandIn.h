// A userspace stand-in for the kernel side of a UVC camera, for tests only.
//
// Built as libV4L2StandIn.so and loaded with LD_PRELOAD, it answers open,
// close, ioctl, mmap, munmap, poll, select and read (also when issued through
// libc's syscall(), as libv4l2 does) for ONE device path, following the
// semantics of linux/videodev2.h as the uvcvideo driver and videobuf2 implement
// them. Every other path and descriptor passes through to the real libc.
//
// Environment (read once, at the first call):
//   BT_V4L2_STANDIN_DEVICE        device path served, e.g. /dev/video-standin (required;
//                                 unset = the library does nothing)
//   BT_V4L2_STANDIN_FRAMES        raw 8-bit luma frames, concatenated, each of
//                                 BT_V4L2_STANDIN_FRAME_SIZE; replayed in a loop and scaled
//                                 (nearest neighbour) to the negotiated size.
//                                 Unset: a moving test pattern.
//   BT_V4L2_STANDIN_FRAME_SIZE    WxH of the frames in that file (default 640x480)
//   BT_V4L2_STANDIN_FORMATS       pixel formats offered, in order: "yuyv,mjpeg" (default)
//   BT_V4L2_STANDIN_SIZES         frame sizes offered: "640x480,320x240" (default)
//   BT_V4L2_STANDIN_FPS           frame rates offered per size: "30,15" (default)
//   BT_V4L2_STANDIN_FAULT         busy (open fails with EBUSY) | denied (EACCES) |
//                                 metadata (a UVC metadata node: no video capture)
//   BT_V4L2_STANDIN_UNPLUG_AFTER  K: the device disappears after K frames were dequeued
//                                 (ioctls then fail with ENODEV, poll reports POLLERR|POLLHUP)
//   BT_V4L2_STANDIN_DELAY_MS      extra delay added to every frame interval (slow frames)
//   BT_V4L2_STANDIN_CORRUPT_EVERY N: every Nth frame is damaged (V4L2_BUF_FLAG_ERROR set,
//                                 MJPEG data cut to 64 bytes); 1 = every frame
//   BT_V4L2_STANDIN_LOG           file to which every call on the device is appended
#ifndef V4L2STANDIN_H
#define V4L2STANDIN_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/// Whether `fd` is a descriptor of the served device.
int V4L2StandIn_owns_fd(int fd);
/// Whether `path` is the served device path (and the stand-in is enabled).
int V4L2StandIn_is_device_path(const char *path);
/// Opens the device: returns a descriptor or -1 with errno set.
int V4L2StandIn_open(int flags);
/// Closes a descriptor of the device; 0 or -1 with errno.
int V4L2StandIn_close(int fd);
/// One ioctl on the device; 0 or -1 with errno (ENOTTY for unknown requests).
int V4L2StandIn_ioctl(int fd, unsigned long request, void *arg);
/// Maps a buffer of the device; MAP_FAILED with errno on error.
void *V4L2StandIn_mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset);
/// Notes an unmap (the mapping itself is released by the real munmap).
void V4L2StandIn_note_munmap(void *addr, size_t length);
/// Poll readiness of the device for `fd`: the revents bits, without blocking.
short V4L2StandIn_poll_revents(int fd, short events);
/// Milliseconds until the device may become readable (-1: never without another call).
int V4L2StandIn_ms_until_ready(int fd);

// Frames (V4L2StandInFrames.c)
/// Writes frame `sequence` as 8-bit luma, `width`x`height`, into `luma`.
void V4L2StandIn_render_luma(uint32_t sequence, uint32_t width, uint32_t height, uint8_t *luma);
/// Encodes luma (chroma neutral) as a baseline JPEG with 4:2:0 sampling;
/// returns the byte count written to `out`, or 0 when it does not fit or fails.
size_t V4L2StandIn_encode_jpeg(const uint8_t *luma, uint32_t width, uint32_t height,
                               uint8_t *out, size_t capacity);
/// Appends a line to the log file named by BT_V4L2_STANDIN_LOG, if any.
void V4L2StandIn_log(const char *format, ...) __attribute__((format(printf, 1, 2)));

#endif
