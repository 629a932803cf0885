/*
 * What jpio's watchdog (org.jpio.comm.mpi.Watch) sees of this process's collectives, and how a long wait
 * is kept from burning a processor.
 *
 * Every thread that calls a jpio collective owns one slot. Around the blocking MPI call it marks the slot
 * active and records the call (which communicator, the communicator's call number from Java, which MPI
 * operation, how many bytes this rank contributes): a handful of stores, nothing else, so a collective
 * whose ranks all arrive promptly costs what the MPI call costs. The watchdog thread samples the slots; it
 * decides in Java what a long wait means.
 *
 * Open MPI's blocking collectives spin while they wait. A wait the watchdog finds long (and small, so it
 * is waiting rather than moving data) is throttled: a timer on the waiting thread's own processor clock
 * sends it a signal after each slice of processor time it uses, and the handler sleeps. The thread then
 * runs one slice (still progressing MPI, so the collective completes soon after the last rank arrives)
 * per nap, whatever the load of the machine. The thread disarms the timer when its call returns.
 */
#ifndef JPIO_WATCH_H
#define JPIO_WATCH_H

#include <mpi.h>
#include <pthread.h>
#include <signal.h>
#include <sys/types.h>
#include <time.h>

/* The MPI operations a slot can be in; Java names them (Watch.OPERATIONS). */
enum {
    JPIO_OP_BARRIER = 1, JPIO_OP_BCAST, JPIO_OP_ALLGATHER, JPIO_OP_ALLGATHERV, JPIO_OP_ALLTOALLV,
    JPIO_OP_ALLTOALLW, JPIO_OP_ALLREDUCE, JPIO_OP_SENDRECV, JPIO_OP_SPLIT, JPIO_OP_COMM_FREE,
    JPIO_OP_WIN_ALLOCATE, JPIO_OP_WIN_SYNC, JPIO_OP_WIN_FREE, JPIO_OP_COMM_DUP
};

struct jpio_slot {
    volatile int used;
    volatile int active;            /* inside a collective */
    volatile unsigned seq;          /* collectives this thread began: tells one wait from the next */
    volatile int number;            /* the communicator's call number, from Java */
    volatile int op;
    volatile long long bytes;       /* what this rank contributes */
    volatile long long comm;        /* Fortran handle of the communicator */
    pthread_t thread;
    pid_t tid;
    timer_t timer;
    int has_timer;
    volatile int throttled;         /* the timer is armed */
    volatile unsigned throttle_seq; /* the wait it was armed for */
    volatile long nap_ns;
};

/* initial-exec: one load from the thread pointer, no __tls_get_addr call on the fast path (one pointer of the
 * static TLS surplus glibc keeps for libraries loaded later) */
extern __thread struct jpio_slot *jpio_my_slot __attribute__((tls_model("initial-exec")));

/* This thread's slot, taken on its first collective; NULL when all are taken (the call is then not watched). */
struct jpio_slot *jpio_slot_register(void);

/* The thread's wait ended while its timer may be armed. */
void jpio_unthrottle(struct jpio_slot *s);

static inline struct jpio_slot *jpio_wait_begin(long long comm, int number, int op, long long bytes) {
    struct jpio_slot *s = jpio_my_slot;
    if (s == NULL && (s = jpio_slot_register()) == NULL) return NULL;
    s->comm = comm;
    s->number = number;
    s->op = op;
    s->bytes = bytes;
    s->seq++;
    __atomic_store_n(&s->active, 1, __ATOMIC_RELEASE);
    return s;
}

static inline void jpio_wait_end(struct jpio_slot *s) {
    if (s == NULL) return;
    __atomic_store_n(&s->active, 0, __ATOMIC_RELEASE);
    if (s->throttled) jpio_unthrottle(s);
}

#endif
