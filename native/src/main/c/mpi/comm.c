/*
 * JNI side of org.jpio.comm.MpiNative: MPI initialisation and the collectives of org.jpio.comm.Comm.
 * Java validates every argument (types, ranges, counts, ranks) and chooses the datatype and operator
 * codes; C only maps codes to MPI handles, pins the arrays and calls MPI.
 *
 * Pinning: GetPrimitiveArrayCritical (JPIO_PIN) over the MPI call, so MPI reads and writes the Java
 * array itself (no copy). A critical region holds off this JVM's garbage collector until the call
 * returns, which for a collective means until the slowest rank arrives. Under mpirun each rank is its
 * own process and jpio drives a communicator from one thread, so only this rank's other threads can be
 * stalled, never a peer; callers that run collectives on several threads at once must keep them short.
 */
#include "comm.h"
#include "jpio_jni.h"
#include "watch.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Codes from Java: ElementType.ordinal() and MpiNative's operator table. */
static MPI_Datatype datatype(jint code) {
    switch (code) {
    case 0: return MPI_C_BOOL;          /* boolean: one byte 0/1 in HotSpot arrays, as C's _Bool */
    case 1: return MPI_SIGNED_CHAR;     /* byte: signed, so SUM/MIN/MAX are defined */
    case 2: return MPI_UNSIGNED_SHORT;  /* char: unsigned 16 bit */
    case 3: return MPI_SHORT;
    case 4: return MPI_INT32_T;
    case 5: return MPI_INT64_T;
    case 6: return MPI_FLOAT;
    default: return MPI_DOUBLE;
    }
}

static MPI_Op reduce_op(jint code) {
    switch (code) {
    case 0: return MPI_SUM;
    case 1: return MPI_MIN;
    case 2: return MPI_MAX;
    case 3: return MPI_BOR;
    case 4: return MPI_BAND;
    case 5: return MPI_LOR;   /* booleans (MPI_C_BOOL has no bitwise operators) */
    default: return MPI_LAND;
    }
}

static int we_initialised;

/* Bytes of one element of each type code (ElementType order), for the watchdog's idea of a call's size. */
static const int type_size[8] = {1, 1, 2, 2, 4, 8, 4, 8};

void jpio_register_exit(void); /* control.c */

