/*
 * JNI side of org.jpio.comm.MpiShared: memory the ranks of a communicator address directly, when they all
 * run on one node (MPI-3 MPI_Win_allocate_shared). Two-phase I/O puts its aggregators' cycle buffers
 * there, so each rank copies its own pieces in or out once, where a message exchange copies every byte
 * twice (into the shared-memory transport and out of it) and serialises the aggregator's half.
 *
 * Windows travel as Fortran handles (MPI_Win_c2f) like communicators. The window stays in a passive-target
 * epoch (MPI_Win_lock_all) for its life, which MPI_Win_sync needs; Java decides when to synchronise.
 */
#include "comm.h"
#include "watch.h"
#include "jpio_jni.h"

#include <stdint.h>
#include <stdio.h>

static MPI_Win win_of(jlong handle) { return MPI_Win_f2c((MPI_Fint) handle); }

#define PAGE 4096

/*
 * Rank r's part, moved up to a page boundary: Open MPI places a part a few hundred bytes into a page,
 * and a large read lands 4K-aliased (and slow) when its destination is a few bytes above its page-cache
 * source, so parts are allocated a page longer and handed out from their first page boundary.
 */
static int part_of(MPI_Win win, int rank, char **base, MPI_Aint *size) {
    int unit = 0;
    int rc = MPI_Win_shared_query(win, rank, size, &unit, base);
    if (rc != MPI_SUCCESS || *size == 0) return rc;
    MPI_Aint pad = (MPI_Aint) ((PAGE - (uintptr_t) *base % PAGE) % PAGE);
    *base += pad;
    *size = *size >= PAGE ? *size - PAGE : 0; /* the page added at allocation covers any pad */
    return rc;
}

JNIEXPORT jlong JNICALL Java_org_jpio_comm_mpi_MpiNative_allocateShared(JNIEnv *env, jclass cls, jlong comm, jint number, jlong bytes) {
    MPI_Comm c = jpio_comm(comm), node;
    struct jpio_slot *w = jpio_wait_begin(comm, number, JPIO_OP_WIN_ALLOCATE, 0);
    int rc = MPI_Comm_split_type(c, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    jpio_wait_end(w);
    if (rc != MPI_SUCCESS) {
        jpio_throw_mpi(env, rc, "MPI_Comm_split_type", "type=MPI_COMM_TYPE_SHARED");
        return -1;
    }
    int here = 0, all = 0;
    MPI_Comm_size(node, &here);
    MPI_Comm_size(c, &all);
    MPI_Comm_free(&node);
    if (here != all) return -1; /* the same answer on every rank: some rank is on another node */
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "alloc_shared_noncontig", "true"); /* each rank's part starts on its own page */
    void *base = NULL;
    MPI_Win win = MPI_WIN_NULL;
    w = jpio_wait_begin(comm, number, JPIO_OP_WIN_ALLOCATE, 0);
    rc = MPI_Win_allocate_shared((MPI_Aint) (bytes > 0 ? bytes + PAGE : 0), 1, info, c, &base, &win);
    jpio_wait_end(w);
    MPI_Info_free(&info);
    if (rc == MPI_SUCCESS) rc = MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    if (rc != MPI_SUCCESS) {
        char ctx[48];
        snprintf(ctx, sizeof ctx, "bytes=%lld", (long long) bytes);
        if (win != MPI_WIN_NULL) MPI_Win_free(&win);
        jpio_throw_mpi(env, rc, "MPI_Win_allocate_shared", ctx);
        return -1;
    }
    return (jlong) MPI_Win_c2f(win);
}

JNIEXPORT jlong JNICALL Java_org_jpio_comm_mpi_MpiNative_sharedSize(JNIEnv *env, jclass cls, jlong win, jint rank) {
    MPI_Aint size = 0;
    char *base = NULL;
    int rc = part_of(win_of(win), rank, &base, &size);
    if (rc != MPI_SUCCESS) jpio_throw_mpi(env, rc, "MPI_Win_shared_query", "");
    return (jlong) size;
}

JNIEXPORT jobject JNICALL Java_org_jpio_comm_mpi_MpiNative_sharedPart(JNIEnv *env, jclass cls, jlong win, jint rank,
        jlong offset, jint length) {
    MPI_Aint size = 0;
    char *base = NULL;
    int rc = part_of(win_of(win), rank, &base, &size);
    if (rc != MPI_SUCCESS) {
        jpio_throw_mpi(env, rc, "MPI_Win_shared_query", "");
        return NULL;
    }
    return (*env)->NewDirectByteBuffer(env, base + offset, length);
}

JNIEXPORT void JNICALL Java_org_jpio_comm_mpi_MpiNative_sharedSync(JNIEnv *env, jclass cls, jlong win, jlong comm, jint number) {
    MPI_Win w = win_of(win);
    int rc = MPI_Win_sync(w); /* this rank's stores reach the memory */
    if (rc == MPI_SUCCESS) {
        struct jpio_slot *s = jpio_wait_begin(comm, number, JPIO_OP_WIN_SYNC, 0);
        rc = MPI_Barrier(jpio_comm(comm));
        jpio_wait_end(s);
    }
    if (rc == MPI_SUCCESS) rc = MPI_Win_sync(w); /* and the others' stores are seen by this rank's loads */
    if (rc != MPI_SUCCESS) jpio_throw_mpi(env, rc, "MPI_Win_sync/MPI_Barrier", "");
}

JNIEXPORT void JNICALL Java_org_jpio_comm_mpi_MpiNative_freeShared(JNIEnv *env, jclass cls, jlong win, jlong comm, jint number) {
    MPI_Win w = win_of(win);
    int rc = MPI_Win_unlock_all(w);
    if (rc == MPI_SUCCESS) {
        struct jpio_slot *s = jpio_wait_begin(comm, number, JPIO_OP_WIN_FREE, 0);
        rc = MPI_Win_free(&w);
        jpio_wait_end(s);
    }
    if (rc != MPI_SUCCESS) jpio_throw_mpi(env, rc, "MPI_Win_free", "");
}
