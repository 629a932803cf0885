/*
 * The side channel of jpio's watchdog and how a process leaves an MPI job (org.jpio.comm.mpi.MpiNative:
 * controlInit, controlSend, controlPoll, worldRanks, exitReason).
 *
 * The side channel is a duplicate of MPI_COMM_WORLD that only jpio uses, so no receive of the program can
 * take its messages: a rank whose collective waits long tells the ranks of that communicator what it waits
 * in, and a rank that leaves tells every rank. Java decides what is sent and what a message means; C moves
 * bytes.
 *
 * Leaving (on_exit, after the JVM has shut down, so it sees the exit status):
 *   - a non-zero status (System.exit(3), an uncaught exception in main, a fatal error) ends the whole job
 *     with MPI_Abort and that status, after printing which rank and why, instead of entering MPI_Finalize
 *     (which would wait for peers that wait for this rank);
 *   - status 0: every other rank is told that this one left, then all meet in a barrier on the side
 *     channel, waited for with sleeps (a rank that finished early uses no processor while the others work),
 *     and MPI_Finalize follows. A peer that waits in a collective for this rank learns that it left and
 *     ends the job with a message (org.jpio.comm.mpi.Watch).
 * This runs only when jpio initialised MPI; otherwise finalising is the program's business.
 */
#include "comm.h"
#include "jpio_jni.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define TAG_LEFT 2   /* Java's Watch.LEFT */
#define PENDING 256

static MPI_Comm control = MPI_COMM_NULL;
/* The watchdog thread and the exiting thread both use the channel's bookkeeping. */
static pthread_mutex_t channel = PTHREAD_MUTEX_INITIALIZER;
static MPI_Request pending[PENDING];
static void *pending_buf[PENDING];
static char *exit_reason;
static volatile int ending;

/* Completed sends give their buffers back. */
static void reap(void) {
    for (int i = 0; i < PENDING; i++) {
        if (pending_buf[i] == NULL) continue;
        int done = 0;
        if (MPI_Test(&pending[i], &done, MPI_STATUS_IGNORE) != MPI_SUCCESS || done) {
            free(pending_buf[i]);
            pending_buf[i] = NULL;
        }
    }
}

static int post(int dest, int tag, const void *data, int len) {
    reap();
    int slot = -1;
    for (int i = 0; i < PENDING && slot < 0; i++) if (pending_buf[i] == NULL) slot = i;
    if (slot < 0) return MPI_ERR_OTHER; /* 256 sends to a rank that never receives: drop, the watchdog reports anyway */
    void *copy = malloc(len > 0 ? len : 1);
    if (copy == NULL) return MPI_ERR_NO_MEM;
    memcpy(copy, data, len);
    int rc = MPI_Isend(copy, len, MPI_BYTE, dest, tag, control, &pending[slot]);
    if (rc == MPI_SUCCESS) pending_buf[slot] = copy;
    else free(copy);
    return rc;
}

/* Whether MPI can still be called: a program that initialised MPI itself may finalise it while jpio's watchdog runs. */
static int alive(void) {
    int finalised = 1;
    MPI_Finalized(&finalised);
    return !finalised && control != MPI_COMM_NULL;
}

/* Receives one waiting message into buf (cut to cap bytes); returns its length, or -1 when none waits. */
static int receive(char *buf, int cap, int *source, int *tag) {
    int flag = 0;
    MPI_Status st;
    if (MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, control, &flag, &st) != MPI_SUCCESS || !flag) return -1;
    int len = 0;
    MPI_Get_count(&st, MPI_BYTE, &len);
    char *in = len <= cap ? buf : malloc(len);
    if (in == NULL) return -1;
    MPI_Recv(in, len, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, control, MPI_STATUS_IGNORE);
    if (in != buf) {
        memcpy(buf, in, cap);
        free(in);
        len = cap;
    }
    *source = st.MPI_SOURCE;
    *tag = st.MPI_TAG;
    return len;
}

static void identify(char *out, size_t cap, int status) {
    int rank = -1, size = -1, len = 0;
    char host[MPI_MAX_PROCESSOR_NAME + 1] = "?";
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (MPI_Get_processor_name(host, &len) == MPI_SUCCESS) host[len] = '\0';
    snprintf(out, cap, "rank %d of %d (host %s, pid %d)", rank, size, host, (int) getpid());
    (void) status;
}

static void leave(int status, void *arg) {
    int initialised = 0, finalised = 0;
    MPI_Initialized(&initialised);
    MPI_Finalized(&finalised);
    if (!initialised || finalised || ending) return;
    ending = 1;
    char who[MPI_MAX_PROCESSOR_NAME + 96];
    identify(who, sizeof who, status);
    if (status != 0) {
        /* 128+signal: the JVM was told to stop (SIGTERM, SIGINT, SIGHUP), as mpirun does when it ends a job */
        if (status == 128 + SIGTERM || status == 128 + SIGINT || status == 128 + SIGHUP) MPI_Abort(MPI_COMM_WORLD, status);
        fprintf(stderr, "jpio: %s ends the job: it exits with status %d (%s) before MPI_Finalize, and the other ranks"
                " may be waiting for it: MPI_Abort(MPI_COMM_WORLD, %d)\n", who, status,
                exit_reason ? exit_reason : "System.exit, or a fatal error", status);
        fflush(stderr);
        MPI_Abort(MPI_COMM_WORLD, status);
        return;
    }
    if (control != MPI_COMM_NULL) {
        int me = 0, size = 1;
        MPI_Comm_rank(control, &me);
        MPI_Comm_size(control, &size);
        char msg[sizeof who + 64];
        int len = snprintf(msg, sizeof msg, "%s left main (exit status 0)", who);
        pthread_mutex_lock(&channel);
        for (int r = 0; r < size; r++) if (r != me) post(r, TAG_LEFT, msg, len);
        pthread_mutex_unlock(&channel);
        MPI_Request all;
        int done = 0;
        if (MPI_Ibarrier(control, &all) == MPI_SUCCESS) {
            long ns = 10000;
            char buf[512];
            int source, tag;
            while (MPI_Test(&all, &done, MPI_STATUS_IGNORE) == MPI_SUCCESS && !done) {
                pthread_mutex_lock(&channel);
                while (receive(buf, sizeof buf, &source, &tag) >= 0) { } /* what peers still say no longer matters */
                reap();
                pthread_mutex_unlock(&channel);
                struct timespec t = {0, ns};
                nanosleep(&t, NULL);
                if (ns < 10000000L) ns *= 2;
            }
        }
        pthread_mutex_lock(&channel);
        reap();
        pthread_mutex_unlock(&channel);
    }
    jpio_free_counters(); /* every rank leaving normally is here: close the windows' epochs (counter.c) */
    MPI_Finalize();
}