jstring jpio_mpi_library_version(JNIEnv *env) {
#if MPI_VERSION >= 3
    char v[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0;
    MPI_Get_library_version(v, &len);
    v[len < MPI_MAX_LIBRARY_VERSION_STRING ? len : MPI_MAX_LIBRARY_VERSION_STRING - 1] = 0;
    char *nl = strchr(v, '\n'); /* Open MPI appends a release date line, MPICH several more lines */
    if (nl != NULL) *nl = 0;
    for (char *t = v; *t; t++) if (*t == '\t') *t = ' '; /* "MPICH Version:<tab>4.0.2" */
    return (*env)->NewStringUTF(env, v);
#else
    char v[64];
    snprintf(v, sizeof v, "MPI %d.%d", MPI_VERSION, MPI_SUBVERSION);
    return (*env)->NewStringUTF(env, v);
#endif
}

JNIEXPORT jstring JNICALL Java_org_jpio_comm_mpi_MpiNative_libraryVersion(JNIEnv *env, jclass cls) {
    return jpio_mpi_library_version(env);
}

void jpio_throw_mpi(JNIEnv *env, int rc, const char *op, const char *context) {
    char text[MPI_MAX_ERROR_STRING + 1];
    int len = 0;
    if (MPI_Error_string(rc, text, &len) != MPI_SUCCESS) len = 0;
    text[len] = '\0';
    jpio_throw(env, "org/jpio/comm/mpi/MpiException", "%s failed: %s%serror=%d (%s)",
               op, context, *context ? " " : "", rc, len ? text : "unknown MPI error");
}

/* Pins a (possibly null) array; returns 0 and leaves an OutOfMemoryError pending when pinning fails. */
static int pin(JNIEnv *env, jobject array, void **p) {
    *p = NULL;
    if (array == NULL) return 1;
    *p = JPIO_PIN(env, (jarray) array);
    return *p != NULL;
}

static void unpin(JNIEnv *env, jobject array, void *p, int failed) {
    if (p != NULL) JPIO_UNPIN(env, (jarray) array, p, failed);
}

static void *at(void *base, jlong byte_offset) { return base == NULL ? NULL : (char *) base + byte_offset; }

/*
 * libjpiompi.so is loaded by System.load with RTLD_LOCAL, which makes libmpi's symbols invisible to the
 * plugins MPI_Init opens later (Open MPI's mca_*.so); reopening libmpi with RTLD_GLOBAL|RTLD_NOLOAD makes
 * them global without loading anything new. Harmless where plugins are linked to libmpi or absent.
 */
static void promote_libmpi(void) {
    Dl_info info;
    if (dladdr((void *) MPI_Init, &info) && info.dli_fname != NULL)
        dlopen(info.dli_fname, RTLD_NOW | RTLD_GLOBAL | RTLD_NOLOAD);
}

JNIEXPORT jint JNICALL Java_org_jpio_comm_mpi_MpiNative_init(JNIEnv *env, jclass cls) {
    int initialised = 0, finalised = 0, provided = MPI_THREAD_SINGLE;
    MPI_Initialized(&initialised);
    MPI_Finalized(&finalised);
    if (finalised) {
        jpio_throw(env, "java/lang/IllegalStateException", "MPI_Init_thread: MPI is already finalized");
        return -1;
    }
    if (initialised) {
        MPI_Query_thread(&provided);
        return provided;
    }
    promote_libmpi();
    int rc = MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &provided);
    if (rc != MPI_SUCCESS) {
        jpio_throw_mpi(env, rc, "MPI_Init_thread", "required=MPI_THREAD_MULTIPLE");
        return -1;
    }
    we_initialised = 1;
    jpio_register_exit();
    return provided;
}

