/*
 * MPI-IO file operations for org.jpio.romio.RomioNative. See romio.h for the handle and error
 * conventions. Every call here is one MPI call (plus the pinning or info building around it); what to
 * call, with which checks, and what the error message says is decided in Java.
 *
 * Pinning: blocking transfers on Java arrays pin them with GetPrimitiveArrayCritical (JPIO_PIN) for the
 * duration of the MPI call, so MPI reads and writes the Java heap directly, without a staging copy. For
 * a collective call that waits for other ranks, the GC of this JVM is held off for that time; under
 * mpirun each rank is its own JVM, so only the waiting rank's own GC waits. Nonblocking calls take
 * only direct ByteBuffers, whose memory outlives the call (Java keeps the buffer reachable until the
 * request completes).
 */
#include "romio.h"
#include "comm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Bit i of the Java amode is org.jpio.parallel.Amode's ordinal i; MPI's values differ between libraries. */
static const int AMODES[] = {
    MPI_MODE_RDONLY, MPI_MODE_RDWR, MPI_MODE_WRONLY, MPI_MODE_CREATE, MPI_MODE_EXCL,
    MPI_MODE_DELETE_ON_CLOSE, MPI_MODE_UNIQUE_OPEN, MPI_MODE_SEQUENTIAL, MPI_MODE_APPEND,
};

static int amode_of(jint bits) {
    int m = 0;
    for (size_t i = 0; i < sizeof AMODES / sizeof AMODES[0]; i++)
        if (bits & (1 << i)) m |= AMODES[i];
    return m;
}


/*
 * A status that says 0 bytes until the call sets it: romio321 leaves the status of a zero-length transfer
 * (e.g. MPI_File_read_at_all of 0 elements) untouched, and its count would be whatever was on the stack.
 */
static void no_bytes(MPI_Status *st) {
#if MPI_VERSION >= 3
    MPI_Status_set_elements_x(st, MPI_BYTE, 0);
#else
    MPI_Status_set_elements(st, MPI_BYTE, 0);
#endif
}

/* Bytes moved by a completed transfer; ROMIO and OMPIO both count in bytes in the status. */
static jlong bytes_of(MPI_Status *st) {
#if MPI_VERSION >= 3
    MPI_Count n = 0;
    MPI_Get_elements_x(st, MPI_BYTE, &n);
#else
    int n = 0;
    MPI_Get_elements(st, MPI_BYTE, &n);
#endif
    return n == MPI_UNDEFINED ? 0 : (jlong) n;
}

/*
 * An MPI_Info from parallel key/value arrays (MPI_INFO_NULL when keys is null or empty). Returns an
 * MPI error code; a pending Java exception (out of memory) is reported as MPI_ERR_NO_MEM.
 */
static int info_of(JNIEnv *env, jobjectArray keys, jobjectArray values, MPI_Info *info) {
    *info = MPI_INFO_NULL;
    jsize n = keys == NULL ? 0 : (*env)->GetArrayLength(env, keys);
    if (n == 0) return MPI_SUCCESS;
    int rc = MPI_Info_create(info);
    for (jsize i = 0; i < n && rc == MPI_SUCCESS; i++) {
        jstring k = (jstring) (*env)->GetObjectArrayElement(env, keys, i);
        jstring v = (jstring) (*env)->GetObjectArrayElement(env, values, i);
        const char *ks = k == NULL ? NULL : (*env)->GetStringUTFChars(env, k, NULL);
        const char *vs = v == NULL ? NULL : (*env)->GetStringUTFChars(env, v, NULL);
        rc = ks == NULL || vs == NULL ? MPI_ERR_NO_MEM : MPI_Info_set(*info, ks, vs);
        if (ks != NULL) (*env)->ReleaseStringUTFChars(env, k, ks);
        if (vs != NULL) (*env)->ReleaseStringUTFChars(env, v, vs);
        (*env)->DeleteLocalRef(env, k);
        (*env)->DeleteLocalRef(env, v);
    }
    if (rc != MPI_SUCCESS) {
        MPI_Info_free(info);
        *info = MPI_INFO_NULL;
    }
    return rc;
}

