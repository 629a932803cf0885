/*
 * fresh_write_probe P MIB KIB MODE PAUSE_MS ROUNDS FILE: P processes write a new file of MIB MiB in
 * pieces of KIB KiB dealt round robin (piece k to process k mod P, as a block-cyclic darray's runs), each
 * with one pwrite per piece, after the last round's file was deleted PAUSE_MS milliseconds before. It backs
 * docs/BENCHMARKS.md (bench coll --pattern): whether a slow write of a new file comes from jpio_preallocate's
 * reservation of overlapping extents or from the page cache the write lands in.
 *
 * MODE: none (no reservation), each (each process posix_fallocates its own extent, first to last piece,
 * which overlap as jpio_preallocate's do), one (process 0 reserves the whole file before the others start).
 * Prints one line per round: MiB/s (first start to last end), the slowest pwrite and the slowest reservation.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "bench.h"

static void must_at(int ok, const char *what, const char *path, long off) {
    if (ok) return;
    fprintf(stderr, "fresh_write_probe: %s failed: path=%s offset=%ld errno=%d (%s)\n", what, path, off, errno, strerror(errno));
    exit(1);
}

/* Shared between the processes: a barrier and each process's times (total, slowest pwrite, reservation). */
struct shared {
    pthread_barrier_t barrier;
    double t[64][3];
};

static void writer(struct shared *sh, int me, int np, long size, long piece, const char *mode, const char *path) {
    char *buf = malloc(piece);
    must_at(buf != NULL, "malloc", path, 0);
    memset(buf, me + 1, piece); /* touched before the clock starts: only the page cache is new */
    int fd = open(path, O_RDWR | O_CREAT, 0644);
    must_at(fd >= 0, "open", path, 0);
    long pieces = size / piece, first = me * piece, last = ((pieces - 1 - me) / np * np + me) * piece + piece;
    pthread_barrier_wait(&sh->barrier);
    double t0 = now(), slowest = 0, reserve = 0;
    if (strcmp(mode, "one") == 0) {
        if (me == 0) must_at((errno = posix_fallocate(fd, 0, size)) == 0, "posix_fallocate", path, 0);
        reserve = now() - t0;
        pthread_barrier_wait(&sh->barrier);
    } else if (strcmp(mode, "each") == 0 && first < last) {
        must_at((errno = posix_fallocate(fd, first, last - first)) == 0, "posix_fallocate", path, first);
        reserve = now() - t0;
    }
    for (long k = me; k < pieces; k += np) {
        double a = now();
        must_at(pwrite(fd, buf, piece, k * piece) == piece, "pwrite", path, k * piece);
        if (now() - a > slowest) slowest = now() - a;
    }
    pthread_barrier_wait(&sh->barrier);
    sh->t[me][0] = now() - t0;
    sh->t[me][1] = slowest;
    sh->t[me][2] = reserve;
    close(fd);
    free(buf);
}

int main(int argc, char **argv) {
    if (argc != 8) {
        fprintf(stderr, "usage: fresh_write_probe P MIB KIB none|each|one PAUSE_MS ROUNDS FILE\n");
        return 2;
    }
    int np = atoi(argv[1]), pause_ms = atoi(argv[5]), rounds = atoi(argv[6]);
    long size = atol(argv[2]) << 20, piece = atol(argv[3]) << 10;
    const char *mode = argv[4], *path = argv[7];
    if (np < 1 || np > 64 || piece <= 0 || size < piece || size % piece != 0 || pause_ms < 0 || rounds < 1
            || (strcmp(mode, "none") != 0 && strcmp(mode, "each") != 0 && strcmp(mode, "one") != 0)) {
        fprintf(stderr, "fresh_write_probe: bad arguments: P=%s MIB=%s KIB=%s mode=%s pause_ms=%s rounds=%s "
                "(P 1-64, MIB a multiple of the piece, mode none, each or one)\n", argv[1], argv[2], argv[3], mode, argv[5], argv[6]);
        return 2;
    }
    struct shared *sh = mmap(NULL, sizeof *sh, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    must_at(sh != MAP_FAILED, "mmap", path, 0);
    pthread_barrierattr_t attr;
    pthread_barrierattr_init(&attr);
    pthread_barrierattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
    for (int r = 0; r < rounds; r++) {
        must_at(unlink(path) == 0 || errno == ENOENT, "unlink", path, 0);
        usleep(pause_ms * 1000L);
        pthread_barrier_init(&sh->barrier, &attr, np);
        for (int p = 0; p < np; p++) {
            pid_t pid = fork();
            must_at(pid >= 0, "fork", path, 0);
            if (pid == 0) {
                writer(sh, p, np, size, piece, mode, path);
                _exit(0);
            }
        }
        int failed = 0;
        for (int p = 0; p < np; p++) {
            int status;
            if (wait(&status) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) failed = 1;
        }
        if (failed) return 1;
        double t = 0, slowest = 0, reserve = 0;
        for (int p = 0; p < np; p++) {
            if (sh->t[p][0] > t) t = sh->t[p][0];
            if (sh->t[p][1] > slowest) slowest = sh->t[p][1];
            if (sh->t[p][2] > reserve) reserve = sh->t[p][2];
        }
        printf("{\"np\":%d,\"mib\":%ld,\"piece_kib\":%ld,\"mode\":\"%s\",\"pause_ms\":%d,\"write_mibs\":%.0f,\"slowest_pwrite_ms\":%.1f,\"reserve_ms\":%.2f}\n",
               np, size >> 20, piece >> 10, mode, pause_ms, (size >> 20) / t, slowest * 1e3, reserve * 1e3);
        pthread_barrier_destroy(&sh->barrier);
    }
    must_at(unlink(path) == 0, "unlink", path, 0);
    return 0;
}
