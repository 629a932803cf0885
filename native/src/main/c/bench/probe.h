/*
 * The application-level buffer of the Xu and Guo ("direct buffering") and Burnett and Jindal ("my_read")
 * experiments, shared by their C program (io_probe.c) and the JNI library the Java side calls
 * (jni_probe.c), so that C and JNI run the very same buffer code and differ only in who calls it.
 * A probe reads or writes one file sequentially through a buffer of `size` bytes, refilled with read()
 * (or, in dummy mode, by a function that moves nothing, to time everything but the system call) and
 * flushed with write(). Errors return -1 with errno set; the caller reports them.
 */
#ifndef JPIO_PROBE_H
#define JPIO_PROBE_H

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum probe_mode { PROBE_READ = 0, PROBE_WRITE = 1, PROBE_DUMMY = 2 };

struct probe {
    int fd, mode, size, len, pos;
    long long remaining; /* dummy mode: bytes still to hand out */
    char *buf;
};

/* Burnett and Jindal's DummyNativeRead: stands where read() was, moves nothing, costs a call. */
__attribute__((noinline)) static long probe_dummy_read(struct probe *p) {
    __asm__ volatile("" ::: "memory");
    long n = p->remaining < p->size ? (long) p->remaining : p->size;
    p->remaining -= n;
    return n;
}

static int probe_open(struct probe *p, const char *path, int size, int mode, long long bytes) {
    memset(p, 0, sizeof *p);
    if (size < 1) { errno = EINVAL; return -1; }
    p->buf = malloc((size_t) size);
    if (p->buf == NULL) return -1;
    p->size = size;
    p->mode = mode;
    p->remaining = bytes;
    p->fd = mode == PROBE_WRITE ? open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644) : open(path, O_RDONLY);
    if (p->fd < 0) { int e = errno; free(p->buf); errno = e; return -1; }
    return 0;
}

/* Refills the buffer: its length, 0 at the end of the file, -1 on error. */
static int probe_refill(struct probe *p) {
    long n;
    if (p->mode == PROBE_DUMMY) n = probe_dummy_read(p);
    else do n = read(p->fd, p->buf, (size_t) p->size); while (n < 0 && errno == EINTR);
    if (n < 0) return -1;
    p->len = (int) n;
    p->pos = 0;
    return (int) n;
}

/* The next byte (0..255), -1 at the end, -2 on error: Burnett and Jindal's my_read. */
static inline int probe_byte(struct probe *p) {
    if (p->pos == p->len) {
        int n = probe_refill(p);
        if (n <= 0) return n == 0 ? -1 : -2;
    }
    return (unsigned char) p->buf[p->pos++];
}

static int probe_flush(struct probe *p) {
    for (int at = 0; at < p->pos; ) {
        ssize_t n = write(p->fd, p->buf + at, (size_t) (p->pos - at));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) { if (n == 0) errno = EIO; return -1; }
        at += (int) n;
    }
    p->pos = 0;
    return 0;
}

/* Appends n bytes (an "operation" of Xu and Guo), flushing whenever the buffer fills. */
__attribute__((unused)) static int probe_put(struct probe *p, const char *src, int n) {
    while (n > 0) {
        int m = p->size - p->pos < n ? p->size - p->pos : n;
        memcpy(p->buf + p->pos, src, (size_t) m);
        p->pos += m;
        src += m;
        n -= m;
        if (p->pos == p->size && probe_flush(p) != 0) return -1;
    }
    return 0;
}

/* Takes up to n bytes, refilling as needed: the count taken, 0 at the end, -1 on error. */
__attribute__((unused)) static int probe_get(struct probe *p, char *dst, int n) {
    int got = 0;
    while (got < n) {
        if (p->pos == p->len) {
            int r = probe_refill(p);
            if (r < 0) return -1;
            if (r == 0) break;
        }
        int m = p->len - p->pos < n - got ? p->len - p->pos : n - got;
        memcpy(dst + got, p->buf + p->pos, (size_t) m);
        p->pos += m;
        got += m;
    }
    return got;
}

static int probe_close(struct probe *p) {
    int bad = p->mode == PROBE_WRITE && probe_flush(p) != 0;
    int e = errno;
    if (close(p->fd) != 0 && !bad) { bad = 1; e = errno; }
    free(p->buf);
    errno = e;
    return bad ? -1 : 0;
}

#endif
