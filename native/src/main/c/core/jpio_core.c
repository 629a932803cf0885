/*
 * libjpio.so: the native I/O engine behind org.jpio.engine.NativeEngine (JNI class org.jpio.engine.NativeIo).
 * Thin on purpose: each call is one syscall (or one jpio_pio loop) plus errno -> exception. Java decides
 * the open flags, splits transfers into bounded pieces, splits O_DIRECT transfers into aligned middles
 * and unaligned edges, and owns the bounce buffer; C moves bytes, swaps them, and reports errno.
 */
#include "jpio_jni.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

/* Open flags as Java passes them (NativeIo.O_*): portable bits mapped to this platform's O_ values here. */
enum { J_READ = 1, J_WRITE = 2, J_CREATE = 4, J_CREATE_NEW = 8, J_TRUNCATE = 16, J_DIRECT = 32 };
/* Transfer operations (NativeIo.OP_*). */
enum { OP_READ_FULLY = 0, OP_WRITE = 1, OP_READ = 2 };
/* Lock modes (NativeIo.LOCK_*). */
enum { LOCK_NONE = 0, LOCK_SHARED = 1, LOCK_EXCLUSIVE = 2 };

/* org.jpio.engine.Advice ordinals -> POSIX_FADV_*. */
static const int ADVICE[] = { POSIX_FADV_NORMAL, POSIX_FADV_SEQUENTIAL, POSIX_FADV_RANDOM,
                              POSIX_FADV_WILLNEED, POSIX_FADV_DONTNEED, POSIX_FADV_NOREUSE };

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved) {
    /* Nothing to cache: every call receives primitives, arrays and direct buffers, so no field or
     * method IDs are looked up; exception classes are resolved only on the (rare) error path. */
    return JNI_VERSION_1_8;
}

/* The one error exit of this file: path as a Java string, turned into UTF-8 only when failing. */
static void fail(JNIEnv *env, int err, const char *op, jstring jpath, int fd, long long off, long long len) {
    const char *path = jpath == NULL ? NULL : (*env)->GetStringUTFChars(env, jpath, NULL);
    if (jpath != NULL && path == NULL) return; /* OutOfMemoryError pending */
    jpio_throw_errno(env, err, op, path, fd, off, len);
    if (path != NULL) (*env)->ReleaseStringUTFChars(env, jpath, path);
}

JNIEXPORT jint JNICALL Java_org_jpio_engine_NativeIo_open(JNIEnv *env, jclass c, jstring jpath, jint jflags) {
    int flags = O_CLOEXEC;
    if ((jflags & J_READ) && (jflags & J_WRITE)) flags |= O_RDWR;
    else if (jflags & J_WRITE) flags |= O_WRONLY;
    else flags |= O_RDONLY;
    if (jflags & J_CREATE) flags |= O_CREAT;
    if (jflags & J_CREATE_NEW) flags |= O_CREAT | O_EXCL;
    if (jflags & J_TRUNCATE) flags |= O_TRUNC;
    if (jflags & J_DIRECT) flags |= O_DIRECT;
    const char *path = (*env)->GetStringUTFChars(env, jpath, NULL);
    if (path == NULL) return -1;
    int fd = open(path, flags, 0666);
    int err = errno;
    (*env)->ReleaseStringUTFChars(env, jpath, path);
    if (fd < 0) fail(env, err, "open", jpath, -1, 0, 0);
    return fd;
}

JNIEXPORT void JNICALL Java_org_jpio_engine_NativeIo_close(JNIEnv *env, jclass c, jint fd, jstring jpath) {
    /* Linux releases the descriptor even when close reports an error: never retry. */
    if (close(fd) != 0 && errno != EINTR) fail(env, errno, "close", jpath, fd, 0, 0);
}

