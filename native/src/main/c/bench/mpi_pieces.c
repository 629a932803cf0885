/*
 * What the hardware gives the coll_perf write without any middleware: each process pwrites its own
 * pieces of the 3-D BLOCK darray (C order, MPI_Dims_create grid) straight from its buffer, barrier-timed
 * as coll_perf. The file is deleted before every round (a new file, as bench coll does) unless
 * "overwrite" is given; with "reserve", each process first posix_fallocates its own extent, as jpio's
 * jpio_preallocate does. Prints the median of the rounds from rank 0.
 * Usage: mpirun -np N mpi_pieces X Y Z FILE ROUNDS [reserve] [overwrite]
 */
#include <mpi.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int cmp(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, np;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (argc < 6) {
        if (rank == 0) fprintf(stderr, "usage: mpi_pieces X Y Z FILE ROUNDS [reserve] [overwrite]\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    long g[3] = {atol(argv[1]), atol(argv[2]), atol(argv[3])};
    const char *path = argv[4];
    int rounds = atoi(argv[5]), reserve = 0, overwrite = 0;
    for (int i = 6; i < argc; i++) {
        if (strcmp(argv[i], "reserve") == 0) reserve = 1;
        if (strcmp(argv[i], "overwrite") == 0) overwrite = 1;
    }
    int dims[3] = {0, 0, 0}, coords[3];
    MPI_Dims_create(np, 3, dims);
    for (int d = 2, rest = rank; d >= 0; d--) { coords[d] = rest % dims[d]; rest /= dims[d]; }
    long lo[3], len[3];
    for (int d = 0; d < 3; d++) {
        long b = (g[d] + dims[d] - 1) / dims[d];
        lo[d] = coords[d] * b < g[d] ? coords[d] * b : g[d];
        len[d] = (lo[d] + b < g[d] ? lo[d] + b : g[d]) - lo[d];
    }
    /* rows of the block along the last dimension are the pieces */
    long row = len[2] * 4, bytes = len[0] * len[1] * row;
    char *buf = malloc(bytes > 0 ? bytes : 1);
    memset(buf, 7, bytes);
    long first = ((lo[0] * g[1] + lo[1]) * g[2] + lo[2]) * 4;
    long last = (((lo[0] + len[0] - 1) * g[1] + lo[1] + len[1] - 1) * g[2] + lo[2]) * 4 + row;
    double *t = malloc(rounds * sizeof(double));
    for (int r = 0; r < rounds; r++) {
        if (rank == 0 && !overwrite) unlink(path);
        MPI_Barrier(MPI_COMM_WORLD);
        int fd = open(path, O_CREAT | O_WRONLY, 0644);
        if (fd < 0) { perror(path); MPI_Abort(MPI_COMM_WORLD, 1); }
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        if (reserve && bytes > 0) posix_fallocate(fd, first, last - first);
        char *p = buf;
        long rows = len[2] == g[2] ? len[1] : 1, piece = rows * row; /* whole rows are contiguous in the file */
        for (long i = 0; i < len[0]; i++)
            for (long j = 0; j < len[1]; j += rows, p += piece) {
                long off = (((lo[0] + i) * g[1] + lo[1] + j) * g[2] + lo[2]) * 4;
                if (pwrite(fd, p, piece, off) != piece) { perror("pwrite"); MPI_Abort(MPI_COMM_WORLD, 1); }
            }
        MPI_Barrier(MPI_COMM_WORLD);
        t[r] = MPI_Wtime() - t0;
        close(fd);
    }
    qsort(t, rounds, sizeof(double), cmp);
    if (rank == 0)
        printf("{\"np\":%d,\"dims\":[%ld,%ld,%ld],\"reserve\":%d,\"overwrite\":%d,\"write_mibs\":%.1f}\n", np, g[0], g[1], g[2],
               reserve, overwrite, g[0] * g[1] * g[2] * 4 / 1048576.0 / t[rounds / 2]);
    MPI_Finalize();
    return 0;
}
