/*
 * offset_probe DIR ROUNDS DISP...: what the place of an array's data in its file costs here, in C, for the
 * pattern `bench h5` writes at N = 4: the coll_perf array (256^3 ints, 64 MiB) on a 2x2x1 process grid,
 * so each of 4 processes writes 128 runs of 128 KiB, the runs of two processes alternating in the file.
 * One file per displacement DISP (bytes before the data: 0 for RAW, 2048 where HDF5 puts a dataset by
 * default, 1048576 for a dataset aligned to 1 MiB). Each file is made by that pattern (created, written,
 * synced), then rewritten in place ROUNDS times, the files taking turns in an order that rotates every
 * round; each rewrite is timed from a barrier to the slowest process's last pwrite ("write"), then to the
 * slowest fsync ("sync"). Then each file is read back whole by one process with one pread into a buffer
 * that starts 16 bytes into a page, as a large Java array does ("read": the 4K-aliasing trap of a copy
 * whose destination lies 1-31 bytes above its source modulo 4 KiB, docs/ARCHITECTURE.md, shows there).
 * Prints per displacement the medians over the rounds, in milliseconds.
 *
 * Why: the page cache of a file holds large folios where the writes that made it started at a large
 * power-of-two boundary; runs that start off one (2048 + k * 128 KiB) leave it in smaller pieces, which
 * costs the writes and the sync (docs/BENCHMARKS.md, `bench h5`).
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include "bench.h"

enum { NP = 4, N = 256, MAX_FILES = 8, MAX_ROUNDS = 64 };
static const long RUN = 128L * N * 4;             /* one run: 128 rows of 256 ints */
static const long BYTES = (long) N * N * N * 4;   /* the whole array */

struct shared {
    pthread_barrier_t barrier;
    double done[MAX_FILES][MAX_ROUNDS + 1][NP][2]; /* per file, round, process: end of writes, end of sync */
    double start[MAX_FILES][MAX_ROUNDS + 1];
};

static int cmp(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
    qsort(v, (size_t) n, sizeof *v, cmp);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Process p's runs of the 2x2x1 grid at displacement disp: z half p / 2, y half p % 2. */
static void write_runs(int fd, const char *buf, int p, long disp, const char *path) {
    for (long z = 0; z < N / 2; z++) {
        long zi = (p / 2) * (N / 2) + z;
        off_t at = (off_t) (disp + (zi * N + (p % 2) * (N / 2)) * N * 4);
        for (long done = 0; done < RUN;) {
            ssize_t w = pwrite(fd, buf + z * RUN + done, (size_t) (RUN - done), at + done);
            must(w > 0, "pwrite", path);
            done += w;
        }
    }
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: offset_probe DIR ROUNDS DISP...\n");
        return 2;
    }
    int rounds = atoi(argv[2]), files = argc - 3;
    if (rounds < 1 || rounds > MAX_ROUNDS || files > MAX_FILES) {
        fprintf(stderr, "offset_probe: ROUNDS must be 1-%d and at most %d displacements\n", MAX_ROUNDS, MAX_FILES);
        return 2;
    }
    char path[MAX_FILES][4096];
    long disp[MAX_FILES];
    for (int f = 0; f < files; f++) {
        disp[f] = atol(argv[3 + f]);
        must(disp[f] >= 0, "displacement", argv[3 + f]);
        snprintf(path[f], sizeof path[f], "%s/offset_probe.%d.%ld", argv[1], (int) getpid(), disp[f]);
        int fd = open(path[f], O_WRONLY | O_CREAT | O_EXCL, 0600);
        must(fd >= 0, "create", path[f]);
        close(fd);
    }
    struct shared *s = mmap(NULL, sizeof *s, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    must(s != MAP_FAILED, "mmap", "shared");
    pthread_barrierattr_t attr;
    pthread_barrierattr_init(&attr);
    pthread_barrierattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
    pthread_barrier_init(&s->barrier, &attr, NP);
    for (int p = 0; p < NP; p++) {
        pid_t pid = fork();
        must(pid >= 0, "fork", argv[1]);
        if (pid > 0) continue;
        char *buf = malloc((size_t) (BYTES / NP));
        must(buf != NULL, "malloc", "buffer");
        memset(buf, p + 1, (size_t) (BYTES / NP));
        int fd[MAX_FILES];
        for (int f = 0; f < files; f++) must((fd[f] = open(path[f], O_WRONLY)) >= 0, "open", path[f]);
        for (int r = 0; r <= rounds; r++) {               /* round 0 makes the files */
            for (int k = 0; k < files; k++) {
                int f = (k + r) % files;
                pthread_barrier_wait(&s->barrier);
                if (p == 0) s->start[f][r] = now();
                pthread_barrier_wait(&s->barrier);
                write_runs(fd[f], buf, p, disp[f], path[f]);
                s->done[f][r][p][0] = now();
                must(fsync(fd[f]) == 0, "fsync", path[f]);
                s->done[f][r][p][1] = now();
            }
        }
        _exit(0);
    }
    for (int p = 0; p < NP; p++) {
        int status;
        must(wait(&status) > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0, "writer", argv[1]);
    }
    char *page = mmap(NULL, (size_t) BYTES + 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    must(page != MAP_FAILED, "mmap", "read buffer");
    memset(page, 0, (size_t) BYTES + 4096);
    char *dst = page + 16;                               /* where a large Java array's elements start */
    printf("offset_probe: 256^3 ints (64 MiB), 4 processes of 128 KiB runs, %d rewrites in place; medians, ms\n", rounds);
    for (int f = 0; f < files; f++) {
        double w[MAX_ROUNDS], y[MAX_ROUNDS], t[MAX_ROUNDS], rd[MAX_ROUNDS];
        for (int r = 1; r <= rounds; r++) {
            double we = 0, se = 0;
            for (int p = 0; p < NP; p++) {
                if (s->done[f][r][p][0] > we) we = s->done[f][r][p][0];
                if (s->done[f][r][p][1] > se) se = s->done[f][r][p][1];
            }
            w[r - 1] = (we - s->start[f][r]) * 1e3;
            y[r - 1] = (se - we) * 1e3;
            t[r - 1] = (se - s->start[f][r]) * 1e3;
        }
        int fd = open(path[f], O_RDONLY);
        must(fd >= 0, "open", path[f]);
        for (int r = 0; r < rounds; r++) {
            double t0 = now();
            for (long done = 0; done < BYTES;) {
                ssize_t n = pread(fd, dst + done, (size_t) (BYTES - done), (off_t) (disp[f] + done));
                must(n > 0, "pread", path[f]);
                done += n;
            }
            rd[r] = (now() - t0) * 1e3;
        }
        close(fd);
        unlink(path[f]);
        printf("data at %8ld: write %6.1f  sync %6.1f  write+sync %6.1f  read (1 process, 1 pread) %5.1f\n", disp[f], median(w, rounds),
               median(y, rounds), median(t, rounds), median(rd, rounds));
    }
    return 0;
}
