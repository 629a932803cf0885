/*
 * The C peer of `bin/jpio bench coll --nonblocking`: does MPI_File_iwrite_all progress while the
 * processes compute? The coll_perf pattern (a 3-D int array, BLOCK in every dimension over the
 * MPI_Dims_create grid, C order, each element its global linear index) is written once with
 * MPI_File_write_all (the blocking time B, barrier to barrier, the slowest process), then again into a
 * new file with MPI_File_iwrite_all, after which every process computes for B (a floating-point loop
 * over a small array, no MPI call: an implementation that progresses only inside MPI calls gets none)
 * and then waits with MPI_Wait. The file is read back and checked. Rank 0 prints one JSON line:
 *   {"peer":"mpi-io","np":N,"bytes":B,"blocking_s":..,"start_s":..,"compute_s":..,"wait_s":..,"errors":E}
 * start_s (the MPI_File_iwrite_all call itself: an implementation may do the write there), compute_s and
 * wait_s are the slowest process's.
 * Usage: mpirun -np N mpi_coll_overlap X Y Z FILE [key=value hint ...]
 * Which MPI-IO implementation runs is Open MPI's choice: `--mca io romio321` selects ROMIO.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bench.h"

/* Computes until `seconds` have passed: chunks of a multiply-add sweep over `work`; returns the sweeps. */
static long compute(double seconds, double *work, int n) {
    double t0 = now();
    long sweeps = 0;
    do {
        for (int k = 0; k < 16; k++, sweeps++)
            for (int i = 0; i < n; i++) work[i] = work[i] * 0.999999 + 1e-6;
    } while (now() - t0 < seconds);
    return sweeps;
}

static double slowest(double mine) {
    double all;
    MPI_Allreduce(&mine, &all, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return all;
}

int main(int argc, char **argv) {
    int provided, rank, np;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SINGLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (argc < 5) {
        if (rank == 0) fprintf(stderr, "usage: mpi_coll_overlap X Y Z FILE [key=value ...]\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int gsizes[3] = {atoi(argv[1]), atoi(argv[2]), atoi(argv[3])};
    const char *path = argv[4];
    MPI_Info info;
    MPI_Info_create(&info);
    for (int i = 5; i < argc; i++) {
        char *eq = strchr(argv[i], '=');
        if (eq == NULL) {
            if (rank == 0) fprintf(stderr, "mpi_coll_overlap: argument %s is not key=value\n", argv[i]);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
        *eq = '\0';
        MPI_Info_set(info, argv[i], eq + 1);
    }
    int dims[3] = {0, 0, 0};
    MPI_Dims_create(np, 3, dims);
    int distribs[3] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_BLOCK};
    int dargs[3] = {MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG};
    MPI_Datatype ftype;
    MPI_Type_create_darray(np, rank, 3, gsizes, distribs, dargs, dims, MPI_ORDER_C, MPI_INT, &ftype);
    MPI_Type_commit(&ftype);
    int tsize;
    MPI_Type_size(ftype, &tsize);
    int n = tsize / 4;
    /* the elements in type order are the global indices the type covers, ascending for a C-order darray */
    int coords[3], lo[3], ls[3];
    int r = rank;
    for (int d = 2; d >= 0; d--) { coords[d] = r % dims[d]; r /= dims[d]; }
    for (int d = 0; d < 3; d++) {
        int b = (gsizes[d] + dims[d] - 1) / dims[d];
        lo[d] = coords[d] * b;
        int hi = lo[d] + b < gsizes[d] ? lo[d] + b : gsizes[d];
        ls[d] = hi > lo[d] ? hi - lo[d] : 0;
    }
    int *buf = malloc(n > 0 ? (size_t) n * 4 : 4), *back = malloc(n > 0 ? (size_t) n * 4 : 4);
    long k = 0;
    for (int i = 0; i < ls[0]; i++)
        for (int j = 0; j < ls[1]; j++)
            for (int l = 0; l < ls[2]; l++)
                buf[k++] = (int) (((long) (lo[0] + i) * gsizes[1] + (lo[1] + j)) * gsizes[2] + (lo[2] + l));
    int nwork = 4096;
    double *work = malloc(nwork * sizeof(double));
    for (int i = 0; i < nwork; i++) work[i] = i;

    MPI_File fh;
    if (rank == 0) MPI_File_delete(path, MPI_INFO_NULL);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, info, &fh);
    MPI_File_set_view(fh, 0, MPI_INT, ftype, "native", info);
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    MPI_File_write_all(fh, buf, n, MPI_INT, MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
    double blocking = MPI_Wtime() - t0;
    MPI_File_close(&fh);
    MPI_Bcast(&blocking, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD); /* every process computes for the same time */

    if (rank == 0) MPI_File_delete(path, MPI_INFO_NULL);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, info, &fh);
    MPI_File_set_view(fh, 0, MPI_INT, ftype, "native", info);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Request req;
    double s0 = now();
    MPI_File_iwrite_all(fh, buf, n, MPI_INT, &req);
    double c0 = now();
    long sweeps = compute(blocking, work, nwork);
    double c1 = now();
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    double waited = now() - c1;
    double start_s = slowest(c0 - s0), compute_s = slowest(c1 - c0), wait_s = slowest(waited);

    MPI_File_seek(fh, 0, MPI_SEEK_SET);
    MPI_File_read_all(fh, back, n, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    long long errors = 0, all_errors = 0;
    for (int i = 0; i < n; i++) errors += back[i] != buf[i];
    MPI_Reduce(&errors, &all_errors, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    double sink = 0;
    for (int i = 0; i < nwork; i++) sink += work[i];
    if (rank == 0)
        printf("{\"peer\":\"mpi-io\",\"np\":%d,\"bytes\":%.0f,\"blocking_s\":%.6f,\"start_s\":%.6f,\"compute_s\":%.6f,\"wait_s\":%.6f,\"sweeps\":%ld,"
               "\"errors\":%lld,\"sink\":%.3f}\n",
               np, (double) gsizes[0] * gsizes[1] * gsizes[2] * 4, blocking, start_s, compute_s, wait_s, sweeps, all_errors, sink);
    free(buf);
    free(back);
    free(work);
    MPI_Type_free(&ftype);
    MPI_Info_free(&info);
    MPI_Finalize();
    return all_errors != 0 && rank == 0;
}
