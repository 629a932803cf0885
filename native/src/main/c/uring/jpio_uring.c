/*
 * libjpiouring: the io_uring engine of org.jpio.async (class org.jpio.async.UringNative).
 *
 * Thin by design: C opens the file, prepares one submission queue entry per call and drains
 * completions; Java decides everything else (splitting into pieces, resubmitting short transfers,
 * bounding the queue, mapping results to requests). Buffers are always direct ByteBuffers owned by
 * Java, which stay valid after these calls return -- the reason arrays are not pinned here: an
 * asynchronous transfer outlives the JNI call, and a Get*Critical pin must not.
 *
 * Threading: one ring per AsyncFile. Submissions are serialised by a per-file Java lock; only the
 * file's completion thread calls reap(). liburing allows one submitter and one reaper at once.
 */
#include "jpio_jni.h"

#include <errno.h>
#include <fcntl.h>
#include <liburing.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Operation codes, as in UringNative.java. */
enum { OP_READ = 0, OP_WRITE = 1, OP_FSYNC = 2, OP_FDATASYNC = 3, OP_CANCEL = 4, OP_NOP = 5 };

static struct io_uring *ring_of(jlong h) { return (struct io_uring *) (intptr_t) h; }

/* 0 when a ring can be set up and has the opcodes jpio needs; otherwise -errno (seccomp: -EPERM/-ENOSYS). */
JNIEXPORT jint JNICALL Java_org_jpio_async_UringNative_probe(JNIEnv *env, jclass cls) {
    struct io_uring ring;
    int rc = io_uring_queue_init(2, &ring, 0);
    if (rc < 0) return rc;
    struct io_uring_probe *p = io_uring_get_probe_ring(&ring);
    if (p == NULL) rc = -ENOSYS;
    else {
        if (!io_uring_opcode_supported(p, IORING_OP_READ) || !io_uring_opcode_supported(p, IORING_OP_WRITE)
            || !io_uring_opcode_supported(p, IORING_OP_ASYNC_CANCEL))
            rc = -EOPNOTSUPP;
        io_uring_free_probe(p);
    }
    io_uring_queue_exit(&ring);
    return rc;
}

JNIEXPORT jlong JNICALL Java_org_jpio_async_UringNative_create(JNIEnv *env, jclass cls, jint entries, jstring jpath) {
    struct io_uring *ring = calloc(1, sizeof *ring);
    if (ring == NULL) {
        jpio_throw(env, "java/lang/OutOfMemoryError", "io_uring ring struct");
        return 0;
    }
    int rc = io_uring_queue_init((unsigned) entries, ring, 0);
    if (rc < 0) {
        free(ring);
        const char *path = (*env)->GetStringUTFChars(env, jpath, NULL);
        jpio_throw_errno(env, -rc, "io_uring_queue_init", path, -1, 0, entries);
        if (path) (*env)->ReleaseStringUTFChars(env, jpath, path);
        return 0;
    }
    return (jlong) (intptr_t) ring;
}

JNIEXPORT void JNICALL Java_org_jpio_async_UringNative_destroy(JNIEnv *env, jclass cls, jlong h) {
    struct io_uring *ring = ring_of(h);
    io_uring_queue_exit(ring);
    free(ring);
}

JNIEXPORT jint JNICALL Java_org_jpio_async_UringNative_open(JNIEnv *env, jclass cls, jstring jpath, jboolean write,
                                                            jboolean create, jboolean createNew, jboolean truncate,
                                                            jboolean direct) {
    const char *path = (*env)->GetStringUTFChars(env, jpath, NULL);
    if (path == NULL) return -1;
    int flags = (write ? O_RDWR : O_RDONLY) | O_CLOEXEC;
    if (create) flags |= O_CREAT;
    if (createNew) flags |= O_CREAT | O_EXCL;
    if (truncate) flags |= O_TRUNC;
    if (direct) flags |= O_DIRECT;
    int fd;
    do fd = open(path, flags, 0666); while (fd < 0 && errno == EINTR);
    if (fd < 0) jpio_throw_errno(env, errno, "open", path, -1, 0, 0);
    (*env)->ReleaseStringUTFChars(env, jpath, path);
    return fd;
}

JNIEXPORT void JNICALL Java_org_jpio_async_UringNative_close(JNIEnv *env, jclass cls, jint fd) {
    if (close(fd) < 0 && errno != EINTR) jpio_throw_errno(env, errno, "close", NULL, fd, 0, 0);
}