JNIEXPORT jlong JNICALL Java_org_jpio_engine_NativeIo_size(JNIEnv *env, jclass c, jint fd, jstring jpath) {
    struct stat st;
    if (fstat(fd, &st) != 0) {
        fail(env, errno, "size", jpath, fd, 0, 0);
        return -1;
    }
    return (jlong) st.st_size;
}

JNIEXPORT void JNICALL Java_org_jpio_engine_NativeIo_truncate(JNIEnv *env, jclass c, jint fd, jstring jpath, jlong size) {
    int rc;
    do rc = ftruncate(fd, (off_t) size); while (rc != 0 && errno == EINTR);
    if (rc != 0) fail(env, errno, "setLength", jpath, fd, size, 0);
}

JNIEXPORT void JNICALL Java_org_jpio_engine_NativeIo_sync(JNIEnv *env, jclass c, jint fd, jstring jpath, jboolean metadata) {
    if ((metadata ? fsync(fd) : fdatasync(fd)) != 0) fail(env, errno, metadata ? "fsync" : "fdatasync", jpath, fd, 0, 0);
}

JNIEXPORT void JNICALL Java_org_jpio_engine_NativeIo_allocate(JNIEnv *env, jclass c, jint fd, jstring jpath, jlong off, jlong len) {
    int err = posix_fallocate(fd, (off_t) off, (off_t) len); /* returns the error, does not set errno */
    if (err != 0) fail(env, err, "preallocate", jpath, fd, off, len);
}

JNIEXPORT jlong JNICALL Java_org_jpio_engine_NativeIo_holeAt(JNIEnv *env, jclass c, jint fd, jstring jpath, jlong off) {
    off_t h = lseek(fd, (off_t) off, SEEK_HOLE); /* positional I/O never uses the offset this moves */
    if (h >= 0) return (jlong) h;
    if (errno == ENXIO) return off; /* at or past the end, which counts as a hole */
    fail(env, errno, "holeAt", jpath, fd, off, 0);
    return -1;
}

JNIEXPORT void JNICALL Java_org_jpio_engine_NativeIo_advise(JNIEnv *env, jclass c, jint fd, jstring jpath, jlong off, jlong len, jint advice) {
    if (advice < 0 || advice >= (jint) (sizeof ADVICE / sizeof ADVICE[0])) {
        jpio_throw(env, "java/lang/IllegalArgumentException", "advise: unknown advice=%d", (int) advice);
        return;
    }
    int err = posix_fadvise(fd, (off_t) off, (off_t) len, ADVICE[advice]);
    if (err != 0) fail(env, err, "advise", jpath, fd, off, len);
}

/*
 * Open-file-description locks (F_OFD_SETLKW): they belong to the descriptor, not the process, so two
 * descriptors of one JVM exclude each other and closing some other descriptor of the file does not
 * silently drop them (the POSIX F_SETLKW trap). They conflict with classic fcntl locks of other processes.
 */
JNIEXPORT void JNICALL Java_org_jpio_engine_NativeIo_lock(JNIEnv *env, jclass c, jint fd, jstring jpath, jlong off, jlong len, jint mode) {
    struct flock fl;
    memset(&fl, 0, sizeof fl);
    fl.l_type = mode == LOCK_NONE ? F_UNLCK : mode == LOCK_SHARED ? F_RDLCK : F_WRLCK;
    fl.l_whence = SEEK_SET;
    fl.l_start = (off_t) off;
    fl.l_len = (off_t) len;
    int rc;
    do rc = fcntl(fd, F_OFD_SETLKW, &fl); while (rc != 0 && errno == EINTR);
    if (rc != 0) fail(env, errno, mode == LOCK_NONE ? "unlock" : "lock", jpath, fd, off, len);
}

/* After a read: boolean arrays must hold only 0/1 (fix 1); other orders are swapped in place (fix 2, 4, 8). */
static void fix_read(char *p, size_t n, int fix) {
    if (fix == 1) {
        for (size_t i = 0; i < n; i++) p[i] = p[i] != 0;
    } else if (fix > 1) {
        jpio_swap(p, n / (size_t) fix, fix);
    }
}

