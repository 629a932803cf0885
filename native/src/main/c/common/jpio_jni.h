/*
 * jpio's JNI helpers, shared by every native library (libjpio, libjpiouring, libjpiompi).
 * Decisions live in Java; C only moves bytes. Three things exist here once:
 *   - errno -> Java exception (jpio_throw_errno), with key=value context in the message;
 *   - the short-transfer loop (jpio_pio: EINTR, INT_MAX cap, stop at 0);
 *   - array pinning, done one way: validate in Java, pin, call, unpin in one cleanup block,
 *     JNI_ABORT when the call failed (JPIO_PIN / JPIO_UNPIN).
 */
#ifndef JPIO_JNI_H
#define JPIO_JNI_H

#include <jni.h>
#include <stddef.h>
#include <sys/types.h>

/* Largest single read/write the kernel accepts without truncation (Linux MAX_RW_COUNT). */
#define JPIO_MAX_RW ((size_t)0x7ffff000)

/*
 * Throws java.io.IOException (java.io.EOFException when err == 0 at end of file) whose message is
 *   "<op> failed: path=<path> offset=<off> length=<len> errno=<err> (<strerror>)".
 * path may be NULL (then "fd=<fd>" is printed instead when fd >= 0).
 * ENOSPC/EDQUOT/EFBIG say "no space left"; all map to IOException so callers see one type.
 */
void jpio_throw_errno(JNIEnv *env, int err, const char *op, const char *path, int fd,
                      long long off, long long len);

/* Throws exception class cls (e.g. "java/lang/IllegalArgumentException") with a printf-style message. */
void jpio_throw(JNIEnv *env, const char *cls, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/*
 * The one short-transfer loop: pread (write == 0) or pwrite (write != 0) of exactly len bytes at off,
 * retrying on EINTR, in pieces of at most JPIO_MAX_RW, stopping when a read returns 0 (end of file).
 * Returns 0 on success, -1 at end of file (read only; *done tells how far it got), errno otherwise.
 * *done (may be NULL) receives the bytes transferred.
 */
int jpio_pio(int fd, void *buf, size_t len, off_t off, int write, size_t *done);

struct iovec;

/*
 * The vectored form of jpio_pio: preadv (write == 0) or pwritev of cnt segments (at most IOV_MAX, together
 * at most JPIO_MAX_RW bytes) over the file range at off, retrying on EINTR and resuming a short transfer at
 * the first byte not moved (the segments in iov are advanced in place). Returns 0, -1 at end of file (read
 * only), or errno; *done (may be NULL) receives the bytes moved.
 */
int jpio_piov(int fd, struct iovec *iov, int cnt, off_t off, int write, size_t *done);

/*
 * Pinning. Usage, always in this shape:
 *
 *   void *p = JPIO_PIN(env, array);          // GetPrimitiveArrayCritical: no copy on HotSpot
 *   if (p == NULL) return;                   // OutOfMemoryError already pending
 *   int err = <syscall work on p; no other JNI calls in between>;
 *   JPIO_UNPIN(env, array, p, err);          // mode 0 on success, JNI_ABORT on failure
 *   if (err) jpio_throw_errno(...);          // exceptions only after the array is released
 *
 * The critical section holds off the GC while the syscall runs, so callers split very large
 * transfers (Java side) to keep the pause bounded. No global lock is taken: threads pin concurrently.
 */
#define JPIO_PIN(env, array) ((*(env))->GetPrimitiveArrayCritical((env), (array), NULL))
#define JPIO_UNPIN(env, array, ptr, failed) \
    ((*(env))->ReleasePrimitiveArrayCritical((env), (array), (ptr), (failed) ? JNI_ABORT : 0))

/* Reverses the bytes of n elements of size elem (2, 4 or 8) in place: non-native byte order. */
void jpio_swap(void *buf, size_t n, int elem);

#endif