JNIEXPORT jboolean JNICALL Java_org_jpio_comm_mpi_MpiNative_initialisedHere(JNIEnv *env, jclass cls) {
    return we_initialised ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT jint JNICALL Java_org_jpio_comm_mpi_MpiNative_threadMultiple(JNIEnv *env, jclass cls) {
    return MPI_THREAD_MULTIPLE;
}

static jlong with_errors_return(JNIEnv *env, MPI_Comm c, const char *op) {
    int rc = MPI_Comm_set_errhandler(c, MPI_ERRORS_RETURN);
    if (rc != MPI_SUCCESS) { jpio_throw_mpi(env, rc, op, ""); return -1; }
    return (jlong) MPI_Comm_c2f(c);
}

JNIEXPORT jlong JNICALL Java_org_jpio_comm_mpi_MpiNative_world(JNIEnv *env, jclass cls) {
    return with_errors_return(env, MPI_COMM_WORLD, "MPI_Comm_set_errhandler(MPI_COMM_WORLD)");
}

/* Open MPI's Java bindings (mpi.jar) keep the C MPI_Comm, a pointer, in mpi.Comm.handle. */
JNIEXPORT jlong JNICALL Java_org_jpio_comm_mpi_MpiNative_fromOpenMpiHandle(JNIEnv *env, jclass cls, jlong ptr) {
#ifdef OPEN_MPI
    return with_errors_return(env, (MPI_Comm) (intptr_t) ptr, "MPI_Comm_set_errhandler(adopted)");
#else
    jpio_throw(env, "java/lang/UnsupportedOperationException",
               "adopting an mpi.jar communicator needs Open MPI; libjpiompi.so was built against another MPI");
    return -1;
#endif
}

JNIEXPORT jint JNICALL Java_org_jpio_comm_mpi_MpiNative_rank(JNIEnv *env, jclass cls, jlong comm) {
    int r = -1, rc = MPI_Comm_rank(jpio_comm(comm), &r);
    if (rc != MPI_SUCCESS) jpio_throw_mpi(env, rc, "MPI_Comm_rank", "");
    return r;
}

JNIEXPORT jint JNICALL Java_org_jpio_comm_mpi_MpiNative_size(JNIEnv *env, jclass cls, jlong comm) {
    int n = -1, rc = MPI_Comm_size(jpio_comm(comm), &n);
    if (rc != MPI_SUCCESS) jpio_throw_mpi(env, rc, "MPI_Comm_size", "");
    return n;
}

JNIEXPORT jstring JNICALL Java_org_jpio_comm_mpi_MpiNative_processorName(JNIEnv *env, jclass cls) {
    char name[MPI_MAX_PROCESSOR_NAME + 1];
    int len = 0, rc = MPI_Get_processor_name(name, &len);
    if (rc != MPI_SUCCESS) { jpio_throw_mpi(env, rc, "MPI_Get_processor_name", ""); return NULL; }
    name[len] = '\0';
    return (*env)->NewStringUTF(env, name);
}

JNIEXPORT void JNICALL Java_org_jpio_comm_mpi_MpiNative_barrier(JNIEnv *env, jclass cls, jlong comm, jint number) {
    struct jpio_slot *w = jpio_wait_begin(comm, number, JPIO_OP_BARRIER, 0);
    int rc = MPI_Barrier(jpio_comm(comm));
    jpio_wait_end(w);
    if (rc != MPI_SUCCESS) jpio_throw_mpi(env, rc, "MPI_Barrier", "");
}

JNIEXPORT void JNICALL Java_org_jpio_comm_mpi_MpiNative_bcast(JNIEnv *env, jclass cls, jlong comm, jint number, jobject buf,
        jlong off, jint count, jint type, jint root) {
    void *p;
    if (!pin(env, buf, &p)) return;
    struct jpio_slot *w = jpio_wait_begin(comm, number, JPIO_OP_BCAST, (long long) count * type_size[type]);
    int rc = MPI_Bcast(at(p, off), count, datatype(type), root, jpio_comm(comm));
    jpio_wait_end(w);
    unpin(env, buf, p, rc != MPI_SUCCESS);
    if (rc != MPI_SUCCESS) {
        char ctx[96];
        snprintf(ctx, sizeof ctx, "count=%d root=%d", count, root);
        jpio_throw_mpi(env, rc, "MPI_Bcast", ctx);
    }
}

JNIEXPORT void JNICALL Java_org_jpio_comm_mpi_MpiNative_allgather(JNIEnv *env, jclass cls, jlong comm, jint number,
        jobject send, jlong sOff, jint count, jobject recv, jlong rOff, jint type) {
    void *s, *r;
    if (!pin(env, send, &s)) return;
    if (!pin(env, recv, &r)) { unpin(env, send, s, 1); return; }
    MPI_Datatype t = datatype(type);
    struct jpio_slot *w = jpio_wait_begin(comm, number, JPIO_OP_ALLGATHER, (long long) count * type_size[type]);
    int rc = MPI_Allgather(at(s, sOff), count, t, at(r, rOff), count, t, jpio_comm(comm));
    jpio_wait_end(w);
    unpin(env, recv, r, rc != MPI_SUCCESS);
    unpin(env, send, s, 1); /* never written: nothing to copy back */
    if (rc != MPI_SUCCESS) {
        char ctx[64];
        snprintf(ctx, sizeof ctx, "count=%d", count);
        jpio_throw_mpi(env, rc, "MPI_Allgather", ctx);
    }
}

/* Copies a Java int[] (validated in Java: one entry per rank) into out, which has room for n. */
static int ints(JNIEnv *env, jintArray a, int *out, jsize n) {
    (*env)->GetIntArrayRegion(env, a, 0, n, (jint *) out);
    return !(*env)->ExceptionCheck(env);
}

JNIEXPORT void JNICALL Java_org_jpio_comm_mpi_MpiNative_allgatherv(JNIEnv *env, jclass cls, jlong comm, jint number,
        jobject send, jlong sOff, jint count, jobject recv, jintArray counts, jintArray displs, jint type) {
    jsize n = (*env)->GetArrayLength(env, counts);
    int rcounts[n], rdispls[n];
    if (!ints(env, counts, rcounts, n) || !ints(env, displs, rdispls, n)) return;
    void *s, *r;
    if (!pin(env, send, &s)) return;
    if (!pin(env, recv, &r)) { unpin(env, send, s, 1); return; }
    MPI_Datatype t = datatype(type);
    struct jpio_slot *w = jpio_wait_begin(comm, number, JPIO_OP_ALLGATHERV, (long long) count * type_size[type]);
    int rc = MPI_Allgatherv(at(s, sOff), count, t, r, rcounts, rdispls, t, jpio_comm(comm));
    jpio_wait_end(w);
    unpin(env, recv, r, rc != MPI_SUCCESS);
    unpin(env, send, s, 1);
    if (rc != MPI_SUCCESS) {
        char ctx[64];
        snprintf(ctx, sizeof ctx, "count=%d", count);
        jpio_throw_mpi(env, rc, "MPI_Allgatherv", ctx);
    }
}

JNIEXPORT void JNICALL Java_org_jpio_comm_mpi_MpiNative_alltoallv(JNIEnv *env, jclass cls, jlong comm, jint number,
        jobject send, jintArray sendCounts, jintArray sendDispls,
        jobject recv, jintArray recvCounts, jintArray recvDispls, jint type) {
    jsize n = (*env)->GetArrayLength(env, sendCounts);
    int sc[n], sd[n], rcn[n], rd[n];
    if (!ints(env, sendCounts, sc, n) || !ints(env, sendDispls, sd, n)
            || !ints(env, recvCounts, rcn, n) || !ints(env, recvDispls, rd, n)) return;
    void *s, *r;
    if (!pin(env, send, &s)) return;
    if (!pin(env, recv, &r)) { unpin(env, send, s, 1); return; }
    MPI_Datatype t = datatype(type);
    long long bytes = 0;
    for (jsize i = 0; i < n; i++) bytes += sc[i];
    struct jpio_slot *w = jpio_wait_begin(comm, number, JPIO_OP_ALLTOALLV, bytes * type_size[type]);
    int rc = MPI_Alltoallv(s, sc, sd, t, r, rcn, rd, t, jpio_comm(comm));
    jpio_wait_end(w);
    unpin(env, recv, r, rc != MPI_SUCCESS);
    unpin(env, send, s, 1);
    if (rc != MPI_SUCCESS) jpio_throw_mpi(env, rc, "MPI_Alltoallv", "");
}

JNIEXPORT void JNICALL Java_org_jpio_comm_mpi_MpiNative_allreduce(JNIEnv *env, jclass cls, jlong comm, jint number,
        jobject send, jobject recv, jint count, jint type, jint op) {
    void *s, *r;
    if (!pin(env, send, &s)) return;
    if (!pin(env, recv, &r)) { unpin(env, send, s, 1); return; }
    struct jpio_slot *w = jpio_wait_begin(comm, number, JPIO_OP_ALLREDUCE, (long long) count * type_size[type]);
    int rc = MPI_Allreduce(s, r, count, datatype(type), reduce_op(op), jpio_comm(comm));
    jpio_wait_end(w);
    unpin(env, recv, r, rc != MPI_SUCCESS);
    unpin(env, send, s, 1);
    if (rc != MPI_SUCCESS) {
        char ctx[64];
        snprintf(ctx, sizeof ctx, "count=%d type=%d op=%d", count, type, op);
        jpio_throw_mpi(env, rc, "MPI_Allreduce", ctx);
    }
}

JNIEXPORT void JNICALL Java_org_jpio_comm_mpi_MpiNative_sendrecv(JNIEnv *env, jclass cls, jlong comm, jint number,
        jobject send, jlong sOff, jint sCount, jint dest, jobject recv, jlong rOff, jint rCount, jint source,
        jint type) {
    void *s, *r;
    if (!pin(env, send, &s)) return;
    if (!pin(env, recv, &r)) { unpin(env, send, s, 1); return; }
    MPI_Datatype t = datatype(type);
    /* one fixed tag: MPI keeps messages of one source, tag and communicator in order */
    struct jpio_slot *w = jpio_wait_begin(comm, number, JPIO_OP_SENDRECV, ((long long) sCount + rCount) * type_size[type]);
    int rc = MPI_Sendrecv(at(s, sOff), sCount, t, dest < 0 ? MPI_PROC_NULL : dest, 0x6a70,
                          at(r, rOff), rCount, t, source < 0 ? MPI_PROC_NULL : source, 0x6a70,
                          jpio_comm(comm), MPI_STATUS_IGNORE);
    jpio_wait_end(w);
    unpin(env, recv, r, rc != MPI_SUCCESS);
    unpin(env, send, s, 1);
    if (rc != MPI_SUCCESS) {
        char ctx[128];
        snprintf(ctx, sizeof ctx, "dest=%d source=%d sCount=%d rCount=%d", dest, source, sCount, rCount);
        jpio_throw_mpi(env, rc, "MPI_Sendrecv", ctx);
    }
}

JNIEXPORT jlong JNICALL Java_org_jpio_comm_mpi_MpiNative_split(JNIEnv *env, jclass cls, jlong comm, jint number,
        jint color, jint key) {
    MPI_Comm out = MPI_COMM_NULL;
    struct jpio_slot *w = jpio_wait_begin(comm, number, JPIO_OP_SPLIT, 0);
    int rc = MPI_Comm_split(jpio_comm(comm), color < 0 ? MPI_UNDEFINED : color, key, &out);
    jpio_wait_end(w);
    if (rc != MPI_SUCCESS) {
        char ctx[64];
        snprintf(ctx, sizeof ctx, "color=%d key=%d", color, key);
        jpio_throw_mpi(env, rc, "MPI_Comm_split", ctx);
        return -1;
    }
    if (out == MPI_COMM_NULL) return -1;
    return with_errors_return(env, out, "MPI_Comm_set_errhandler(split)");
}

/* MPI_Comm_dup: the same group in a new context, so a second thread's collectives never match this one's. */
JNIEXPORT jlong JNICALL Java_org_jpio_comm_mpi_MpiNative_dup(JNIEnv *env, jclass cls, jlong comm, jint number) {
    MPI_Comm out = MPI_COMM_NULL;
    struct jpio_slot *w = jpio_wait_begin(comm, number, JPIO_OP_COMM_DUP, 0);
    int rc = MPI_Comm_dup(jpio_comm(comm), &out);
    jpio_wait_end(w);
    if (rc != MPI_SUCCESS) { jpio_throw_mpi(env, rc, "MPI_Comm_dup", ""); return -1; }
    return with_errors_return(env, out, "MPI_Comm_set_errhandler(dup)");
}

JNIEXPORT void JNICALL Java_org_jpio_comm_mpi_MpiNative_free(JNIEnv *env, jclass cls, jlong comm, jint number) {
    MPI_Comm c = jpio_comm(comm);
    struct jpio_slot *w = jpio_wait_begin(comm, number, JPIO_OP_COMM_FREE, 0);
    int rc = MPI_Comm_free(&c);
    jpio_wait_end(w);
    if (rc != MPI_SUCCESS) jpio_throw_mpi(env, rc, "MPI_Comm_free", "");
}

/*
 * alltoallv between a Java array and a direct buffer described, per peer, by pieces (byte offset, byte
 * length) of whole elements: MPI_Alltoallw with one hindexed type per peer on the buffer side, so the
 * two-phase aggregator receives straight into (or sends straight from) its cycle buffer, as ROMIO does.
 * toBuffer != 0: the array sends and the pieces receive; otherwise the pieces send and the array receives.
 * counts/displs are in elements of the array; pieceCounts/pieceDispls index pairs in pieces.
 */
JNIEXPORT void JNICALL Java_org_jpio_comm_mpi_MpiNative_alltoallvPieces(JNIEnv *env, jclass cls, jlong comm, jint number,
        jobject array, jintArray counts, jintArray displs, jobject buffer, jintArray pieceCounts,
        jintArray pieceDispls, jlongArray pieces, jint type, jboolean toBuffer) {
    jsize n = (*env)->GetArrayLength(env, counts);
    int c[n], d[n], pc[n], pd[n];
    if (!ints(env, counts, c, n) || !ints(env, displs, d, n) || !ints(env, pieceCounts, pc, n) || !ints(env, pieceDispls, pd, n)) return;
    char *base = (*env)->GetDirectBufferAddress(env, buffer);
    if (base == NULL) { jpio_throw(env, "java/lang/IllegalArgumentException", "alltoallv pieces: the buffer is not direct"); return; }
    MPI_Datatype t = datatype(type);
    int esize;
    MPI_Type_size(t, &esize);
    jsize np = (*env)->GetArrayLength(env, pieces);
    jlong *pv = np > 0 ? (*env)->GetLongArrayElements(env, pieces, NULL) : NULL;
    if (np > 0 && pv == NULL) return;
    int *ac = calloc(4 * (size_t) n, sizeof(int));
    MPI_Datatype *types = malloc(2 * n * sizeof(MPI_Datatype));
    int rc = MPI_SUCCESS;
    if (ac == NULL || types == NULL) rc = MPI_ERR_NO_MEM;
    int *ad = ac + n, *bc = ac + 2 * n, *bd = ac + 3 * n;
    MPI_Datatype *at = types, *bt = types + n;
    for (jsize i = 0; types != NULL && i < n; i++) bt[i] = t; /* nothing to free until a type is made */
    for (jsize i = 0; i < n && rc == MPI_SUCCESS; i++) {
        ac[i] = c[i];
        ad[i] = d[i] * esize;
        at[i] = t;
        bd[i] = 0;
        int k = pc[i] / 2;
        bc[i] = k > 0 ? 1 : 0;
        bt[i] = t;
        if (k == 0) continue;
        int *bl = malloc(k * sizeof(int));
        MPI_Aint *dis = malloc(k * sizeof(MPI_Aint));
        if (bl == NULL || dis == NULL) rc = MPI_ERR_NO_MEM;
        for (int j = 0; j < k && rc == MPI_SUCCESS; j++) {
            dis[j] = (MPI_Aint) pv[pd[i] + 2 * j];
            bl[j] = (int) (pv[pd[i] + 2 * j + 1] / esize);
        }
        if (rc == MPI_SUCCESS) rc = MPI_Type_create_hindexed(k, bl, dis, t, &bt[i]);
        if (rc == MPI_SUCCESS) rc = MPI_Type_commit(&bt[i]);
        free(bl);
        free(dis);
    }
    void *a = NULL;
    if (rc == MPI_SUCCESS) {
        if (!pin(env, array, &a)) rc = -1;
        else {
            long long bytes = 0;
            for (jsize i = 0; i < n; i++) bytes += c[i];
            struct jpio_slot *w = jpio_wait_begin(comm, number, JPIO_OP_ALLTOALLW, bytes * esize);
            rc = toBuffer ? MPI_Alltoallw(a, ac, ad, at, base, bc, bd, bt, jpio_comm(comm))
                          : MPI_Alltoallw(base, bc, bd, bt, a, ac, ad, at, jpio_comm(comm));
            jpio_wait_end(w);
            unpin(env, array, a, toBuffer || rc != MPI_SUCCESS);
        }
    }
    for (jsize i = 0; types != NULL && ac != NULL && i < n; i++) if (bc[i] == 1 && bt[i] != t) MPI_Type_free(&bt[i]);
    free(types);
    free(ac);
    if (pv != NULL) (*env)->ReleaseLongArrayElements(env, pieces, pv, JNI_ABORT);
    if (rc == -1) return; /* OutOfMemoryError pending from pinning */
    if (rc != MPI_SUCCESS) jpio_throw_mpi(env, rc, "MPI_Alltoallw", toBuffer ? "to buffer pieces" : "from buffer pieces");
}