/*
 * Copies n bytes between the bounce buffer and memory base[q0..q0+n), reversing the bytes of each element
 * of size fix (> 1) on the way. Element boundaries are multiples of fix from base; a chunk may start or end
 * inside an element (O_DIRECT chunks follow file blocks, not elements), so the straddling bytes are
 * placed one by one and whole elements in bulk.
 */
static void shuttle(char *bounce, char *base, size_t q0, size_t n, int fix, int to_file) {
    size_t s = fix > 1 ? (size_t) fix : 1, j = 0;
    while (j < n) {
        size_t q = q0 + j;
        if (q % s == 0 && n - j >= s) {
            size_t k = (n - j) / s * s;
            if (to_file) memcpy(bounce + j, base + q, k);
            else memcpy(base + q, bounce + j, k);
            if (s > 1) jpio_swap(to_file ? bounce + j : base + q, k / s, (int) s);
            j += k;
        } else {
            size_t m = q - 2 * (q % s) + s - 1; /* the byte's place in the reversed element */
            if (to_file) bounce[j] = base[m];
            else base[m] = bounce[j];
            j++;
        }
    }
    if (!to_file && fix == 1) fix_read(base + q0, n, 1);
}

/*
 * 4K aliasing. The kernel copies a cached read page by page from the page cache (page-aligned) to the
 * destination. When the destination lies just above the source modulo the 4 KiB page (1 to 31 bytes on an
 * AMD EPYC), every load seems to depend on the store just issued and the copy runs 3x slower (2.2 against
 * 7 GB/s for a 256 MiB pread measured there). An Intel Xeon with FSRM showed no such trap, so Java
 * (AliasTrap) passes a read no bounce buffer on processors without it, and no read is bounced.
 * Java arrays start 16 bytes into their block (the array header), and so do large malloc blocks, so a
 * read of a large array at a page-aligned file offset lands exactly there. Such reads take transfer()'s
 * bounce loop, in cache-sized chunks placed half a page away from the source, then one memcpy out
 * (glibc's large memcpy avoids the trap): two copies, but about twice as fast as one trapped copy. Only C
 * knows the pinned address, so this one decision is made here.
 */
#define ALIAS_PAGE 4096
#define ALIAS_WINDOW 32
#define ALIAS_CHUNK (256 * 1024)

/* From what size the trap outweighs the bounce's second copy differs between processors (1 KiB on one
 * EPYC, 8 MiB on another): Java measures it (AliasTrap.minBytes) and passes the bounce buffer with a read
 * only from that size, so here a bounce given for a read means "keep it clear". */
static int aliased(const char *p, off_t off) {
    size_t d = ((uintptr_t) p - (uintptr_t) off) & (ALIAS_PAGE - 1);
    return d != 0 && d < ALIAS_WINDOW;
}

/*
 * Moves len bytes between memory base[q0..] and the file at off. Direct when it can; through the bounce
 * buffer (cap bytes) when a write must be swapped (the caller's array is never modified: another thread
 * may be reading it), when a swapped read piece does not cover whole elements, or when the descriptor is
 * O_DIRECT (align > 0) and the memory is not aligned, or when a large read would fall into the 4K-aliasing
 * trap (above). Returns 0, -1 at end of file, or errno.
 */
