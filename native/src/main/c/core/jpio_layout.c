/*
 * The stripe layout calls behind org.jpio.layout.LayoutNative (in libjpio.so). One system call each,
 * errno -> IOException through jpio_throw_errno; which call to make for a file system, and what the
 * numbers mean, is decided in Java (org.jpio.layout). Structures are declared here, from the man pages
 * (ioctl_xfs_fsgeometry(2), ioctl_iflags/FS_IOC_FSGETXATTR), so no file system's -dev package is needed.
 */
#include "jpio_jni.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>
#include <unistd.h>
#include <linux/fs.h>

/* struct xfs_fsop_geom_v1 (XFS_IOC_FSGEOMETRY_V1, the version every XFS kernel answers). */
struct jpio_xfs_geom_v1 {
    uint32_t blocksize, rtextsize, agblocks, agcount, logblocks, sectsize, inodesize, imaxpct;
    uint64_t datablocks, rtblocks, rtextents, logstart;
    unsigned char uuid[16];
    uint32_t sunit, swidth;   /* in file system blocks */
    int32_t version;
    uint32_t flags, logsectsize, rtsectsize, dirblocksize;
};
_Static_assert(sizeof(struct jpio_xfs_geom_v1) == 112, "xfs_fsop_geom_v1 is 112 bytes");
#define JPIO_XFS_IOC_FSGEOMETRY_V1 _IOR('X', 100, struct jpio_xfs_geom_v1)

/* Lustre's LL_IOC_LOV_GETSTRIPE: _IOW('f', 155, long), filling a struct lov_user_md at the argument. */
#define JPIO_LL_IOC_LOV_GETSTRIPE _IOW('f', 155, long)
/* Room for lov_user_md_v3 and its per-stripe object records (24 bytes each, up to 2000 stripes). */
#define JPIO_LOV_BUF (32 + 16 + 2000 * 24)
/* What Java decodes: the fixed header of lov_user_md_v1/v3 (magic, pattern, object id, size, count, offset). */
#define JPIO_LOV_HEADER 32

static const char *utf(JNIEnv *env, jstring s) { return (*env)->GetStringUTFChars(env, s, NULL); }

/* Opens path (file or directory) and makes one ioctl on it; 0 or errno, *op names the failed step. */
static int path_ioctl(const char *path, unsigned long request, void *arg, const char **op) {
    int fd;
    do fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY); while (fd < 0 && errno == EINTR);
    if (fd < 0) { *op = "open"; return errno; }
    int err = ioctl(fd, request, arg) != 0 ? errno : 0;
    close(fd);
    return err;
}

/* Releases path; on err throws (op, path), else returns the n ints as a Java int[]. */
static jintArray ints_or_throw(JNIEnv *env, jstring jpath, const char *path, int err, const char *op, const jint *v, jsize n) {
    if (err) jpio_throw_errno(env, err, op, path, -1, 0, 0);
    (*env)->ReleaseStringUTFChars(env, jpath, path);
    if (err) return NULL;
    jintArray out = (*env)->NewIntArray(env, n);
    if (out != NULL) (*env)->SetIntArrayRegion(env, out, 0, n, v);
    return out;
}

/*
 * {statfs f_type, f_bsize, stat st_blksize, major(st_dev), minor(st_dev)}: the numbers every probe starts from.
 */
JNIEXPORT jlongArray JNICALL Java_org_jpio_layout_LayoutNative_fsStat(JNIEnv *env, jclass c, jstring jpath) {
    const char *path = utf(env, jpath);
    if (path == NULL) return NULL;
    struct statfs fs;
    struct stat st;
    int err = 0;
    const char *op = "statfs";
    if (statfs(path, &fs) != 0) err = errno;
    else if (stat(path, &st) != 0) { err = errno; op = "stat"; }
    if (err) {
        jpio_throw_errno(env, err, op, path, -1, 0, 0);
        (*env)->ReleaseStringUTFChars(env, jpath, path);
        return NULL;
    }
    (*env)->ReleaseStringUTFChars(env, jpath, path);
    jlong v[5] = { (jlong) (unsigned long) fs.f_type, (jlong) fs.f_bsize, (jlong) st.st_blksize,
                   (jlong) major(st.st_dev), (jlong) minor(st.st_dev) };
    jlongArray out = (*env)->NewLongArray(env, 5);
    if (out != NULL) (*env)->SetLongArrayRegion(env, out, 0, 5, v);
    return out;
}

/* XFS_IOC_FSGEOMETRY_V1: {blocksize, sunit, swidth}, sunit and swidth in file system blocks. */
JNIEXPORT jintArray JNICALL Java_org_jpio_layout_LayoutNative_xfsGeometry(JNIEnv *env, jclass c, jstring jpath) {
    const char *path = utf(env, jpath);
    if (path == NULL) return NULL;
    struct jpio_xfs_geom_v1 g;
    memset(&g, 0, sizeof g);
    const char *op = "XFS_IOC_FSGEOMETRY";
    int err = path_ioctl(path, JPIO_XFS_IOC_FSGEOMETRY_V1, &g, &op);
    jint v[3] = { (jint) g.blocksize, (jint) g.sunit, (jint) g.swidth };
    return ints_or_throw(env, jpath, path, err, op, v, 3);
}