/* Registered once MPI is initialised by jpio (comm.c): leave() runs when the process exits. */
void jpio_register_exit(void) { on_exit(leave, NULL); }

JNIEXPORT jboolean JNICALL Java_org_jpio_comm_mpi_MpiNative_controlInit(JNIEnv *env, jclass cls) {
    if (control != MPI_COMM_NULL) return JNI_TRUE;
    int rc = MPI_Comm_dup(MPI_COMM_WORLD, &control);
    if (rc == MPI_SUCCESS) rc = MPI_Comm_set_errhandler(control, MPI_ERRORS_RETURN);
    if (rc != MPI_SUCCESS) {
        jpio_throw_mpi(env, rc, "MPI_Comm_dup(MPI_COMM_WORLD)", "jpio's side channel");
        return JNI_FALSE;
    }
    return JNI_TRUE;
}

JNIEXPORT void JNICALL Java_org_jpio_comm_mpi_MpiNative_controlSend(JNIEnv *env, jclass cls, jint dest, jint tag, jbyteArray msg) {
    jsize len = (*env)->GetArrayLength(env, msg);
    char buf[4096];
    if (len > (jsize) sizeof buf) len = sizeof buf;
    (*env)->GetByteArrayRegion(env, msg, 0, len, (jbyte *) buf);
    pthread_mutex_lock(&channel);
    int rc = alive() ? post(dest, tag, buf, len) : MPI_SUCCESS;
    pthread_mutex_unlock(&channel);
    if (rc != MPI_SUCCESS) jpio_throw_mpi(env, rc, "MPI_Isend", "jpio's side channel");
}

/* One waiting message into buf; info gets {source, tag, length}. Returns whether there was one. */
JNIEXPORT jboolean JNICALL Java_org_jpio_comm_mpi_MpiNative_controlPoll(JNIEnv *env, jclass cls, jbyteArray buf, jintArray info) {
    char in[4096];
    int source = -1, tag = -1;
    pthread_mutex_lock(&channel);
    int len = -1;
    if (alive()) {
        reap();
        len = receive(in, sizeof in, &source, &tag);
    }
    pthread_mutex_unlock(&channel);
    if (len < 0) return JNI_FALSE;
    jsize cap = (*env)->GetArrayLength(env, buf);
    if (len > cap) len = cap;
    (*env)->SetByteArrayRegion(env, buf, 0, len, (jbyte *) in);
    jint i[3] = {source, tag, len};
    (*env)->SetIntArrayRegion(env, info, 0, 3, i);
    return JNI_TRUE;
}

/* The MPI_COMM_WORLD rank of each rank of comm. */
JNIEXPORT jintArray JNICALL Java_org_jpio_comm_mpi_MpiNative_worldRanks(JNIEnv *env, jclass cls, jlong comm) {
    MPI_Group g, world;
    int n = 0;
    MPI_Comm_group(jpio_comm(comm), &g);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_size(g, &n);
    int in[n], out[n];
    for (int i = 0; i < n; i++) in[i] = i;
    int rc = MPI_Group_translate_ranks(g, n, in, world, out);
    MPI_Group_free(&g);
    MPI_Group_free(&world);
    if (rc != MPI_SUCCESS) { jpio_throw_mpi(env, rc, "MPI_Group_translate_ranks", ""); return NULL; }
    jintArray a = (*env)->NewIntArray(env, n);
    if (a != NULL) (*env)->SetIntArrayRegion(env, a, 0, n, (jint *) out);
    return a;
}

/* Why this process is about to exit with a non-zero status (an uncaught exception), for leave()'s message. */
JNIEXPORT void JNICALL Java_org_jpio_comm_mpi_MpiNative_exitReason(JNIEnv *env, jclass cls, jstring reason) {
    const char *s = (*env)->GetStringUTFChars(env, reason, NULL);
    if (s == NULL) return;
    char *copy = strdup(s);
    (*env)->ReleaseStringUTFChars(env, reason, s);
    char *old = exit_reason;
    exit_reason = copy;
    free(old);
}

/* Prints message (one line, to stderr) and ends every process of the job with status. */
JNIEXPORT void JNICALL Java_org_jpio_comm_mpi_MpiNative_abortWorld(JNIEnv *env, jclass cls, jint status, jstring message) {
    ending = 1;
    if (message != NULL) {
        const char *s = (*env)->GetStringUTFChars(env, message, NULL);
        if (s != NULL) {
            fprintf(stderr, "%s\n", s);
            (*env)->ReleaseStringUTFChars(env, message, s);
        }
    }
    fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, status);
}