static int transfer(int fd, char *base, size_t q0, size_t len, off_t off, int write, int fix, int align,
                    char *bounce, size_t cap, size_t *done) {
    char *p = base + q0;
    int misaligned = align > 0 && ((uintptr_t) p % (uintptr_t) align) != 0;
    int whole = fix <= 1 || (!write && q0 % (size_t) fix == 0 && len % (size_t) fix == 0);
    int unalias = !write && align == 0 && whole && aliased(p, off) && cap >= ALIAS_CHUNK + ALIAS_PAGE;
    if (!misaligned && whole && !unalias) {
        int rc = jpio_pio(fd, p, len, off, write, done);
        if (!write) fix_read(p, *done, fix);
        return rc;
    }
    if (bounce == NULL || cap == 0) return EINVAL;
    size_t moved = 0;
    int rc = 0;
    while (moved < len && rc == 0) {
        off_t at = off + (off_t) moved;
        /* unaliasing: a cache-sized chunk half a page from the source page's offset, so that both the
         * kernel's copy into it and the memcpy out are clear of the trap */
        char *b = unalias ? bounce + (((uintptr_t) at + ALIAS_PAGE / 2 - (uintptr_t) bounce) & (ALIAS_PAGE - 1)) : bounce;
        size_t c = unalias ? ALIAS_CHUNK : cap;
        size_t n = len - moved < c ? len - moved : c, got = 0;
        if (write) shuttle(b, base, q0 + moved, n, fix, 1);
        rc = jpio_pio(fd, b, n, at, write, &got);
        if (!write) shuttle(b, base, q0 + moved, got, fix, 0);
        moved += got;
    }
    *done = moved;
    return rc;
}

/*
 * Whether transfer() may need the bounce buffer, judged from the arguments alone: only then are its address
 * and capacity asked of the JVM (two JNI calls with type checks, 3% of a 1 KiB read from the page cache).
 * A read may (Java passes the buffer only for reads it wants kept clear of the trap); a plain write never.
 */
static int may_bounce(jint op, jint fix, jint align) {
    return fix > 1 || align > 0 || op != OP_WRITE;
}

/* The tail of every transfer: maps the result of transfer() to a return value or an exception. */
static jint finish(JNIEnv *env, int rc, size_t done, jint op, jstring jpath, int fd, jlong off, jint len) {
    if (rc == 0) return (jint) done;
    if (rc == -1 && op == OP_READ) return done == 0 ? -1 : (jint) done;
    fail(env, rc == -1 ? 0 : rc, op == OP_WRITE ? "write" : "read", jpath, fd, off, len);
    return -1;
}

JNIEXPORT jint JNICALL Java_org_jpio_engine_NativeIo_transferBuffer(JNIEnv *env, jclass c, jint fd, jstring jpath,
        jobject buf, jint pos, jint len, jlong off, jint op, jint fix, jint align, jobject bounce) {
    char *p = (*env)->GetDirectBufferAddress(env, buf);
    if (!may_bounce(op, fix, align)) bounce = NULL;
    char *b = bounce == NULL ? NULL : (*env)->GetDirectBufferAddress(env, bounce);
    size_t cap = bounce == NULL ? 0 : (size_t) (*env)->GetDirectBufferCapacity(env, bounce);
    if (p == NULL) {
        jpio_throw(env, "java/lang/IllegalArgumentException", "not a direct buffer");
        return -1;
    }
    size_t done = 0;
    int rc = transfer(fd, p, (size_t) pos, (size_t) len, (off_t) off, op == OP_WRITE, fix, align, b, cap, &done);
    return finish(env, rc, done, op, jpath, fd, off, len);
}

JNIEXPORT jint JNICALL Java_org_jpio_engine_NativeIo_transferArray(JNIEnv *env, jclass c, jint fd, jstring jpath,
        jobject array, jlong byteIndex, jint len, jlong off, jint op, jint fix, jint align, jobject bounce) {
    /* Buffer addresses first: no JNI calls are allowed between pin and unpin. */
    if (!may_bounce(op, fix, align)) bounce = NULL;
    char *b = bounce == NULL ? NULL : (*env)->GetDirectBufferAddress(env, bounce);
    size_t cap = bounce == NULL ? 0 : (size_t) (*env)->GetDirectBufferCapacity(env, bounce);
    char *p = JPIO_PIN(env, array);
    if (p == NULL) return -1;
    size_t done = 0;
    int rc = transfer(fd, p, (size_t) byteIndex, (size_t) len, (off_t) off, op == OP_WRITE, fix, align, b, cap, &done);
    JPIO_UNPIN(env, array, p, rc > 0 || (rc == -1 && op != OP_READ));
    return finish(env, rc, done, op, jpath, fd, off, len);
}