static void info_free(MPI_Info *info) {
    if (*info != MPI_INFO_NULL) MPI_Info_free(info);
}

int *romio_ints(JNIEnv *env, jintArray a, int *n) {
    *n = a == NULL ? 0 : (*env)->GetArrayLength(env, a);
    int *out = malloc(sizeof(int) * (size_t) (*n > 0 ? *n : 1));
    if (out == NULL) {
        jpio_throw(env, "java/lang/OutOfMemoryError", "romio: %d ints", *n);
        return NULL;
    }
    if (*n > 0) (*env)->GetIntArrayRegion(env, a, 0, *n, (jint *) out);
    return out;
}

/* ---- library state ----------------------------------------------------------------------------- */

JNIEXPORT jboolean JNICALL ROMIO_JNI(initialized)(JNIEnv *env, jclass c) {
    int init = 0, fin = 0;
    MPI_Initialized(&init);
    MPI_Finalized(&fin);
    return init && !fin;
}

JNIEXPORT jboolean JNICALL ROMIO_JNI(hasNonblockingCollective)(JNIEnv *env, jclass c) {
    return ROMIO_HAVE_ICOLL;
}

JNIEXPORT jstring JNICALL ROMIO_JNI(libraryVersion)(JNIEnv *env, jclass c) {
    return jpio_mpi_library_version(env);
}

JNIEXPORT jstring JNICALL ROMIO_JNI(errorString)(JNIEnv *env, jclass c, jint code) {
    char s[MPI_MAX_ERROR_STRING + 1];
    int len = 0;
    if (MPI_Error_string(code, s, &len) != MPI_SUCCESS) len = snprintf(s, sizeof s, "unknown MPI error");
    s[len <= MPI_MAX_ERROR_STRING ? len : MPI_MAX_ERROR_STRING] = 0;
    return (*env)->NewStringUTF(env, s);
}

JNIEXPORT jint JNICALL ROMIO_JNI(errorClass)(JNIEnv *env, jclass c, jint code) {
    int cls = code;
    MPI_Error_class(code, &cls);
    return cls;
}

JNIEXPORT jlong JNICALL ROMIO_JNI(commRank)(JNIEnv *env, jclass c, jlong comm) {
    int r = 0;
    int rc = MPI_Comm_rank(MPI_Comm_f2c(ROMIO_J2H(comm)), &r);
    return rc ? ROMIO_FAIL(rc) : r;
}

/* MPI_COMM_WORLD's Fortran handle: the communicator when a caller has no MpiComm at hand. */
JNIEXPORT jlong JNICALL ROMIO_JNI(commWorld)(JNIEnv *env, jclass c) {
    return ROMIO_H2J(MPI_Comm_c2f(MPI_COMM_WORLD));
}

/* ---- open, close, view, size ------------------------------------------------------------------- */

JNIEXPORT jlong JNICALL ROMIO_JNI(open)(JNIEnv *env, jclass c, jlong comm, jstring path, jint amode,
                                        jobjectArray keys, jobjectArray values) {
    MPI_Info info;
    int rc = info_of(env, keys, values, &info);
    if (rc != MPI_SUCCESS) return ROMIO_FAIL(rc);
    const char *p = (*env)->GetStringUTFChars(env, path, NULL);
    if (p == NULL) {
        info_free(&info);
        return 0; /* OutOfMemoryError pending */
    }
    /* Errors of MPI_File_open go to MPI_FILE_NULL's handler: make it return, not abort. */
    MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN);
    MPI_File fh = MPI_FILE_NULL;
    rc = MPI_File_open(MPI_Comm_f2c(ROMIO_J2H(comm)), p, amode_of(amode), info, &fh);
    (*env)->ReleaseStringUTFChars(env, path, p);
    info_free(&info);
    if (rc != MPI_SUCCESS) return ROMIO_FAIL(rc);
    rc = MPI_File_set_errhandler(fh, MPI_ERRORS_RETURN);
    if (rc != MPI_SUCCESS) {
        MPI_File_close(&fh);
        return ROMIO_FAIL(rc);
    }
    return ROMIO_H2J(MPI_File_c2f(fh));
}

