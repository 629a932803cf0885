/*
 * The wait slots and the throttle of watch.h, and the JNI calls the watchdog thread makes on them
 * (org.jpio.comm.mpi.MpiNative: waits, throttle).
 */
#include "watch.h"
#include "comm.h"
#include "jpio_jni.h"

#include <errno.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define SLOTS 64
#define NAP_SIGNAL (SIGRTMIN + 5) /* no realtime signal is used by HotSpot, glibc keeps those below SIGRTMIN */

static struct jpio_slot slots[SLOTS];
static int slots_used;             /* slots[0..slots_used) have been handed out at some time */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_key_t key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static int handler_installed;
__thread struct jpio_slot *jpio_my_slot __attribute__((tls_model("initial-exec")));

/* Thread exit: its timer goes, and the slot is free for another thread. */
static void release(void *p) {
    struct jpio_slot *s = p;
    pthread_mutex_lock(&lock);
    if (s->has_timer) timer_delete(s->timer);
    s->has_timer = 0;
    s->throttled = 0;
    s->active = 0;
    s->used = 0;
    pthread_mutex_unlock(&lock);
}

static void make_key(void) { pthread_key_create(&key, release); }

struct jpio_slot *jpio_slot_register(void) {
    pthread_once(&key_once, make_key);
    struct jpio_slot *s = NULL;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < SLOTS && s == NULL; i++)
        if (!slots[i].used) s = &slots[i];
    if (s != NULL) {
        if (s - slots >= slots_used) slots_used = (int) (s - slots) + 1;
        memset(s, 0, sizeof *s);
        s->thread = pthread_self();
        s->tid = (pid_t) syscall(SYS_gettid);
        s->used = 1;
    }
    pthread_mutex_unlock(&lock);
    if (s != NULL) {
        jpio_my_slot = s;
        pthread_setspecific(key, s);
    }
    return s;
}

/* On the waiting thread, after each slice of its processor time: nap while its wait lasts, else disarm. */
static void nap(int sig, siginfo_t *info, void *context) {
    struct jpio_slot *s = info->si_value.sival_ptr;
    int saved = errno;
    if (s != NULL && s->active && s->seq == s->throttle_seq) {
        long ns = s->nap_ns;
        struct timespec t = {ns / 1000000000L, ns % 1000000000L};
        nanosleep(&t, NULL);
    } else if (s != NULL && s->has_timer) {
        struct itimerspec off;
        memset(&off, 0, sizeof off);
        timer_settime(s->timer, 0, &off, NULL);
        s->throttled = 0;
    }
    errno = saved;
}

void jpio_unthrottle(struct jpio_slot *s) {
    struct itimerspec off;
    memset(&off, 0, sizeof off);
    if (s->has_timer) timer_settime(s->timer, 0, &off, NULL);
    s->throttled = 0;
}

/*
 * Fills out with 6 longs per active slot (slot, seq, comm, number, op, bytes); returns how many slots.
 * The values of one slot may mix two consecutive calls of its thread; seq tells the watchdog which.
 */
JNIEXPORT jint JNICALL Java_org_jpio_comm_mpi_MpiNative_waits(JNIEnv *env, jclass cls, jlongArray out) {
    jsize cap = (*env)->GetArrayLength(env, out) / 6;
    jlong v[6 * SLOTS];
    int n = 0;
    int used = __atomic_load_n(&slots_used, __ATOMIC_ACQUIRE);
    for (int i = 0; i < used && n < cap; i++) {
        struct jpio_slot *s = &slots[i];
        if (!s->used || !__atomic_load_n(&s->active, __ATOMIC_ACQUIRE)) continue;
        jlong *o = v + 6 * n++;
        o[0] = i;
        o[1] = s->seq;
        o[2] = s->comm;
        o[3] = s->number;
        o[4] = s->op;
        o[5] = s->bytes;
    }
    if (n > 0) (*env)->SetLongArrayRegion(env, out, 0, 6 * n, v);
    return n;
}

/*
 * Throttles the wait seq of slot: from now on the thread naps nap_ns after each slice_ns of processor time
 * it uses, until that wait ends. Returns false when the wait has already ended, or no timer can be made
 * (then errno is in the IllegalStateException).
 */
JNIEXPORT jboolean JNICALL Java_org_jpio_comm_mpi_MpiNative_throttle(JNIEnv *env, jclass cls, jint slot, jint seq,
        jlong nap_ns, jlong slice_ns) {
    if (slot < 0 || slot >= SLOTS) return JNI_FALSE;
    struct jpio_slot *s = &slots[slot];
    int err = 0;
    jboolean armed = JNI_FALSE;
    pthread_mutex_lock(&lock);
    if (s->used && s->active && s->seq == (unsigned) seq) {
        if (!handler_installed) {
            struct sigaction sa;
            memset(&sa, 0, sizeof sa);
            sa.sa_sigaction = nap;
            sa.sa_flags = SA_SIGINFO | SA_RESTART;
            sigemptyset(&sa.sa_mask);
            if (sigaction(NAP_SIGNAL, &sa, NULL) == 0) handler_installed = 1;
            else err = errno;
        }
        if (handler_installed && !s->has_timer) {
            clockid_t cpu;
            struct sigevent ev;
            memset(&ev, 0, sizeof ev);
            ev.sigev_notify = SIGEV_THREAD_ID;
            ev.sigev_signo = NAP_SIGNAL;
            ev.sigev_value.sival_ptr = s;
            ev._sigev_un._tid = s->tid;
            err = pthread_getcpuclockid(s->thread, &cpu);
            if (err == 0 && timer_create(cpu, &ev, &s->timer) != 0) err = errno;
            if (err == 0) s->has_timer = 1;
        }
        if (s->has_timer) {
            s->nap_ns = nap_ns;
            s->throttle_seq = (unsigned) seq;
            s->throttled = 1;
            struct itimerspec it = {{slice_ns / 1000000000L, slice_ns % 1000000000L}, {slice_ns / 1000000000L, slice_ns % 1000000000L}};
            if (timer_settime(s->timer, 0, &it, NULL) == 0) armed = JNI_TRUE;
            else err = errno;
        }
    }
    pthread_mutex_unlock(&lock);
    if (err != 0) jpio_throw(env, "java/lang/IllegalStateException", "throttle: no timer for the waiting thread: errno=%d (%s)", err, strerror(err));
    return armed;
}
