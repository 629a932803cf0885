/*
 * The C peer of `bin/jpio bench coll`: ROMIO's coll_perf pattern through plain MPI-IO.
 * A 3-D array distributed BLOCK in every dimension over the MPI_Dims_create grid, C order, each
 * element holding its global linear index, written with MPI_File_write_all through a darray view,
 * read back with MPI_File_read_all, verified. Prints one JSON line from rank 0:
 *   {"peer":"mpi-io","np":N,"dims":[X,Y,Z],"type":"int","bytes":B,"write_mibs":W,"read_mibs":R,"errors":E}
 * Usage: mpirun -np N mpi_coll_perf X Y Z int|double FILE [--overwrite] [--sync] [key=value hint ...]
 * Default: the file is deleted first, so the timed write creates it. --overwrite: an untimed write and
 * read first, then the timed write overwrites the file, as ROMIO's test/coll_perf.c times it.
 * --sync: MPI_File_sync inside the timed write (durable).
 * Which MPI-IO implementation runs is Open MPI's choice: `--mca io romio321` selects ROMIO.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double now(void) { return MPI_Wtime(); }

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, np;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (argc < 6) {
        if (rank == 0) fprintf(stderr, "usage: mpi_coll_perf X Y Z int|double FILE [key=value ...]\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int gsizes[3] = {atoi(argv[1]), atoi(argv[2]), atoi(argv[3])};
    int is_double = strcmp(argv[4], "double") == 0;
    const char *path = argv[5];
    MPI_Datatype etype = is_double ? MPI_DOUBLE : MPI_INT;
    int esize = is_double ? 8 : 4;

    MPI_Info info;
    MPI_Info_create(&info);
    int overwrite = 0, sync = 0;
    for (int i = 6; i < argc; i++) {
        if (strcmp(argv[i], "--overwrite") == 0) { overwrite = 1; continue; }
        if (strcmp(argv[i], "--sync") == 0) { sync = 1; continue; }
        char *eq = strchr(argv[i], '=');
        if (eq == NULL) {
            if (rank == 0) fprintf(stderr, "mpi_coll_perf: argument %s is neither --overwrite, --sync nor key=value\n", argv[i]);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
        *eq = '\0';
        MPI_Info_set(info, argv[i], eq + 1);
    }

    int dims[3] = {0, 0, 0}, periods[3] = {0, 0, 0}, coords[3];
    MPI_Dims_create(np, 3, dims);
    int distribs[3] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_BLOCK};
    int dargs[3] = {MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG};
    MPI_Datatype ftype;
    MPI_Type_create_darray(np, rank, 3, gsizes, distribs, dargs, dims, MPI_ORDER_C, etype, &ftype);
    MPI_Type_commit(&ftype);
    int tsize;
    MPI_Type_size(ftype, &tsize);
    long long n = tsize / esize;

    /* local block bounds: BLOCK with default darg is ceil(g/p) per process */
    MPI_Comm cart;
    MPI_Cart_create(MPI_COMM_WORLD, 3, dims, periods, 0, &cart);
    MPI_Cart_coords(cart, rank, 3, coords);
    int lo[3], ls[3];
    for (int d = 0; d < 3; d++) {
        int b = (gsizes[d] + dims[d] - 1) / dims[d];
        lo[d] = coords[d] * b;
        int hi = lo[d] + b < gsizes[d] ? lo[d] + b : gsizes[d];
        ls[d] = hi > lo[d] ? hi - lo[d] : 0;
    }
    void *buf = malloc(n * esize > 0 ? n * esize : 1);
    long long k = 0;
    for (int i = 0; i < ls[0]; i++)
        for (int j = 0; j < ls[1]; j++)
            for (int l = 0; l < ls[2]; l++, k++) {
                long long g = ((long long) (lo[0] + i) * gsizes[1] + (lo[1] + j)) * gsizes[2] + (lo[2] + l);
                if (is_double) ((double *) buf)[k] = (double) g;
                else ((int *) buf)[k] = (int) g;
            }

    MPI_File fh;
    if (rank == 0) MPI_File_delete(path, MPI_INFO_NULL);
    MPI_Barrier(MPI_COMM_WORLD);
    if (overwrite) { /* coll_perf's untimed first pass: the timed write then overwrites a file that exists */
        MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, info, &fh);
        MPI_File_set_view(fh, 0, etype, ftype, "native", info);
        MPI_File_write_all(fh, buf, (int) n, etype, MPI_STATUS_IGNORE);
        MPI_File_seek(fh, 0, MPI_SEEK_SET);
        MPI_File_read_all(fh, buf, (int) n, etype, MPI_STATUS_IGNORE);
        MPI_File_close(&fh);
    }
    MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, info, &fh);
    MPI_File_set_view(fh, 0, etype, ftype, "native", info);
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = now();
    MPI_File_write_all(fh, buf, (int) n, etype, MPI_STATUS_IGNORE);
    if (sync) MPI_File_sync(fh);
    MPI_Barrier(MPI_COMM_WORLD);
    double tw = now() - t0;
    MPI_File_close(&fh);

    memset(buf, 0xff, n * esize);
    MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDONLY, info, &fh);
    MPI_File_set_view(fh, 0, etype, ftype, "native", info);
    MPI_Barrier(MPI_COMM_WORLD);
    t0 = now();
    MPI_File_read_all(fh, buf, (int) n, etype, MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
    double tr = now() - t0;
    MPI_File_close(&fh);

    long long errors = 0;
    k = 0;
    for (int i = 0; i < ls[0]; i++)
        for (int j = 0; j < ls[1]; j++)
            for (int l = 0; l < ls[2]; l++, k++) {
                long long g = ((long long) (lo[0] + i) * gsizes[1] + (lo[1] + j)) * gsizes[2] + (lo[2] + l);
                if (is_double ? ((double *) buf)[k] != (double) g : ((int *) buf)[k] != (int) g) errors++;
            }
    long long all_errors = 0;
    MPI_Reduce(&errors, &all_errors, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        double bytes = (double) gsizes[0] * gsizes[1] * gsizes[2] * esize;
        printf("{\"peer\":\"mpi-io\",\"np\":%d,\"dims\":[%d,%d,%d],\"type\":\"%s\",\"mode\":\"%s\",\"sync\":%d,\"bytes\":%.0f,"
               "\"write_mibs\":%.1f,\"read_mibs\":%.1f,\"errors\":%lld}\n",
               np, gsizes[0], gsizes[1], gsizes[2], is_double ? "double" : "int", overwrite ? "overwrite" : "new", sync, bytes,
               bytes / 1048576.0 / tw, bytes / 1048576.0 / tr, all_errors);
    }
    free(buf);
    MPI_Type_free(&ftype);
    MPI_Info_free(&info);
    MPI_Comm_free(&cart);
    MPI_Finalize();
    return all_errors != 0 && rank == 0;
}