JNIEXPORT jint JNICALL ROMIO_JNI(close)(JNIEnv *env, jclass c, jlong h) {
    MPI_File fh = romio_file(h);
    return MPI_File_close(&fh);
}

JNIEXPORT jint JNICALL ROMIO_JNI(delete)(JNIEnv *env, jclass c, jstring path, jobjectArray keys,
                                         jobjectArray values) {
    MPI_Info info;
    int rc = info_of(env, keys, values, &info);
    if (rc != MPI_SUCCESS) return rc;
    const char *p = (*env)->GetStringUTFChars(env, path, NULL);
    if (p == NULL) {
        info_free(&info);
        return MPI_ERR_NO_MEM;
    }
    MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN);
    rc = MPI_File_delete(p, info);
    (*env)->ReleaseStringUTFChars(env, path, p);
    info_free(&info);
    return rc;
}

JNIEXPORT jint JNICALL ROMIO_JNI(setView)(JNIEnv *env, jclass c, jlong h, jlong disp, jlong etype,
                                          jlong filetype, jstring datarep, jobjectArray keys,
                                          jobjectArray values) {
    MPI_Info info;
    int rc = info_of(env, keys, values, &info);
    if (rc != MPI_SUCCESS) return rc;
    const char *rep = (*env)->GetStringUTFChars(env, datarep, NULL);
    if (rep == NULL) {
        info_free(&info);
        return MPI_ERR_NO_MEM;
    }
    rc = MPI_File_set_view(romio_file(h), (MPI_Offset) disp, romio_type(etype), romio_type(filetype), rep, info);
    (*env)->ReleaseStringUTFChars(env, datarep, rep);
    info_free(&info);
    return rc;
}

JNIEXPORT jlong JNICALL ROMIO_JNI(getSize)(JNIEnv *env, jclass c, jlong h) {
    MPI_Offset n = 0;
    int rc = MPI_File_get_size(romio_file(h), &n);
    return rc ? ROMIO_FAIL(rc) : (jlong) n;
}

JNIEXPORT jint JNICALL ROMIO_JNI(setSize)(JNIEnv *env, jclass c, jlong h, jlong size) {
    return MPI_File_set_size(romio_file(h), (MPI_Offset) size);
}

JNIEXPORT jint JNICALL ROMIO_JNI(preallocate)(JNIEnv *env, jclass c, jlong h, jlong size) {
    return MPI_File_preallocate(romio_file(h), (MPI_Offset) size);
}

JNIEXPORT jint JNICALL ROMIO_JNI(sync)(JNIEnv *env, jclass c, jlong h) {
    return MPI_File_sync(romio_file(h));
}

JNIEXPORT jint JNICALL ROMIO_JNI(setAtomicity)(JNIEnv *env, jclass c, jlong h, jboolean on) {
    return MPI_File_set_atomicity(romio_file(h), on ? 1 : 0);
}

/* whence: 0 = MPI_SEEK_SET, 1 = MPI_SEEK_CUR, 2 = MPI_SEEK_END. */
JNIEXPORT jint JNICALL ROMIO_JNI(seek)(JNIEnv *env, jclass c, jlong h, jlong off, jint whence) {
    static const int W[] = {MPI_SEEK_SET, MPI_SEEK_CUR, MPI_SEEK_END};
    return MPI_File_seek(romio_file(h), (MPI_Offset) off, W[whence]);
}

JNIEXPORT jlong JNICALL ROMIO_JNI(getPosition)(JNIEnv *env, jclass c, jlong h) {
    MPI_Offset pos = 0;
    int rc = MPI_File_get_position(romio_file(h), &pos);
    return rc ? ROMIO_FAIL(rc) : (jlong) pos;
}

