// libc interposition: routes calls on the served device to the stand-in and
// everything else to the next definition (the real libc) via dlsym(RTLD_NEXT).
//
// libv4l2 and libv4lconvert issue their device calls through syscall(SYS_ioctl,
// ...), syscall(SYS_openat, ...), syscall(SYS_mmap, ...) and so on, so syscall()
// is interposed as well as the plain functions applications use.
#define _GNU_SOURCE
#include "V4L2StandIn.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

// The real functions, looked up on first use from whichever thread gets there
// first: atomic loads and stores (every thread finds the same address), so that
// the lookups are not data races (ThreadSanitizer runs the camera tests too).
#define REAL(name) ((__typeof__(real_##name))__atomic_load_n(&real_##name, __ATOMIC_ACQUIRE))
#define RESOLVE(name) \
    do { if (!REAL(name)) __atomic_store_n(&real_##name, (__typeof__(real_##name))dlsym(RTLD_NEXT, #name), __ATOMIC_RELEASE); } while (0)

static int (*real_open)(const char *, int, ...);
static int (*real_open64)(const char *, int, ...);
static int (*real_openat)(int, const char *, int, ...);
static int (*real_openat64)(int, const char *, int, ...);
static int (*real_close)(int);
static int (*real_ioctl)(int, unsigned long, ...);
static void *(*real_mmap)(void *, size_t, int, int, int, off_t);
static void *(*real_mmap64)(void *, size_t, int, int, int, off_t);
static int (*real_munmap)(void *, size_t);
static int (*real_poll)(struct pollfd *, nfds_t, int);
static int (*real_select)(int, fd_set *, fd_set *, fd_set *, struct timeval *);
static ssize_t (*real_read)(int, void *, size_t);
static long (*real_syscall)(long, ...);

static mode_t mode_arg(int flags, va_list ap) {
    return (flags & O_CREAT) || (flags & __O_TMPFILE) == __O_TMPFILE ? (mode_t)va_arg(ap, int) : 0;
}

int open(const char *path, int flags, ...) {
    va_list ap; va_start(ap, flags); mode_t mode = mode_arg(flags, ap); va_end(ap);
    if (V4L2StandIn_is_device_path(path)) return V4L2StandIn_open(flags);
    RESOLVE(open);
    return REAL(open)(path, flags, mode);
}

int open64(const char *path, int flags, ...) {
    va_list ap; va_start(ap, flags); mode_t mode = mode_arg(flags, ap); va_end(ap);
    if (V4L2StandIn_is_device_path(path)) return V4L2StandIn_open(flags);
    RESOLVE(open64);
    return REAL(open64)(path, flags, mode);
}

int openat(int dirfd, const char *path, int flags, ...) {
    va_list ap; va_start(ap, flags); mode_t mode = mode_arg(flags, ap); va_end(ap);
    if (V4L2StandIn_is_device_path(path)) return V4L2StandIn_open(flags);
    RESOLVE(openat);
    return REAL(openat)(dirfd, path, flags, mode);
}

int openat64(int dirfd, const char *path, int flags, ...) {
    va_list ap; va_start(ap, flags); mode_t mode = mode_arg(flags, ap); va_end(ap);
    if (V4L2StandIn_is_device_path(path)) return V4L2StandIn_open(flags);
    RESOLVE(openat64);
    return REAL(openat64)(dirfd, path, flags, mode);
}

// The fortified variants that _FORTIFY_SOURCE builds call.
int __open_2(const char *path, int flags) { return open(path, flags); }
int __open64_2(const char *path, int flags) { return open64(path, flags); }

int close(int fd) {
    if (V4L2StandIn_owns_fd(fd)) return V4L2StandIn_close(fd);
    RESOLVE(close);
    return REAL(close)(fd);
}

int ioctl(int fd, unsigned long request, ...) {
    va_list ap; va_start(ap, request); void *arg = va_arg(ap, void *); va_end(ap);
    if (V4L2StandIn_owns_fd(fd)) return V4L2StandIn_ioctl(fd, request, arg);
    RESOLVE(ioctl);
    return REAL(ioctl)(fd, request, arg);
}

void *mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset) {
    if (fd >= 0 && !(flags & MAP_ANONYMOUS) && V4L2StandIn_owns_fd(fd))
        return V4L2StandIn_mmap(addr, length, prot, flags, fd, offset);
    RESOLVE(mmap);
    return REAL(mmap)(addr, length, prot, flags, fd, offset);
}

void *mmap64(void *addr, size_t length, int prot, int flags, int fd, off_t offset) {
    if (fd >= 0 && !(flags & MAP_ANONYMOUS) && V4L2StandIn_owns_fd(fd))
        return V4L2StandIn_mmap(addr, length, prot, flags, fd, offset);
    RESOLVE(mmap64);
    return REAL(mmap64)(addr, length, prot, flags, fd, offset);
}

int munmap(void *addr, size_t length) {
    V4L2StandIn_note_munmap(addr, length);
    RESOLVE(munmap);
    return REAL(munmap)(addr, length);
}

ssize_t read(int fd, void *buffer, size_t count) {
    if (V4L2StandIn_owns_fd(fd)) {
        // uvcvideo has no read() I/O (no V4L2_CAP_READWRITE): the core answers EINVAL.
        V4L2StandIn_log("read fd=%d -> EINVAL", fd);
        errno = EINVAL;
        return -1;
    }
    RESOLVE(read);
    return REAL(read)(fd, buffer, count);
}

static long now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

// Polls the device's descriptors through the stand-in and the others through the
// real poll, sleeping no longer than until the device's next frame is due.
int poll(struct pollfd *fds, nfds_t count, int timeout) {
    RESOLVE(poll);
    nfds_t ours = 0;
    for (nfds_t i = 0; i < count; i++) if (V4L2StandIn_owns_fd(fds[i].fd)) ours++;
    if (ours == 0) return REAL(poll)(fds, count, timeout);

    struct pollfd *others = calloc(count, sizeof(struct pollfd));
    if (!others) { errno = ENOMEM; return -1; }
    long deadline = timeout < 0 ? -1 : now_ms() + timeout;
    int ready;
    for (;;) {
        ready = 0;
        for (nfds_t i = 0; i < count; i++) {
            others[i] = fds[i];
            others[i].revents = 0;
            if (V4L2StandIn_owns_fd(fds[i].fd)) {
                fds[i].revents = V4L2StandIn_poll_revents(fds[i].fd, fds[i].events);
                if (fds[i].revents) ready++;
                others[i].fd = -1;  // the real poll ignores negative descriptors
            }
        }
        long remaining = deadline < 0 ? -1 : deadline - now_ms();
        if (ready > 0 || (deadline >= 0 && remaining <= 0)) remaining = 0;
        int wait = (int)remaining;
        for (nfds_t i = 0; i < count && ready == 0; i++) {
            if (!V4L2StandIn_owns_fd(fds[i].fd)) continue;
            int due = V4L2StandIn_ms_until_ready(fds[i].fd);
            if (due >= 0 && (wait < 0 || due < wait)) wait = due;
        }
        int others_ready = REAL(poll)(others, count, wait);
        if (others_ready < 0) { free(others); return -1; }
        for (nfds_t i = 0; i < count; i++) {
            if (!V4L2StandIn_owns_fd(fds[i].fd)) fds[i].revents = others[i].revents;
        }
        ready += others_ready;
        if (ready > 0 || (deadline >= 0 && now_ms() >= deadline)) break;
    }
    free(others);
    return ready;
}

// select() in terms of the interposed poll().
int select(int nfds, fd_set *readfds, fd_set *writefds, fd_set *exceptfds, struct timeval *timeout) {
    RESOLVE(select);
    int ours = 0;
    for (int fd = 0; fd < nfds; fd++) {
        if ((readfds && FD_ISSET(fd, readfds)) || (writefds && FD_ISSET(fd, writefds)) ||
            (exceptfds && FD_ISSET(fd, exceptfds))) {
            if (V4L2StandIn_owns_fd(fd)) ours = 1;
        }
    }
    if (!ours) return REAL(select)(nfds, readfds, writefds, exceptfds, timeout);

    struct pollfd *fds = calloc((size_t)nfds, sizeof(struct pollfd));
    if (!fds) { errno = ENOMEM; return -1; }
    nfds_t count = 0;
    for (int fd = 0; fd < nfds; fd++) {
        short events = 0;
        if (readfds && FD_ISSET(fd, readfds)) events |= POLLIN;
        if (writefds && FD_ISSET(fd, writefds)) events |= POLLOUT;
        if (exceptfds && FD_ISSET(fd, exceptfds)) events |= POLLPRI;
        if (events) { fds[count].fd = fd; fds[count].events = events; count++; }
    }
    int ms = timeout ? (int)(timeout->tv_sec * 1000 + timeout->tv_usec / 1000) : -1;
    int result = poll(fds, count, ms);
    if (result >= 0) {
        if (readfds) FD_ZERO(readfds);
        if (writefds) FD_ZERO(writefds);
        if (exceptfds) FD_ZERO(exceptfds);
        result = 0;
        for (nfds_t i = 0; i < count; i++) {
            short r = fds[i].revents;
            int hit = 0;
            if (readfds && (r & (POLLIN | POLLERR | POLLHUP))) { FD_SET(fds[i].fd, readfds); hit = 1; }
            if (writefds && (r & (POLLOUT | POLLERR))) { FD_SET(fds[i].fd, writefds); hit = 1; }
            if (exceptfds && (r & POLLPRI)) { FD_SET(fds[i].fd, exceptfds); hit = 1; }
            result += hit;
        }
    }
    free(fds);
    return result;
}

// libc's raw system call entry, as libv4l2 uses it (libv4lsyscall-priv.h).
//
// Not instrumented by any sanitizer: every syscall() of the test process comes here, also
// Foundation's from its thread-specific-data destructor (__CFTSDFinalize) on a thread that
// ThreadSanitizer has already finished. Instrumented, this entry's function-entry hook
// crashed the end-to-end test process there (SEGV at 0xd8 in TSan's TraceSkipGap, "nested
// bug", whenever a thread ended at the wrong moment). Only the numbers below reach the
// stand-in's own (instrumented) code; every other call goes straight to libc.
__attribute__((disable_sanitizer_instrumentation))
long syscall(long number, ...) {
    va_list ap; va_start(ap, number);
    long a0 = va_arg(ap, long), a1 = va_arg(ap, long), a2 = va_arg(ap, long);
    long a3 = va_arg(ap, long), a4 = va_arg(ap, long), a5 = va_arg(ap, long);
    va_end(ap);
    switch (number) {
    case SYS_open:
        if (V4L2StandIn_is_device_path((const char *)a0)) return V4L2StandIn_open((int)a1);
        break;
    case SYS_openat:
        if (V4L2StandIn_is_device_path((const char *)a1)) return V4L2StandIn_open((int)a2);
        break;
    case SYS_close:
        if (V4L2StandIn_owns_fd((int)a0)) return V4L2StandIn_close((int)a0);
        break;
    case SYS_ioctl:
        if (V4L2StandIn_owns_fd((int)a0)) return V4L2StandIn_ioctl((int)a0, (unsigned long)a1, (void *)a2);
        break;
    case SYS_mmap:
        if ((int)a4 >= 0 && !(a3 & MAP_ANONYMOUS) && V4L2StandIn_owns_fd((int)a4))
            return (long)V4L2StandIn_mmap((void *)a0, (size_t)a1, (int)a2, (int)a3, (int)a4, (off_t)a5);
        break;
    case SYS_munmap:
        V4L2StandIn_note_munmap((void *)a0, (size_t)a1);
        break;
    case SYS_read:
        if (V4L2StandIn_owns_fd((int)a0)) return read((int)a0, (void *)a1, (size_t)a2);
        break;
    case SYS_poll:
        return poll((struct pollfd *)a0, (nfds_t)a1, (int)a2);
    default:
        break;
    }
    RESOLVE(syscall);
    return REAL(syscall)(number, a0, a1, a2, a3, a4, a5);
}
