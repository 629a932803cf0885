/*
 * The JNI half of the Java vs C probes (org.jpio.examples.probe.NativeProbe): the buffer of probe.h
 * driven from Java one call at a time, as Xu and Guo's jniread/jniwrite and Burnett and Jindal's
 * NativeRead were. The probe's address travels as a long handle, looked up once (the "cached" way);
 * readByteNaive fetches it from the Java object on every call with GetObjectClass/GetFieldID/GetLongField,
 * the naive way Burnett and Jindal started from. Thin: Java decides, validates and times.
 */
#include "jpio_jni.h"
#include "probe.h"
#include <stdint.h>
#include <sys/resource.h>

#define P(h) ((struct probe *) (intptr_t) (h))

static int fail(JNIEnv *env, struct probe *p, const char *op, long long len) {
    jpio_throw_errno(env, errno, op, NULL, p ? p->fd : -1, -1, len);
    return -1;
}

JNIEXPORT jlong JNICALL Java_org_jpio_examples_probe_NativeProbe_open0(JNIEnv *env, jclass c, jstring jpath, jint size, jint mode, jlong bytes) {
    const char *path = (*env)->GetStringUTFChars(env, jpath, NULL);
    if (path == NULL) return 0;
    struct probe *p = malloc(sizeof *p);
    int bad = p == NULL || probe_open(p, path, size, mode, bytes) != 0;
    if (bad) {
        jpio_throw_errno(env, errno, "open", path, -1, 0, size);
        free(p);
        p = NULL;
    }
    (*env)->ReleaseStringUTFChars(env, jpath, path);
    return (jlong) (intptr_t) p;
}

JNIEXPORT jint JNICALL Java_org_jpio_examples_probe_NativeProbe_readByte0(JNIEnv *env, jclass c, jlong h) {
    int b = probe_byte(P(h));
    return b == -2 ? fail(env, P(h), "read", P(h)->size) : b;
}

JNIEXPORT jint JNICALL Java_org_jpio_examples_probe_NativeProbe_readByteNaive(JNIEnv *env, jobject self) {
    jclass cls = (*env)->GetObjectClass(env, self);
    jfieldID fid = (*env)->GetFieldID(env, cls, "handle", "J");
    struct probe *p = P((*env)->GetLongField(env, self, fid));
    int b = probe_byte(p);
    return b == -2 ? fail(env, p, "read", p->size) : b;
}

JNIEXPORT jint JNICALL Java_org_jpio_examples_probe_NativeProbe_get0(JNIEnv *env, jclass c, jlong h, jbyteArray dst, jint off, jint len) {
    struct probe *p = P(h);
    int got = 0;
    while (got < len) {
        if (p->pos == p->len) {
            int r = probe_refill(p);
            if (r < 0) return fail(env, p, "read", p->size);
            if (r == 0) break;
        }
        int m = p->len - p->pos < len - got ? p->len - p->pos : len - got;
        (*env)->SetByteArrayRegion(env, dst, off + got, m, (const jbyte *) p->buf + p->pos);
        p->pos += m;
        got += m;
    }
    return got;
}

JNIEXPORT void JNICALL Java_org_jpio_examples_probe_NativeProbe_put0(JNIEnv *env, jclass c, jlong h, jbyteArray src, jint off, jint len) {
    struct probe *p = P(h);
    while (len > 0) {
        int m = p->size - p->pos < len ? p->size - p->pos : len;
        (*env)->GetByteArrayRegion(env, src, off, m, (jbyte *) p->buf + p->pos);
        p->pos += m;
        off += m;
        len -= m;
        if (p->pos == p->size && probe_flush(p) != 0) { fail(env, p, "write", p->size); return; }
    }
}

JNIEXPORT void JNICALL Java_org_jpio_examples_probe_NativeProbe_close0(JNIEnv *env, jclass c, jlong h) {
    struct probe *p = P(h);
    int fd = p->fd;
    if (probe_close(p) != 0) jpio_throw_errno(env, errno, "close", NULL, fd, -1, 0);
    free(p);
}

JNIEXPORT jint JNICALL Java_org_jpio_examples_probe_NativeProbe_increment(JNIEnv *env, jclass c, jint v) {
    return v + 1;
}

JNIEXPORT jint JNICALL Java_org_jpio_examples_probe_NativeProbe_pread1(JNIEnv *env, jclass c, jlong h) {
    unsigned char b;
    ssize_t r = pread(P(h)->fd, &b, 1, 0);
    return r == 1 ? b : fail(env, P(h), "pread", 1);
}

/* The calling thread's user CPU time in ns (getrusage RUSAGE_THREAD: finer than the JVM's 10 ms /proc ticks). */
JNIEXPORT jlong JNICALL Java_org_jpio_examples_probe_NativeProbe_threadUserNanos(JNIEnv *env, jclass c) {
    struct rusage u;
    if (getrusage(RUSAGE_THREAD, &u) != 0) return -1;
    return (jlong) u.ru_utime.tv_sec * 1000000000LL + (jlong) u.ru_utime.tv_usec * 1000LL;
}