/*
 * The hints in effect (MPI_File_get_info) as {key0, value0, key1, value1, ...}; on an MPI error,
 * rc[0] receives the code and null is returned.
 */
JNIEXPORT jobjectArray JNICALL ROMIO_JNI(getInfo)(JNIEnv *env, jclass c, jlong h, jintArray rcOut) {
    MPI_Info info = MPI_INFO_NULL;
    int nkeys = 0;
    int rc = MPI_File_get_info(romio_file(h), &info);
    if (rc == MPI_SUCCESS) rc = MPI_Info_get_nkeys(info, &nkeys);
    jobjectArray out = NULL;
    if (rc == MPI_SUCCESS) {
        jclass str = (*env)->FindClass(env, "java/lang/String");
        out = str == NULL ? NULL : (*env)->NewObjectArray(env, 2 * nkeys, str, NULL);
        for (int i = 0; out != NULL && i < nkeys && rc == MPI_SUCCESS; i++) {
            char key[MPI_MAX_INFO_KEY + 1];
            int len = 0, flag = 0;
            rc = MPI_Info_get_nthkey(info, i, key);
            if (rc == MPI_SUCCESS) rc = MPI_Info_get_valuelen(info, key, &len, &flag);
            char *val = rc == MPI_SUCCESS ? malloc((size_t) len + 1) : NULL;
            if (val != NULL) {
                rc = MPI_Info_get(info, key, len, val, &flag);
                val[len] = 0;
                jstring k = (*env)->NewStringUTF(env, key);
                jstring v = (*env)->NewStringUTF(env, flag ? val : "");
                if (k != NULL && v != NULL) {
                    (*env)->SetObjectArrayElement(env, out, 2 * i, k);
                    (*env)->SetObjectArrayElement(env, out, 2 * i + 1, v);
                }
                (*env)->DeleteLocalRef(env, k);
                (*env)->DeleteLocalRef(env, v);
                free(val);
            } else if (rc == MPI_SUCCESS) {
                rc = MPI_ERR_NO_MEM;
            }
        }
    }
    info_free(&info);
    if (rc != MPI_SUCCESS) {
        (*env)->SetIntArrayRegion(env, rcOut, 0, 1, &rc);
        return NULL;
    }
    return out;
}

/* ---- transfers ---------------------------------------------------------------------------------- */

/*
 * op = write | at << 1 | all << 2, the same bits as RomioNative's op constants:
 * 0 read, 1 write, 2 read_at, 3 write_at, 4 read_all, 5 write_all, 6 read_at_all, 7 write_at_all.
 */
static int xfer(int op, MPI_File fh, MPI_Offset off, void *buf, int count, MPI_Datatype t, MPI_Status *st) {
    switch (op) {
    case 0: return MPI_File_read(fh, buf, count, t, st);
    case 1: return MPI_File_write(fh, buf, count, t, st);
    case 2: return MPI_File_read_at(fh, off, buf, count, t, st);
    case 3: return MPI_File_write_at(fh, off, buf, count, t, st);
    case 4: return MPI_File_read_all(fh, buf, count, t, st);
    case 5: return MPI_File_write_all(fh, buf, count, t, st);
    case 6: return MPI_File_read_at_all(fh, off, buf, count, t, st);
    case 7: return MPI_File_write_at_all(fh, off, buf, count, t, st);
    default: return MPI_ERR_ARG;
    }
}

