/*
 * JNI side of org.jpio.comm.mpi.MpiCounters: 64-bit counters on a window of rank 0 that any rank updates
 * atomically on its own, with MPI-3 one-sided atomics (MPI_Fetch_and_op), while the other ranks do
 * something else: where MPI-IO's shared file pointers live. The window stays in a passive-target epoch
 * (MPI_Win_lock_all) for its life. Windows travel as Fortran handles, like communicators.
 */
#include "comm.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

static MPI_Win counter_win(jlong handle) { return MPI_Win_f2c((MPI_Fint) handle); }

/*
 * The windows alive, for jpio_free_counters(): a window the program never freed (the world's, which lives
 * as long as the process) must still leave its passive-target epoch before MPI_Finalize, which MPI
 * requires and MPICH's UCX enforces (ranks aborted in ucp_cleanup over the registration it still held).
 */
#define LIVE 64
static MPI_Win live[LIVE];
static int live_count;
static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;

static void remember(MPI_Win win, int add) {
    pthread_mutex_lock(&live_lock);
    if (add && live_count < LIVE) {
        live[live_count++] = win;
    } else if (!add) {
        for (int i = 0; i < live_count; i++)
            if (live[i] == win) { live[i] = live[--live_count]; break; }
    }
    pthread_mutex_unlock(&live_lock);
}

/* Collective over each window's communicator: every rank that leaves normally calls it before MPI_Finalize. */
void jpio_free_counters(void) {
    pthread_mutex_lock(&live_lock);
    while (live_count > 0) {
        MPI_Win win = live[--live_count];
        MPI_Win_unlock_all(win);
        MPI_Win_free(&win);
    }
    pthread_mutex_unlock(&live_lock);
}

/* Collective: slots counters on rank 0, all 0. */
JNIEXPORT jlong JNICALL Java_org_jpio_comm_mpi_MpiNative_allocateCounters(JNIEnv *env, jclass cls, jlong comm, jint slots) {
    MPI_Comm c = jpio_comm(comm);
    int rank = 0;
    MPI_Comm_rank(c, &rank);
    int64_t *base = NULL;
    MPI_Win win = MPI_WIN_NULL;
    MPI_Aint bytes = rank == 0 ? (MPI_Aint) slots * (MPI_Aint) sizeof(int64_t) : 0;
    int rc = MPI_Win_allocate(bytes, sizeof(int64_t), MPI_INFO_NULL, c, &base, &win);
    if (rc == MPI_SUCCESS && rank == 0)
        for (jint i = 0; i < slots; i++) base[i] = 0;
    if (rc == MPI_SUCCESS) rc = MPI_Barrier(c); /* every counter is 0 before anyone adds */
    if (rc == MPI_SUCCESS) rc = MPI_Win_lock_all(0, win);
    if (rc != MPI_SUCCESS) {
        char ctx[48];
        snprintf(ctx, sizeof ctx, "slots=%d", (int) slots);
        if (win != MPI_WIN_NULL) MPI_Win_free(&win);
        jpio_throw_mpi(env, rc, "MPI_Win_allocate", ctx);
        return -1;
    }
    remember(win, 1);
    return (jlong) MPI_Win_c2f(win);
}

/* Atomically: old = counter[slot]; counter[slot] = op == 0 ? old + value : value; returns old. */
JNIEXPORT jlong JNICALL Java_org_jpio_comm_mpi_MpiNative_counterUpdate(JNIEnv *env, jclass cls, jlong handle, jint slot,
        jlong value, jboolean replace) {
    MPI_Win win = counter_win(handle);
    int64_t in = (int64_t) value, old = 0;
    int rc = MPI_Fetch_and_op(&in, &old, MPI_INT64_T, 0, (MPI_Aint) slot, replace ? MPI_REPLACE : MPI_SUM, win);
    if (rc == MPI_SUCCESS) rc = MPI_Win_flush(0, win);
    if (rc != MPI_SUCCESS) {
        char ctx[64];
        snprintf(ctx, sizeof ctx, "slot=%d value=%lld", (int) slot, (long long) value);
        jpio_throw_mpi(env, rc, "MPI_Fetch_and_op", ctx);
    }
    return (jlong) old;
}

/* Collective: the window is freed. */
JNIEXPORT void JNICALL Java_org_jpio_comm_mpi_MpiNative_freeCounters(JNIEnv *env, jclass cls, jlong handle) {
    MPI_Win win = counter_win(handle);
    remember(win, 0);
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
}