/* LL_IOC_LOV_GETSTRIPE: the first JPIO_LOV_HEADER bytes of the layout, in the machine's byte order. */
JNIEXPORT jbyteArray JNICALL Java_org_jpio_layout_LayoutNative_lustreStripe(JNIEnv *env, jclass c, jstring jpath) {
    const char *path = utf(env, jpath);
    if (path == NULL) return NULL;
    unsigned char *buf = calloc(1, JPIO_LOV_BUF);
    if (buf == NULL) {
        jpio_throw_errno(env, ENOMEM, "LL_IOC_LOV_GETSTRIPE", path, -1, 0, JPIO_LOV_BUF);
        (*env)->ReleaseStringUTFChars(env, jpath, path);
        return NULL;
    }
    const char *op = "LL_IOC_LOV_GETSTRIPE";
    int err = path_ioctl(path, JPIO_LL_IOC_LOV_GETSTRIPE, buf, &op);
    if (err) {
        free(buf);
        jpio_throw_errno(env, err, op, path, -1, 0, 0);
        (*env)->ReleaseStringUTFChars(env, jpath, path);
        return NULL;
    }
    (*env)->ReleaseStringUTFChars(env, jpath, path);
    jbyteArray out = (*env)->NewByteArray(env, JPIO_LOV_HEADER);
    if (out != NULL) (*env)->SetByteArrayRegion(env, out, 0, JPIO_LOV_HEADER, (const jbyte *) buf);
    free(buf);
    return out;
}

/* getxattr: the value, or null when the file has no such attribute (ENODATA). */
JNIEXPORT jbyteArray JNICALL Java_org_jpio_layout_LayoutNative_getxattr(JNIEnv *env, jclass c, jstring jpath, jstring jname) {
    const char *path = utf(env, jpath);
    if (path == NULL) return NULL;
    const char *name = utf(env, jname);
    if (name == NULL) { (*env)->ReleaseStringUTFChars(env, jpath, path); return NULL; }
    char value[4096];
    ssize_t n;
    do n = getxattr(path, name, value, sizeof value); while (n < 0 && errno == EINTR);
    int err = n < 0 ? errno : 0;
    jbyteArray out = NULL;
    if (n >= 0) {
        out = (*env)->NewByteArray(env, (jsize) n);
        if (out != NULL) (*env)->SetByteArrayRegion(env, out, 0, (jsize) n, (const jbyte *) value);
    } else if (err != ENODATA) {
        char op[320];
        snprintf(op, sizeof op, "getxattr name=%s:", name);
        jpio_throw_errno(env, err, op, path, -1, 0, 0);
    }
    (*env)->ReleaseStringUTFChars(env, jname, name);
    (*env)->ReleaseStringUTFChars(env, jpath, path);
    return out;
}

/* setxattr (create or replace). */
JNIEXPORT void JNICALL Java_org_jpio_layout_LayoutNative_setxattr(JNIEnv *env, jclass c, jstring jpath, jstring jname, jbyteArray jvalue) {
    const char *path = utf(env, jpath);
    if (path == NULL) return;
    const char *name = utf(env, jname);
    if (name == NULL) { (*env)->ReleaseStringUTFChars(env, jpath, path); return; }
    jsize len = (*env)->GetArrayLength(env, jvalue);
    jbyte *value = (*env)->GetByteArrayElements(env, jvalue, NULL);
    int err = 0;
    if (value != NULL) {
        int rc;
        do rc = setxattr(path, name, value, (size_t) len, 0); while (rc != 0 && errno == EINTR);
        if (rc != 0) err = errno;
        (*env)->ReleaseByteArrayElements(env, jvalue, value, JNI_ABORT);
        if (err) {
            char op[320];
            snprintf(op, sizeof op, "setxattr name=%s:", name);
            jpio_throw_errno(env, err, op, path, -1, 0, len);
        }
    }
    (*env)->ReleaseStringUTFChars(env, jname, name);
    (*env)->ReleaseStringUTFChars(env, jpath, path);
}

/* FS_IOC_FSGETXATTR: {fsx_xflags, fsx_extsize, fsx_nextents}. */
JNIEXPORT jintArray JNICALL Java_org_jpio_layout_LayoutNative_fsxattr(JNIEnv *env, jclass c, jstring jpath) {
    const char *path = utf(env, jpath);
    if (path == NULL) return NULL;
    struct fsxattr fa;
    memset(&fa, 0, sizeof fa);
    const char *op = "FS_IOC_FSGETXATTR";
    int err = path_ioctl(path, FS_IOC_FSGETXATTR, &fa, &op);
    jint v[3] = { (jint) fa.fsx_xflags, (jint) fa.fsx_extsize, (jint) fa.fsx_nextents };
    return ints_or_throw(env, jpath, path, err, op, v, 3);
}

/* FS_IOC_FSGETXATTR then FS_IOC_FSSETXATTR with fsx_xflags and fsx_extsize replaced (one descriptor). */
JNIEXPORT void JNICALL Java_org_jpio_layout_LayoutNative_setFsxattr(JNIEnv *env, jclass c, jstring jpath, jint xflags, jint extsize) {
    const char *path = utf(env, jpath);
    if (path == NULL) return;
    struct fsxattr fa;
    memset(&fa, 0, sizeof fa);
    const char *op = "open";
    int err = 0, fd;
    do fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY); while (fd < 0 && errno == EINTR);
    if (fd < 0) err = errno;
    else {
        op = "FS_IOC_FSGETXATTR";
        if (ioctl(fd, FS_IOC_FSGETXATTR, &fa) != 0) err = errno;
        else {
            op = "FS_IOC_FSSETXATTR";
            fa.fsx_xflags = (uint32_t) xflags;
            fa.fsx_extsize = (uint32_t) extsize;
            if (ioctl(fd, FS_IOC_FSSETXATTR, &fa) != 0) err = errno;
        }
        close(fd);
    }
    if (err) jpio_throw_errno(env, err, op, path, -1, 0, extsize);
    (*env)->ReleaseStringUTFChars(env, jpath, path);
}