/* The same op bits for the nonblocking forms (the collective ones need MPI-3.1). */
static int istart(int op, MPI_File fh, MPI_Offset off, void *buf, int count, MPI_Datatype t, MPI_Request *rq) {
    switch (op) {
    case 0: return MPI_File_iread(fh, buf, count, t, rq);
    case 1: return MPI_File_iwrite(fh, buf, count, t, rq);
    case 2: return MPI_File_iread_at(fh, off, buf, count, t, rq);
    case 3: return MPI_File_iwrite_at(fh, off, buf, count, t, rq);
#if ROMIO_HAVE_ICOLL
    case 4: return MPI_File_iread_all(fh, buf, count, t, rq);
    case 5: return MPI_File_iwrite_all(fh, buf, count, t, rq);
    case 6: return MPI_File_iread_at_all(fh, off, buf, count, t, rq);
    case 7: return MPI_File_iwrite_at_all(fh, off, buf, count, t, rq);
#endif
    default: return MPI_ERR_UNSUPPORTED_OPERATION;
    }
}

/* Blocking transfer on a pinned Java primitive array, from byte offset `at` of its storage. */
JNIEXPORT jlong JNICALL ROMIO_JNI(xferArray)(JNIEnv *env, jclass c, jint op, jlong h, jlong off,
                                             jobject array, jlong at, jint count, jlong type) {
    MPI_Status st;
    no_bytes(&st);
    char *p = JPIO_PIN(env, array);
    if (p == NULL) return 0; /* OutOfMemoryError pending */
    int rc = xfer(op, romio_file(h), (MPI_Offset) off, p + at, count, romio_type(type), &st);
    JPIO_UNPIN(env, array, p, rc != MPI_SUCCESS);
    return rc ? ROMIO_FAIL(rc) : bytes_of(&st);
}

/* Blocking transfer on a direct ByteBuffer's memory, from byte offset `at` (Java checked it is direct). */
JNIEXPORT jlong JNICALL ROMIO_JNI(xferBuffer)(JNIEnv *env, jclass c, jint op, jlong h, jlong off,
                                              jobject buffer, jlong at, jint count, jlong type) {
    MPI_Status st;
    no_bytes(&st);
    char *p = (*env)->GetDirectBufferAddress(env, buffer);
    if (p == NULL) return ROMIO_FAIL(MPI_ERR_BUFFER);
    int rc = xfer(op, romio_file(h), (MPI_Offset) off, p + at, count, romio_type(type), &st);
    return rc ? ROMIO_FAIL(rc) : bytes_of(&st);
}

/* Starts a nonblocking transfer on a direct ByteBuffer; returns the request's handle or -code. */
JNIEXPORT jlong JNICALL ROMIO_JNI(istart)(JNIEnv *env, jclass c, jint op, jlong h, jlong off,
                                          jobject buffer, jlong at, jint count, jlong type) {
    MPI_Request rq = MPI_REQUEST_NULL;
    char *p = (*env)->GetDirectBufferAddress(env, buffer);
    if (p == NULL) return ROMIO_FAIL(MPI_ERR_BUFFER);
    int rc = istart(op, romio_file(h), (MPI_Offset) off, p + at, count, romio_type(type), &rq);
    return rc ? ROMIO_FAIL(rc) : ROMIO_H2J(MPI_Request_c2f(rq));
}

/* MPI_Wait: bytes moved or -code. */
JNIEXPORT jlong JNICALL ROMIO_JNI(waitRequest)(JNIEnv *env, jclass c, jlong req) {
    MPI_Request rq = MPI_Request_f2c(ROMIO_J2H(req));
    MPI_Status st;
    no_bytes(&st);
    int rc = MPI_Wait(&rq, &st);
    return rc ? ROMIO_FAIL(rc) : bytes_of(&st);
}

/* MPI_Test: ROMIO_NOT_DONE while in flight, then bytes moved, or -code. */
JNIEXPORT jlong JNICALL ROMIO_JNI(testRequest)(JNIEnv *env, jclass c, jlong req) {
    MPI_Request rq = MPI_Request_f2c(ROMIO_J2H(req));
    MPI_Status st;
    no_bytes(&st);
    int flag = 0;
    int rc = MPI_Test(&rq, &flag, &st);
    if (rc) return ROMIO_FAIL(rc);
    return flag ? bytes_of(&st) : ROMIO_NOT_DONE;
}
