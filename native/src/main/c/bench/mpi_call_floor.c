/*
 * mpi_call_floor FILE BYTES CALLS ROUNDS: the floor of jpio's collective call, made in C. Each process
 * moves BYTES at offset rank*BYTES of FILE, CALLS times a round, two ways that alternate from round to round:
 *   romio   MPI_File_write_at_all / MPI_File_read_at_all (run it with `mpirun --mca io romio321`);
 *   steps   what jpio's call does when the ranks' extents do not interleave, in C: an allgather of each
 *           process's start and end offset (the extent exchange), its own pwrite / pread, and an
 *           allreduce of a failure flag (the outcome agreement: every rank learns every failure).
 * A round: barrier, CALLS calls, barrier; one untimed round of each first. Prints, for writes and reads,
 * the median over ROUNDS of microseconds per call of each way and steps / romio. It backs
 * docs/BENCHMARKS.md (bench calls, 1 MiB at N = 4): whether jpio's sequence of steps costs more than
 * ROMIO's call on this machine whoever makes it.
 */
#include <fcntl.h>
#include <mpi.h>
#include <unistd.h>
#include "bench.h"

static int rank, np;
static const char *path;

static int cmp(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
    qsort(v, (size_t) n, sizeof(double), cmp);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* One round of calls of one way; microseconds per call, the slowest process's. */
static double round_of(int steps, int write, MPI_File fh, int fd, char *buf, long bytes, long calls) {
    MPI_Offset at = (MPI_Offset) rank * bytes;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = now();
    for (long i = 0; i < calls; i++) {
        if (!steps) {
            int rc = write ? MPI_File_write_at_all(fh, at, buf, (int) bytes, MPI_BYTE, MPI_STATUS_IGNORE)
                           : MPI_File_read_at_all(fh, at, buf, (int) bytes, MPI_BYTE, MPI_STATUS_IGNORE);
            must(rc == MPI_SUCCESS, write ? "MPI_File_write_at_all" : "MPI_File_read_at_all", path);
            continue;
        }
        long long mine[2] = {at, at + bytes}, all[2 * 64];
        MPI_Allgather(mine, 2, MPI_LONG_LONG, all, 2, MPI_LONG_LONG, MPI_COMM_WORLD);
        ssize_t n = write ? pwrite(fd, buf, (size_t) bytes, (off_t) at) : pread(fd, buf, (size_t) bytes, (off_t) at);
        int failed = n != (ssize_t) bytes, any;
        MPI_Allreduce(&failed, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        must(!any, write ? "pwrite" : "pread", path);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    return (now() - t0) / calls * 1e6;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (argc != 5 || np > 64) {
        if (rank == 0) fprintf(stderr, "usage: mpirun -np N (N <= 64) mpi_call_floor FILE BYTES CALLS ROUNDS\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    path = argv[1];
    long bytes = atol(argv[2]), calls = atol(argv[3]);
    int rounds = atoi(argv[4]);
    if (bytes < 1 || bytes > (1L << 30) || calls < 1 || rounds < 1) {
        if (rank == 0) fprintf(stderr, "mpi_call_floor: BYTES=%s CALLS=%s ROUNDS=%s must be positive (BYTES at most 1 GiB)\n", argv[2], argv[3], argv[4]);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    char *buf = aligned_alloc(4096, (size_t) ((bytes + 4095) / 4096 * 4096));
    must(buf != NULL, "aligned_alloc", path);
    memset(buf, rank + 1, (size_t) bytes);
    MPI_File fh;
    must(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh) == MPI_SUCCESS, "MPI_File_open", path);
    must(MPI_File_write_at_all(fh, (MPI_Offset) rank * bytes, buf, (int) bytes, MPI_BYTE, MPI_STATUS_IGNORE) == MPI_SUCCESS, "MPI_File_write_at_all", path);
    int fd = open(path, O_RDWR);
    must(fd >= 0, "open", path);
    double *t = malloc(sizeof(double) * 4 * (size_t) rounds);
    must(t != NULL, "malloc", path);
    for (int r = -1; r < rounds; r++)          /* round -1: untimed */
        for (int k = 0; k < 4; k++) {
            int way = (k + (r < 0 ? 0 : r)) % 2, write = k / 2 == 0;   /* which way goes first alternates */
            double us = round_of(way, write, fh, fd, buf, bytes, calls), slowest;
            MPI_Allreduce(&us, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
            if (r >= 0) t[(size_t) rounds * ((write ? 0 : 2) + way) + (size_t) r] = slowest;
        }
    if (rank == 0)
        for (int w = 1; w >= 0; w--) {
            double romio = median(t + (size_t) rounds * ((w ? 0 : 2) + 0), rounds), steps = median(t + (size_t) rounds * ((w ? 0 : 2) + 1), rounds);
            printf("{\"np\":%d,\"bytes\":%ld,\"op\":\"%s\",\"romio_us\":%.2f,\"steps_us\":%.2f,\"steps_x\":%.3f}\n", np, bytes,
                   w ? "write_at_all" : "read_at_all", romio, steps, steps / romio);
        }
    close(fd);
    MPI_File_close(&fh);
    free(t);
    free(buf);
    MPI_Finalize();
    return 0;
}