/*
 * Stretches of a pinned array (byte offset and length pairs in runs[0..2n)) moved one after another to or
 * from the file range at off: a ghosted block's interior rows, without a copy into a staging buffer first.
 * Writes are one pwritev. Reads are preadv over each stretch of segments clear of the 4K-aliasing trap; a
 * segment of at least unalias_min bytes whose place in the array is aliased to its file offset goes through
 * transfer()'s bounce loop instead, when Java passed the bounce buffer (it does where the processor has the
 * trap, with the size it measured). Java bounds n by RUNS_MAX and the total by its pinning piece, passes
 * native-order, non-boolean arrays only, and never an O_DIRECT descriptor. Returns the bytes moved.
 */
#define RUNS_MAX 1024 /* Linux's IOV_MAX; PosixEngineFile.RUNS says the same */

static int scatter(int fd, struct iovec *iov, int n, off_t off, size_t unalias_min, char *bounce, size_t cap, size_t *done) {
    size_t moved = 0;
    int rc = 0;
    for (int i = 0; i < n && rc == 0; ) {
        int j = i;
        size_t clear = 0;
        while (j < n && !(bounce != NULL && iov[j].iov_len >= unalias_min && aliased(iov[j].iov_base, off + (off_t) (moved + clear)))) {
            clear += iov[j].iov_len;
            j++;
        }
        size_t got = 0;
        if (j > i) {
            rc = jpio_piov(fd, iov + i, j - i, off + (off_t) moved, 0, &got);
        } else { /* one trapped segment: its bytes through the bounce buffer, placed clear */
            rc = transfer(fd, iov[i].iov_base, 0, iov[i].iov_len, off + (off_t) moved, 0, 0, 0, bounce, cap, &got);
            j = i + 1;
        }
        moved += got;
        i = j;
    }
    *done = moved;
    return rc;
}

JNIEXPORT jint JNICALL Java_org_jpio_engine_NativeIo_transferRuns(JNIEnv *env, jclass c, jint fd, jstring jpath,
        jobject array, jlongArray jruns, jint n, jlong off, jint op, jlong unalias_min, jobject bounce) {
    if (n < 0 || n > RUNS_MAX) {
        jpio_throw(env, "java/lang/IllegalArgumentException", "transfer of runs: %d stretches, at most %d", (int) n, RUNS_MAX);
        return -1;
    }
    jlong runs[2 * RUNS_MAX];
    (*env)->GetLongArrayRegion(env, jruns, 0, 2 * n, runs);
    if ((*env)->ExceptionCheck(env)) return -1;
    /* Buffer addresses first: no JNI calls are allowed between pin and unpin. */
    if (op == OP_WRITE) bounce = NULL;
    char *b = bounce == NULL ? NULL : (*env)->GetDirectBufferAddress(env, bounce);
    size_t cap = bounce == NULL ? 0 : (size_t) (*env)->GetDirectBufferCapacity(env, bounce);
    struct iovec iov[RUNS_MAX];
    size_t len = 0;
    char *p = JPIO_PIN(env, array);
    if (p == NULL) return -1;
    for (jint k = 0; k < n; k++) {
        iov[k].iov_base = p + runs[2 * k];
        iov[k].iov_len = (size_t) runs[2 * k + 1];
        len += iov[k].iov_len;
    }
    size_t done = 0;
    int rc = op == OP_WRITE ? jpio_piov(fd, iov, n, (off_t) off, 1, &done)
                            : scatter(fd, iov, n, (off_t) off, (size_t) unalias_min, b, cap, &done);
    JPIO_UNPIN(env, array, p, rc > 0 || (rc == -1 && op != OP_READ));
    return finish(env, rc, done, op, jpath, fd, off, (jint) len);
}
