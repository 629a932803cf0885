/*
 * What the machine gives the coll_perf pattern without any middleware: each process pwrites its own
 * pieces of the 3-D BLOCK darray (C order, MPI_Dims_create grid) straight from its buffer, then preads
 * them back, barrier-timed as coll_perf; every element holds its global linear index and the read is
 * checked. The file is deleted before every round (a new file, as bench coll's default mode) unless
 * "overwrite" is given, which writes it once untimed first (coll_perf's overwrite). "reserve": each
 * process first posix_fallocates its own extent, inside the timed write, as jpio's jpio_preallocate does.
 * "sync": fdatasync inside the timed write (durable). "double": 8-byte elements instead of int.
 * "pause=MS": sleep MS milliseconds between the deletion of the last round's file and the timed write
 * (a new file's page cache then comes from memory freed that long before: BENCHMARKS.md, bench coll
 * --pattern, on what that costs in a VM that reports free memory to its host).
 * Prints the medians of the rounds from rank 0:
 *   {"np":N,"dims":[X,Y,Z],"type":"int","reserve":0,"overwrite":0,"sync":0,"pause_ms":P,"bytes":B,"write_mibs":W,"read_mibs":R,"errors":E}
 * Usage: mpirun -np N mpi_pieces X Y Z FILE ROUNDS [reserve] [overwrite] [sync] [double] [pause=MS]
 */
#include <mpi.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int cmp(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

static void fail(const char *what, const char *path, long off) {
    fprintf(stderr, "mpi_pieces: %s failed: path=%s offset=%ld errno=%d (%s)\n", what, path, off, errno, strerror(errno));
    MPI_Abort(MPI_COMM_WORLD, 1);
}

static long g[3], lo[3], len[3];
static int esize, is_double;

/* Calls f on every contiguous piece of this process's block: whole rows are contiguous in the file. */
static void pieces(int fd, char *buf, int writing, const char *path) {
    long rows = len[2] == g[2] ? len[1] : 1, piece = rows * len[2] * esize;
    char *p = buf;
    for (long i = 0; i < len[0]; i++)
        for (long j = 0; j < len[1]; j += rows, p += piece) {
            long off = (((lo[0] + i) * g[1] + lo[1] + j) * g[2] + lo[2]) * esize;
            ssize_t n = writing ? pwrite(fd, p, piece, off) : pread(fd, p, piece, off);
            if (n != piece) fail(writing ? "pwrite" : "pread", path, off);
        }
}

/* Fills (check 0) or counts wrong elements of (check 1) the block: element = its global linear index. */
static long long values(char *buf, int check) {
    long long k = 0, bad = 0;
    for (long i = 0; i < len[0]; i++)
        for (long j = 0; j < len[1]; j++)
            for (long l = 0; l < len[2]; l++, k++) {
                long long v = ((lo[0] + i) * g[1] + lo[1] + j) * g[2] + lo[2] + l;
                if (is_double) {
                    if (check) bad += ((double *) buf)[k] != (double) v; else ((double *) buf)[k] = (double) v;
                } else {
                    if (check) bad += ((int *) buf)[k] != (int) v; else ((int *) buf)[k] = (int) v;
                }
            }
    return bad;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, np;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (argc < 6) {
        if (rank == 0) fprintf(stderr, "usage: mpi_pieces X Y Z FILE ROUNDS [reserve] [overwrite] [sync] [double] [pause=MS]\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    g[0] = atol(argv[1]), g[1] = atol(argv[2]), g[2] = atol(argv[3]);
    const char *path = argv[4];
    int rounds = atoi(argv[5]), reserve = 0, overwrite = 0, sync = 0, pause_ms = 0;
    for (int i = 6; i < argc; i++) {
        if (strcmp(argv[i], "reserve") == 0) reserve = 1;
        else if (strcmp(argv[i], "overwrite") == 0) overwrite = 1;
        else if (strcmp(argv[i], "sync") == 0) sync = 1;
        else if (strcmp(argv[i], "double") == 0) is_double = 1;
        else if (strncmp(argv[i], "pause=", 6) == 0 && atoi(argv[i] + 6) >= 0) pause_ms = atoi(argv[i] + 6);
        else {
            if (rank == 0) fprintf(stderr, "mpi_pieces: unknown flag %s\n", argv[i]);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
    }
    esize = is_double ? 8 : 4;
    int dims[3] = {0, 0, 0}, coords[3];
    MPI_Dims_create(np, 3, dims);
    for (int d = 2, rest = rank; d >= 0; d--) { coords[d] = rest % dims[d]; rest /= dims[d]; }
    for (int d = 0; d < 3; d++) {
        long b = (g[d] + dims[d] - 1) / dims[d];
        lo[d] = coords[d] * b < g[d] ? coords[d] * b : g[d];
        len[d] = (lo[d] + b < g[d] ? lo[d] + b : g[d]) - lo[d];
    }
    long bytes = len[0] * len[1] * len[2] * esize;
    char *buf = malloc(bytes > 0 ? bytes : 1);
    long first = ((lo[0] * g[1] + lo[1]) * g[2] + lo[2]) * esize;
    long last = bytes == 0 ? first : (((lo[0] + len[0] - 1) * g[1] + lo[1] + len[1] - 1) * g[2] + lo[2]) * esize + len[2] * esize;
    double *tw = malloc(rounds * sizeof(double)), *tr = malloc(rounds * sizeof(double));
    long long errors = 0;
    for (int r = overwrite ? -1 : 0; r < rounds; r++) { /* round -1: the untimed first write of an overwrite */
        values(buf, 0);
        if (rank == 0 && (!overwrite || r < 0)) unlink(path);
        if (pause_ms > 0) usleep(pause_ms * 1000L);
        MPI_Barrier(MPI_COMM_WORLD);
        int fd = open(path, O_CREAT | O_RDWR, 0644);
        if (fd < 0) fail("open", path, 0);
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        if (reserve && bytes > 0 && (errno = posix_fallocate(fd, first, last - first)) != 0) fail("posix_fallocate", path, first);
        pieces(fd, buf, 1, path);
        if (sync && fdatasync(fd) != 0) fail("fdatasync", path, 0);
        MPI_Barrier(MPI_COMM_WORLD);
        double w = MPI_Wtime() - t0;
        memset(buf, 0xff, bytes);
        MPI_Barrier(MPI_COMM_WORLD);
        t0 = MPI_Wtime();
        pieces(fd, buf, 0, path);
        MPI_Barrier(MPI_COMM_WORLD);
        double rd = MPI_Wtime() - t0;
        close(fd);
        errors += values(buf, 1);
        if (r >= 0) { tw[r] = w; tr[r] = rd; }
    }
    long long all = 0;
    MPI_Reduce(&errors, &all, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    qsort(tw, rounds, sizeof(double), cmp);
    qsort(tr, rounds, sizeof(double), cmp);
    double total = (double) g[0] * g[1] * g[2] * esize;
    if (rank == 0)
        printf("{\"np\":%d,\"dims\":[%ld,%ld,%ld],\"type\":\"%s\",\"reserve\":%d,\"overwrite\":%d,\"sync\":%d,\"pause_ms\":%d,\"bytes\":%.0f,"
               "\"write_mibs\":%.1f,\"read_mibs\":%.1f,\"errors\":%lld}\n", np, g[0], g[1], g[2], is_double ? "double" : "int",
               reserve, overwrite, sync, pause_ms, total, total / 1048576.0 / tw[rounds / 2], total / 1048576.0 / tr[rounds / 2], all);
    MPI_Finalize();
    return rank == 0 && all != 0;
}
