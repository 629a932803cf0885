/* The shared JNI helpers declared in jpio_jni.h: errno mapping, the short-transfer loop, byte swap. */
#include "jpio_jni.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/uio.h>
#include <unistd.h>

void jpio_throw(JNIEnv *env, const char *cls, const char *fmt, ...) {
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    jclass c = (*env)->FindClass(env, cls);
    if (c != NULL) (*env)->ThrowNew(env, c, msg);
}

void jpio_throw_errno(JNIEnv *env, int err, const char *op, const char *path, int fd,
                      long long off, long long len) {
    char where[512];
    if (path != NULL) snprintf(where, sizeof where, "path=%s", path);
    else snprintf(where, sizeof where, "fd=%d", fd);
    if (err == 0) {
        jpio_throw(env, "java/io/EOFException", "%s: end of file: %s offset=%lld length=%lld",
                   op, where, off, len);
        return;
    }
    char buf[256];
    const char *text = strerror_r(err, buf, sizeof buf); /* GNU variant: returns the string */
    /* the class says what kind of failure it is, as the JDK's file system exceptions do */
    const char *cls = err == EACCES || err == EPERM ? "java/nio/file/AccessDeniedException"
                    : err == ENOENT ? "java/nio/file/NoSuchFileException"
                    : err == EEXIST ? "java/nio/file/FileAlreadyExistsException" : "java/io/IOException";
    if (err == EFBIG) { /* the process's file size limit (ulimit -f), not the disk */
        struct rlimit lim;
        char limit[64] = "unknown";
        if (getrlimit(RLIMIT_FSIZE, &lim) == 0 && lim.rlim_cur != RLIM_INFINITY)
            snprintf(limit, sizeof limit, "%llu bytes", (unsigned long long) lim.rlim_cur);
        jpio_throw(env, cls, "%s failed: file too large (the file size limit, ulimit -f, is %s): %s offset=%lld length=%lld errno=%d (%s)",
                   op, limit, where, off, len, err, text);
        return;
    }
    const char *why = (err == ENOSPC || err == EDQUOT) ? " no space left:" : "";
    jpio_throw(env, cls, "%s failed:%s %s offset=%lld length=%lld errno=%d (%s)",
               op, why, where, off, len, err, text);
}

int jpio_pio(int fd, void *buf, size_t len, off_t off, int write, size_t *done) {
    char *p = buf;
    size_t left = len;
    int rc = 0;
    while (left > 0) {
        size_t n = left < JPIO_MAX_RW ? left : JPIO_MAX_RW;
        ssize_t r = write ? pwrite(fd, p, n, off) : pread(fd, p, n, off);
        if (r < 0) {
            if (errno == EINTR) continue;
            rc = errno;
            break;
        }
        if (r == 0) { /* read: end of file; write: nothing moved, treat as no space */
            rc = write ? ENOSPC : -1;
            break;
        }
        p += r;
        off += r;
        left -= (size_t) r;
    }
    if (done != NULL) *done = len - left;
    return rc;
}

int jpio_piov(int fd, struct iovec *iov, int cnt, off_t off, int write, size_t *done) {
    size_t moved = 0;
    int rc = 0;
    while (cnt > 0 && iov->iov_len == 0) { iov++; cnt--; } /* empty segments would read as end of file */
    while (cnt > 0) {
        ssize_t r = write ? pwritev(fd, iov, cnt, off) : preadv(fd, iov, cnt, off);
        if (r < 0) {
            if (errno == EINTR) continue;
            rc = errno;
            break;
        }
        if (r == 0) { /* as jpio_pio: read, end of file; write, nothing moved, treat as no space */
            rc = write ? ENOSPC : -1;
            break;
        }
        moved += (size_t) r;
        off += r;
        /* skip the segments moved whole (and empty ones after them), then trim the one moved in part */
        size_t left = (size_t) r;
        while (cnt > 0 && left >= iov->iov_len) {
            left -= iov->iov_len;
            iov++;
            cnt--;
        }
        if (cnt > 0) {
            iov->iov_base = (char *) iov->iov_base + left;
            iov->iov_len -= left;
        }
    }
    if (done != NULL) *done = moved;
    return rc;
}

void jpio_swap(void *buf, size_t n, int elem) {
    size_t i;
    switch (elem) {
    case 2: { uint16_t *a = buf; for (i = 0; i < n; i++) a[i] = __builtin_bswap16(a[i]); break; }
    case 4: { uint32_t *a = buf; for (i = 0; i < n; i++) a[i] = __builtin_bswap32(a[i]); break; }
    case 8: { uint64_t *a = buf; for (i = 0; i < n; i++) a[i] = __builtin_bswap64(a[i]); break; }
    default: break;
    }
}
