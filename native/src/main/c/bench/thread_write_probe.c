/*
 * thread_write_probe MODE KIB CALLS FILE [read]: two writers each write KIB KiB at their own offset of FILE
 * (writer w at w*KIB KiB), CALLS times, meeting at a barrier before every write, as two ranks of a
 * collective writeAtAll do; prints microseconds per round (both writes). With "read" they pread the
 * same ranges instead (readAtAll of a cached file). It backs docs/BENCHMARKS.md
 * (bench calls): whether two threads of one process writing one file are slower than two processes, or
 * whether the difference is how a waiting writer waits.
 *
 * MODE: threads-spin (two threads, a spinning barrier), threads-sleep (two threads, pthread_barrier_wait,
 * which sleeps in the kernel), procs-spin (two processes, a spinning barrier in shared memory).
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include "bench.h"

static int fd;
static long calls;
static size_t bytes;
static const char *path;
static atomic_long *arrived;       /* shared: arrivals at the spinning barrier so far */
static pthread_barrier_t sleeping;
static int sleeps, reads;

static void meet(long round) {
    if (sleeps) {
        pthread_barrier_wait(&sleeping);
        return;
    }
    atomic_fetch_add(arrived, 1);
    while (atomic_load(arrived) < 2 * round) __builtin_ia32_pause();
}

static void writer(long w) {
    char *buf = aligned_alloc(4096, bytes);
    must(buf != NULL, "aligned_alloc", path);
    memset(buf, (int) w + 1, bytes);
    for (long i = 1; i <= calls; i++) {
        meet(i);
        if (reads) must(pread(fd, buf, bytes, (off_t) (w * bytes)) == (ssize_t) bytes, "pread", path);
        else must(pwrite(fd, buf, bytes, (off_t) (w * bytes)) == (ssize_t) bytes, "pwrite", path);
    }
    free(buf);
}

static void *thread_main(void *w) {
    writer((long) w);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 5 && !(argc == 6 && strcmp(argv[5], "read") == 0)) {
        fprintf(stderr, "usage: thread_write_probe threads-spin|threads-sleep|procs-spin KIB CALLS FILE [read]\n");
        return 2;
    }
    const char *mode = argv[1];
    bytes = (size_t) atol(argv[2]) * 1024;
    calls = atol(argv[3]);
    path = argv[4];
    reads = argc == 6;
    int procs = strcmp(mode, "procs-spin") == 0;
    sleeps = strcmp(mode, "threads-sleep") == 0;
    if (!procs && !sleeps && strcmp(mode, "threads-spin") != 0) {
        fprintf(stderr, "thread_write_probe: unknown mode %s\n", mode);
        return 2;
    }
    fd = open(path, O_RDWR | O_CREAT, 0600);
    must(fd >= 0, "open", path);
    char *zero = calloc(2, bytes);
    must(zero != NULL && pwrite(fd, zero, 2 * bytes, 0) == (ssize_t) (2 * bytes), "pwrite (prefill)", path);
    free(zero);
    arrived = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    must(arrived != MAP_FAILED, "mmap", path);
    pthread_barrier_init(&sleeping, NULL, 2);
    double t0 = now();
    if (procs) {
        for (long w = 0; w < 2; w++) {
            pid_t p = fork();
            must(p >= 0, "fork", path);
            if (p == 0) {
                writer(w);
                _exit(0);
            }
        }
        while (wait(NULL) > 0) {}
    } else {
        pthread_t t[2];
        for (long w = 0; w < 2; w++) must(pthread_create(&t[w], NULL, thread_main, (void *) w) == 0, "pthread_create", path);
        for (int w = 0; w < 2; w++) pthread_join(t[w], NULL);
    }
    printf("%s: %.1f us per round of two %zu KiB %s\n", mode, (now() - t0) / calls * 1e6, bytes / 1024, reads ? "reads" : "writes");
    close(fd);
    return 0;
}