JNIEXPORT jlong JNICALL Java_org_jpio_async_UringNative_size(JNIEnv *env, jclass cls, jint fd) {
    struct stat st;
    if (fstat(fd, &st) < 0) {
        jpio_throw_errno(env, errno, "fstat", NULL, fd, 0, 0);
        return -1;
    }
    return (jlong) st.st_size;
}

/*
 * Queues one operation and enters the kernel. Returns 0, or -errno: -EBUSY when the submission
 * queue is full (Java bounds its in-flight count below the ring size, so this means a bug), or the
 * error of io_uring_submit.
 */
JNIEXPORT jint JNICALL Java_org_jpio_async_UringNative_submit(JNIEnv *env, jclass cls, jlong h, jint op, jint fd,
                                                              jobject buf, jint bufPos, jint len, jlong off,
                                                              jlong userData) {
    struct io_uring *ring = ring_of(h);
    char *addr = NULL;
    if (buf != NULL) {
        addr = (*env)->GetDirectBufferAddress(env, buf);
        if (addr == NULL) return -EFAULT;
        addr += bufPos;
    }
    struct io_uring_sqe *sqe = io_uring_get_sqe(ring);
    if (sqe == NULL) return -EBUSY;
    switch (op) {
    case OP_READ: io_uring_prep_read(sqe, fd, addr, (unsigned) len, (__u64) off); break;
    case OP_WRITE: io_uring_prep_write(sqe, fd, addr, (unsigned) len, (__u64) off); break;
    case OP_FSYNC: io_uring_prep_fsync(sqe, fd, 0); break;
    case OP_FDATASYNC: io_uring_prep_fsync(sqe, fd, IORING_FSYNC_DATASYNC); break;
    case OP_CANCEL: io_uring_prep_cancel64(sqe, (__u64) off, 0); break;
    default: io_uring_prep_nop(sqe); break;
    }
    io_uring_sqe_set_data64(sqe, (__u64) userData);
    int rc;
    do rc = io_uring_submit(ring); while (rc == -EINTR || rc == -EAGAIN);
    return rc < 0 ? rc : 0;
}

/*
 * Waits for at least one completion, then drains up to the array length into (userData, res).
 * Returns the count, or -errno (-EINTR: the caller loops).
 */
JNIEXPORT jint JNICALL Java_org_jpio_async_UringNative_reap(JNIEnv *env, jclass cls, jlong h, jlongArray jdata,
                                                            jintArray jres) {
    struct io_uring *ring = ring_of(h);
    struct io_uring_cqe *cqe;
    int rc = io_uring_wait_cqe(ring, &cqe);
    if (rc < 0) return rc;
    jsize max = (*env)->GetArrayLength(env, jdata);
    jlong data[256];
    jint res[256];
    if (max > 256) max = 256;
    int n = 0;
    while (n < max && io_uring_peek_cqe(ring, &cqe) == 0 && cqe != NULL) {
        data[n] = (jlong) io_uring_cqe_get_data64(cqe);
        res[n] = cqe->res;
        io_uring_cqe_seen(ring, cqe);
        n++;
    }
    (*env)->SetLongArrayRegion(env, jdata, 0, n, data);
    (*env)->SetIntArrayRegion(env, jres, 0, n, res);
    return n;
}

/*
 * The exception jpio_throw_errno would throw for err, returned instead of thrown: a failed
 * completion belongs to a request that reports it later, on another thread. One errno mapping.
 */
JNIEXPORT jthrowable JNICALL Java_org_jpio_async_UringNative_errnoException(JNIEnv *env, jclass cls, jint err,
                                                                            jstring jop, jstring jpath, jlong off,
                                                                            jlong len) {
    const char *op = (*env)->GetStringUTFChars(env, jop, NULL);
    const char *path = (*env)->GetStringUTFChars(env, jpath, NULL);
    if (op != NULL && path != NULL) jpio_throw_errno(env, err, op, path, -1, off, len);
    if (op) (*env)->ReleaseStringUTFChars(env, jop, op);
    if (path) (*env)->ReleaseStringUTFChars(env, jpath, path);
    jthrowable t = (*env)->ExceptionOccurred(env);
    (*env)->ExceptionClear(env);
    return t;
}
